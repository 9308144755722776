import { badRequest, formatPounds, MoneyFormatError, poundsToPence } from '@groupsplit/shared';
import { CHOOSE_MESSAGES, type ChooseSplitBody } from './schema';

export const MIN_SHARE_PENCE = 100;

/**
 * Who pays what, in pence, from the buyer's choice. Alone and one payer are one share of the
 * whole order (no service fee: a single payer pays the total and nothing more).
 */
export function sharesFor(body: ChooseSplitBody, buyerEmail: string, totalPence: number) {
  if (body.mode === 'alone') return [{ email: buyerEmail, amountMinor: totalPence }];
  if (body.mode === 'one_payer') return [{ email: body.payer_email, amountMinor: totalPence }];

  const shares = body.participants.map((p) => {
    try {
      return { email: p.email, amountMinor: poundsToPence(p.amount) };
    } catch (error) {
      if (error instanceof MoneyFormatError) throw badRequest(CHOOSE_MESSAGES.person, 'validation_failed');
      throw error;
    }
  });
  if (shares.some((s) => s.amountMinor < MIN_SHARE_PENCE)) throw badRequest(CHOOSE_MESSAGES.minShare);
  const emails = new Set(shares.map((s) => s.email.toLowerCase()));
  if (emails.size !== shares.length) throw badRequest(CHOOSE_MESSAGES.duplicate, 'validation_failed');
  const sum = shares.reduce((total, s) => total + s.amountMinor, 0);
  if (sum !== totalPence) {
    throw badRequest(
      `Shares must add up to the order total of £${formatPounds(totalPence)}; they add up to £${formatPounds(sum)}.`,
      'shares_mismatch',
    );
  }
  return shares;
}

/** The page's "split equally" helper, server-side twin: spare pence go on the first shares. */
export function equalShares(totalPence: number, count: number): number[] {
  const base = Math.floor(totalPence / count);
  const spare = totalPence - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < spare ? 1 : 0));
}
