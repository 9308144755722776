import { formatPounds, type SplitParticipantRow as ParticipantRow, type SplitRow } from '@groupsplit/shared';
import { feeAndNetFields } from '../../splits/net-amount';
import { awaitingMerchantField } from '../../splits/split-detail';
import { encodeCursor } from './cursor';

/*
 * The spec's split list and create answers, field by field: lists use two-place strings
 * (formatPounds). The detail record is `splits/split-detail.ts`.
 */

/** Who set an order up, as the business's list shows them (docs/dashboard.md, "Orders"). */
export type Organiser = { name: string | null; email: string | null };

const sameAddress = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The organiser of a split: the login that created it (the buyer of a hosted checkout, or the team
 * member who made it in the dashboard), by their sign-in address, else the session's customer_email;
 * named by the name they typed for themself on the hosted page, else their own share's name, else the
 * session's customer_name. Null when nothing names anyone.
 */
export function organiserOf(
  split: Pick<SplitRow, 'created_by' | 'session_context'>,
  participants: Pick<ParticipantRow, 'email' | 'name'>[],
  creatorEmails: Map<string, string>,
): Organiser | null {
  const context = split.session_context;
  const email = (split.created_by ? creatorEmails.get(split.created_by) : undefined) ?? context?.customer_email ?? null;
  const ownShare = participants.find((p) => sameAddress(p.email, email));
  const name = context?.organiser_name?.trim() || ownShare?.name || context?.customer_name?.trim() || null;
  return email === null && name === null ? null : { name, email };
}

/**
 * List summary; `payTokenFor` hides other people's tokens on /mine. `organiser` is given on the
 * business's own list only (never on /mine): the field is left out when it is undefined.
 */
export function presentSplitSummary(
  split: SplitRow,
  participants: ParticipantRow[],
  payTokenFor: (p: ParticipantRow) => string | null = (p) => p.pay_token,
  organiser?: Organiser | null,
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
    // As on the detail: only a merchant_accept order has it (docs/splits.md, "Merchant accept").
    ...awaitingMerchantField(split),
    // Beyond the spec's fields (docs/splits.md, "Fee and net amount").
    ...feeAndNetFields(split, participants),
    ...(organiser === undefined ? {} : { organiser }),
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

/**
 * One page of the list (docs/splits.md, "Listing"). `next_cursor` is set exactly when older splits lie
 * past the page, `previous_cursor` exactly when newer ones lie before it: walking forward, the page
 * after a cursor has the cursor's own split before it; walking back (`ending_before`), the page came
 * from an older one.
 */
export function presentSplitPage(
  page: { rows: (SplitRow & { position_at: string })[]; hasMore: boolean },
  participants: Map<string, ParticipantRow[]>,
  walk: { backwards: boolean; fromCursor: boolean },
  creatorEmails: Map<string, string> = new Map(),
) {
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  const cursorOf = (row: (typeof page.rows)[number] | undefined) =>
    row ? encodeCursor({ createdAt: row.position_at, id: row.id }) : null;
  const olderExist = walk.backwards ? page.rows.length > 0 : page.hasMore;
  const newerExist = walk.backwards ? page.hasMore : walk.fromCursor && page.rows.length > 0;
  return {
    data: page.rows.map((split) => {
      const shares = participants.get(split.id) ?? [];
      return presentSplitSummary(split, shares, undefined, organiserOf(split, shares, creatorEmails));
    }),
    has_more: page.hasMore,
    next_cursor: olderExist ? cursorOf(last) : null,
    previous_cursor: newerExist ? cursorOf(first) : null,
  };
}
