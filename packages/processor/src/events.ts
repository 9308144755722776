import type Stripe from 'stripe';
import { toAccount, toHold } from './stripe-objects';
import type { Hold, ProcessorAccount, ProcessorEvent } from './types';

/** The processor event types groupsplit acts on. */
export const PROCESSOR_EVENT_TYPES = {
  accountUpdated: 'account.updated',
  holdAuthorised: 'payment_intent.amount_capturable_updated',
  paymentSucceeded: 'payment_intent.succeeded',
  paymentCanceled: 'payment_intent.canceled',
  paymentFailed: 'payment_intent.payment_failed',
  chargeRefunded: 'charge.refunded',
  disputeCreated: 'charge.dispute.created',
} as const;

export type ChargeSummary = {
  chargeId: string;
  paymentIntentId: string | null;
  accountId: string | null;
  amount: number;
  amountCaptured: number;
  amountRefunded: number;
  /** True once the whole charge is back. */
  refunded: boolean;
  applicationFeeAmount: number | null;
  currency: string;
  metadata: Record<string, string>;
};

export type DisputeSummary = {
  disputeId: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  accountId: string | null;
  amount: number;
  currency: string;
  reason: string | null;
  status: string | null;
  created: string;
};

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

export function accountFromEvent(event: ProcessorEvent): ProcessorAccount {
  return toAccount(event.object as unknown as Stripe.Account);
}

/** The PaymentIntent in a payment_intent.* event. `captureBefore` is null here (the charge is not expanded). */
export function holdFromEvent(event: ProcessorEvent): Hold {
  return toHold(event.object as unknown as Stripe.PaymentIntent, event.accountId);
}

export function chargeFromEvent(event: ProcessorEvent): ChargeSummary {
  const c = event.object as unknown as Stripe.Charge;
  return {
    chargeId: c.id,
    paymentIntentId: idOf(c.payment_intent),
    accountId: event.accountId,
    amount: c.amount,
    amountCaptured: c.amount_captured ?? 0,
    amountRefunded: c.amount_refunded ?? 0,
    refunded: c.refunded ?? false,
    applicationFeeAmount: c.application_fee_amount ?? null,
    currency: c.currency,
    metadata: { ...(c.metadata ?? {}) },
  };
}

export function disputeFromEvent(event: ProcessorEvent): DisputeSummary {
  const d = event.object as unknown as Stripe.Dispute;
  return {
    disputeId: d.id,
    chargeId: idOf(d.charge),
    paymentIntentId: idOf(d.payment_intent),
    accountId: event.accountId,
    amount: d.amount,
    currency: d.currency,
    reason: d.reason ?? null,
    status: d.status ?? null,
    created: new Date((d.created ?? 0) * 1000).toISOString(),
  };
}
