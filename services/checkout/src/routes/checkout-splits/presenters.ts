import { type Database, formatPounds } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

type SplitRow = Selectable<Database['splits']>;
type ParticipantRow = Selectable<Database['split_participants']>;

/**
 * Detail amounts are "stored decimals without two-place formatting": a decimal string in
 * pounds with trailing zeros dropped (1250 → "12.5", 1200 → "12", 20 → "0.2"). Exact, and
 * parses as a decimal. Lists, webhooks and the pay lookup use two-place strings instead.
 */
export function decimalPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

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

export function presentSplitDetail(split: SplitRow, participants: ParticipantRow[]) {
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

export function presentCreatedSplit(split: { id: string }, participants: ParticipantRow[]) {
  return {
    id: split.id,
    status: 'pending' as const,
    participants: participants.map((p) => ({
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
