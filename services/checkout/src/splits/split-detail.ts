import {
  awaitingMerchant,
  cardLabel,
  type Db,
  decimalPounds,
  holdsExpireAt,
  MembershipsRepository,
  type SplitParticipantRow as ParticipantRow,
  type SplitRow,
  type SplitSeatRow,
  SplitsRepository,
} from '@groupsplit/shared';
import { netAmountField } from './net-amount';
import { presentRefund, type RefundHistorySource } from './refund-history';

/*
 * The spec's split detail resource, field by field (SplitDetailSchema). Detail amounts are
 * "stored decimals without two-place formatting" (decimalPounds: "12.5").
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** `awaiting_merchant`, only on a split that uses the merchant accept step (docs/splits.md, "Merchant accept"). */
export function awaitingMerchantField(split: Pick<SplitRow, 'awaiting_merchant' | 'status'>) {
  const awaiting = awaitingMerchant(split);
  return awaiting === undefined ? {} : { awaiting_merchant: awaiting };
}

export function presentParticipantDetail(p: ParticipantRow) {
  return {
    id: p.id,
    user_id: p.user_id,
    email: p.email,
    amount: decimalPounds(p.amount),
    application_fee: decimalPounds(p.customer_fee),
    status: p.status,
    processor_payment_intent_id: p.processor_payment_intent_id,
    pay_token: p.pay_token,
    disputed_at: iso(p.disputed_at),
    // Beyond the spec's fields (docs/splits.md, "Holds that lapse sooner"): when the processor stops letting
    // this share's held charge be captured; null until a hold is placed.
    capture_before: iso(p.capture_before),
    // Only on a covered share (docs/splits.md, "Covering a share"); other participants are unchanged.
    ...(p.covered_at
      ? { covered: { email: p.covered_email, name: p.covered_name, at: p.covered_at.toISOString() } }
      : {}),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    // Beyond the spec's fields, only where one was given (docs/splits.md, "Names"): other records are unchanged.
    ...(p.name ? { name: p.name } : {}),
    // Beyond the spec's fields, only once a hold named its card (docs/dashboard.md, "The card"): others unchanged.
    ...(p.card_last4
      ? {
          card: {
            brand: p.card_brand ?? 'unknown',
            last4: p.card_last4,
            wallet: p.card_wallet,
            label: cardLabel({ brand: p.card_brand, last4: p.card_last4, wallet: p.card_wallet }) ?? '',
          },
        }
      : {}),
  };
}

/**
 * The detail record. `refunds` (not in the spec's field list) is the refund history the status
 * endpoint shows as `split.refunds`, so a dashboard user can see who refunded what and why.
 */
export function presentSplitDetail(
  split: SplitRow,
  participants: ParticipantRow[],
  refunds: RefundHistorySource[],
  seats: SplitSeatRow[] = [],
) {
  return {
    id: split.id,
    merchant_id: split.merchant_id,
    created_by: split.created_by,
    order_reference: split.order_reference,
    currency: split.currency,
    total_amount: decimalPounds(split.total_amount),
    application_fee_total: decimalPounds(split.application_fee_total),
    customer_fee_total: decimalPounds(split.customer_fee_total),
    merchant_fee_total: decimalPounds(split.merchant_fee_total),
    // The spec names these beside the totals without placing them: per-split amounts, equal to the totals.
    customer_fee: decimalPounds(split.customer_fee_total),
    merchant_fee: decimalPounds(split.merchant_fee_total),
    merchant_fee_bps: split.merchant_fee_bps,
    // Beyond the spec's fields (docs/splits.md, "Fee and net amount").
    ...netAmountField(split, participants),
    status: split.status,
    processor_account_id: split.processor_account_id,
    authorization_expires_at: split.authorization_expires_at.toISOString(),
    // Beyond the spec's fields (docs/splits.md, "Holds that lapse sooner"): the first held share's capture_before.
    holds_expire_at: iso(holdsExpireAt(participants)),
    disputed_at: iso(split.disputed_at),
    created_at: split.created_at.toISOString(),
    updated_at: split.updated_at.toISOString(),
    participants: participants.map(presentParticipantDetail),
    refunds: refunds.map(presentRefund),
    ...awaitingMerchantField(split),
    // Only a split made with open seats lists them (docs/splits.md, "Open seats"); other records are unchanged.
    ...(split.group_token
      ? {
          open_seats: seats
            .filter((seat) => seat.participant_id === null)
            .map((seat) => ({ id: seat.id, amount: decimalPounds(seat.amount) })),
        }
      : {}),
  };
}

/** `GET /api/checkout-splits/:id`'s record, also what the replace route answers with. */
/**
 * The detail record as `viewer` may see it: the merchant's team sees every share's pay token and
 * PaymentIntent; the hosted-checkout buyer (the creator, with no role in the business) only their own, as on
 * `…/mine`. Every route that answers the detail to a signed-in person goes through here.
 */
export async function splitDetailFor(db: Db, split: SplitRow, viewer: OwnSharesOf) {
  const buyer =
    split.session_token !== null && !(await new MembershipsRepository(db).roleOf(split.merchant_id, viewer.userId));
  return splitDetail(new SplitsRepository(db), split, buyer ? viewer : undefined);
}

export async function splitDetail(splits: SplitsRepository, split: SplitRow, onlyOwnSecrets?: OwnSharesOf) {
  const [participants, refunds, seats] = await Promise.all([
    splits.participantsOf(split.id),
    splits.refundHistory(split.id),
    split.group_token ? splits.seatsOf(split.id) : [],
  ]);
  const detail = presentSplitDetail(split, participants, refunds, seats);
  if (!onlyOwnSecrets) return detail;
  const email = onlyOwnSecrets.email.trim().toLowerCase();
  const own = new Set(
    participants
      .filter((p) => p.user_id === onlyOwnSecrets.userId || p.email.trim().toLowerCase() === email)
      .map((p) => p.id),
  );
  return {
    ...detail,
    // A friend's card is theirs alone: the buyer reads only their own shares' cards.
    participants: detail.participants.map(({ card, ...p }) =>
      own.has(p.id)
        ? { ...p, ...(card ? { card } : {}) }
        : { ...p, pay_token: null, processor_payment_intent_id: null },
    ),
  };
}

/**
 * The signed-in person whose own shares alone keep their pay token and PaymentIntent id in the
 * detail record: the hosted-checkout buyer, who is no one in the business (docs/security.md,
 * "The buyer's split detail"). Other participants' tokens would let them pay, or pause, a friend's
 * share; `GET /api/checkout-splits/mine` hides them the same way.
 */
export type OwnSharesOf = { userId: string; email: string };
