import {
  decimalPounds,
  formatPounds,
  type SplitParticipantRow as ParticipantRow,
  type SplitRow,
} from '@groupsplit/shared';
import { presentRefund, type RefundHistorySource } from '../checkout-sessions/presenters';

/*
 * The spec's split resources, field by field. Detail amounts are "stored decimals without
 * two-place formatting" (decimalPounds: "12.5"); lists use two-place strings (formatPounds).
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

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
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/**
 * The detail record. `refunds` (not in the spec's field list) is the refund history the status
 * endpoint shows as `split.refunds`, so a dashboard user can see who refunded what and why.
 */
export function presentSplitDetail(split: SplitRow, participants: ParticipantRow[], refunds: RefundHistorySource[]) {
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
    status: split.status,
    processor_account_id: split.processor_account_id,
    authorization_expires_at: split.authorization_expires_at.toISOString(),
    disputed_at: iso(split.disputed_at),
    created_at: split.created_at.toISOString(),
    updated_at: split.updated_at.toISOString(),
    participants: participants.map(presentParticipantDetail),
    refunds: refunds.map(presentRefund),
  };
}

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
