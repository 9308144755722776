import { formatPounds, type SplitParticipantRow as ParticipantRow, type SplitRow } from '@groupsplit/shared';

/*
 * The spec's split list and create answers, field by field: lists use two-place strings
 * (formatPounds). The detail record is `splits/split-detail.ts`.
 */

/** List summary; `payTokenFor` hides other people's tokens on /mine. */
export function presentSplitSummary(
  split: SplitRow,
  participants: ParticipantRow[],
  payTokenFor: (p: ParticipantRow) => string | null = (p) => p.pay_token,
) {
  return {
    id: split.id,
    order_reference: split.order_reference,
    currency: split.currency,
    status: split.status,
    total_amount: formatPounds(split.total_amount),
    created_at: split.created_at.toISOString(),
    participants: participants.map((p) => ({
      id: p.id,
      email: p.email,
      amount: formatPounds(p.amount),
      status: p.status,
      pay_token: payTokenFor(p),
    })),
  };
}

/** POST /api/checkout-splits: camelCase, amounts in pence. */
export function presentCreatedSplit(split: { id: string; participants: ParticipantRow[] }) {
  return {
    id: split.id,
    status: 'pending' as const,
    participants: split.participants.map((p) => ({
      id: p.id,
      email: p.email,
      amountMinor: p.amount,
      feeMinor: p.customer_fee,
      paymentIntentId: p.processor_payment_intent_id,
      clientSecret: p.processor_client_secret,
      payToken: p.pay_token,
    })),
  };
}
