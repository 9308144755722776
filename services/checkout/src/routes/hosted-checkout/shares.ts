import { badRequest, formatPounds, MoneyFormatError, poundsToPence } from '@groupsplit/shared';
import { CHOOSE_MESSAGES, type ChooseSplitBody } from './schema';

export const MIN_SHARE_PENCE = 100;

/**
 * Who pays what, in pence, with the name given for each (docs/splits.md, "Names"), the open seats
 * (shares with no e-mail yet, docs/splits.md "Open seats"), and the buyer's own name: the entry with
 * their address in a split, `name` otherwise.
 */
export type Shares = {
  participants: { email: string; amountMinor: number; name: string | null }[];
  seats: { amountMinor: number }[];
  organiserName: string | null;
};

/**
 * Who pays what, in pence, from the buyer's choice. Alone and one payer are one share of the
 * whole order (no service fee: a single payer pays the total and nothing more). A split's entry
 * without an e-mail is an open seat; the rules count seats as shares (at least £1, sum exact).
 */
export function sharesFor(body: ChooseSplitBody, buyerEmail: string, totalPence: number): Shares {
  if (body.mode === 'alone') {
    const name = body.name ?? null;
    return { participants: [{ email: buyerEmail, amountMinor: totalPence, name }], seats: [], organiserName: name };
  }
  if (body.mode === 'one_payer') {
    const payer = { email: body.payer_email, amountMinor: totalPence, name: body.payer_name ?? null };
    return { participants: [payer], seats: [], organiserName: body.name ?? null };
  }

  const entries = body.participants.map((p) => {
    try {
      return { email: p.email, amountMinor: poundsToPence(p.amount), name: p.name ?? null };
    } catch (error) {
      if (error instanceof MoneyFormatError) throw badRequest(CHOOSE_MESSAGES.person, 'validation_failed');
      throw error;
    }
  });
  if (entries.some((s) => s.amountMinor < MIN_SHARE_PENCE)) throw badRequest(CHOOSE_MESSAGES.minShare);
  const participants = entries.flatMap((e) =>
    e.email === undefined ? [] : [{ email: e.email, amountMinor: e.amountMinor, name: e.name }],
  );
  if (participants.length === 0) throw badRequest(CHOOSE_MESSAGES.noEmail, 'validation_failed');
  const emails = new Set(participants.map((s) => s.email.toLowerCase()));
  if (emails.size !== participants.length) throw badRequest(CHOOSE_MESSAGES.duplicate, 'validation_failed');
  const sum = entries.reduce((total, s) => total + s.amountMinor, 0);
  if (sum !== totalPence) {
    throw badRequest(
      `Shares must add up to the order total of £${formatPounds(totalPence)}; they add up to £${formatPounds(sum)}.`,
      'shares_mismatch',
    );
  }
  const seats = entries.filter((e) => e.email === undefined).map((e) => ({ amountMinor: e.amountMinor }));
  const own = participants.find((p) => p.email.trim().toLowerCase() === buyerEmail.trim().toLowerCase());
  return { participants, seats, organiserName: own?.name ?? null };
}

/** The page's "split equally" helper, server-side twin: spare pence go on the first shares. */
export function equalShares(totalPence: number, count: number): number[] {
  const base = Math.floor(totalPence / count);
  const spare = totalPence - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < spare ? 1 : 0));
}
