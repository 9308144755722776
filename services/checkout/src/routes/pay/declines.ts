import { type AppError, paymentRequired } from '@groupsplit/shared';

/**
 * What a participant is told about a declined card on the pay step (docs/security.md, "Declines on the
 * pay step"): enough to act on and no more. Whoever holds a pay link can try cards on it, so the
 * processor's own decline code and message (`stolen_card`, `lost_card`, `fraudulent`, ...) would tell a
 * card tester which of their cards are flagged. Stripe's decline-code table says to show those as a
 * generic decline; only the reasons a payer can fix themselves are named. The raw code stays in our
 * records (the split's history and the log) and in the processor's dashboard.
 *
 * The spec's `POST /api/checkout-splits` is not this path: it keeps the processor's own message.
 */
export const GENERIC_DECLINE = {
  code: 'card_declined',
  message: 'Your bank declined this card. Try another card or contact your bank.',
} as const;

/** The decline codes a payer can act on, with what they are told (each also ends the same way as the generic reason). */
export const ACTIONABLE_DECLINES: Record<string, string> = {
  expired_card: 'This card has expired. Try another card.',
  incorrect_cvc: 'The security code (CVC) is not right. Check it and try again, or try another card.',
  insufficient_funds: 'Your bank declined this card for insufficient funds. Try another card or contact your bank.',
};

/** The processor's codes for one failure: its decline code when there is one, else its error code. */
export type RawDecline = { code: string | null; declineCode: string | null; message: string | null };

/** The code and message a participant may see for a raw decline. */
export function shownDecline(raw: RawDecline): { code: string; message: string } {
  const own = raw.declineCode ?? raw.code;
  if (own && Object.hasOwn(ACTIONABLE_DECLINES, own)) return { code: own, message: ACTIONABLE_DECLINES[own]! };
  return GENERIC_DECLINE;
}

/** The 402 a participant gets for a declined card. */
export function declinedCard(raw: RawDecline): AppError {
  const shown = shownDecline(raw);
  return paymentRequired(shown.message, shown.code);
}
