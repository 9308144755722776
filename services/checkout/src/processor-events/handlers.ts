import { randomUUID } from 'node:crypto';
import {
  accountFromEvent,
  type ChargeSummary,
  chargeFromEvent,
  type DisputeSummary,
  disputeFromEvent,
  type Hold,
  holdFromEvent,
  type Logger,
  PRINCIPAL_HEADER,
  PROCESSOR_EVENT_TYPES,
  type ProcessorAccount,
  type ProcessorEvent,
  type ProcessorMode,
  REQUEST_ID_HEADER,
  signPrincipal,
} from '@groupsplit/shared';
import type { CheckoutDeps } from '../deps';

/** What every handler is given: the verified event, its mode, and the checkout service's deps. */
export type ProcessorEventContext = {
  mode: ProcessorMode;
  event: ProcessorEvent;
  deps: CheckoutDeps;
  log: Logger;
  requestId: string;
};

/**
 * The hook points processor events are dispatched to. Each is called at most once per event id
 * once it has succeeded (the event is recorded in processor_events before and marked processed
 * after); a handler that throws makes the endpoint answer 500 so the processor redelivers, so
 * handlers must be idempotent. Events can arrive out of order: re-read state rather than trust
 * the payload where order matters.
 *
 * Plug in by passing overrides to processorWebhookRoutes(deps, { onHoldAuthorised: ... }).
 */
export type ProcessorEventHandlers = {
  /** account.updated: onboarding state changed. Default: merchants re-reads the account (see docs/processor.md). */
  onAccountUpdated(ctx: ProcessorEventContext, account: ProcessorAccount): Promise<void>;
  /** payment_intent.amount_capturable_updated: a participant's hold is authorised. Wired by the split lifecycle. */
  onHoldAuthorised(ctx: ProcessorEventContext, hold: Hold): Promise<void>;
  /** payment_intent.succeeded: captured (by us, or by the merchant in the processor dashboard). */
  onPaymentCaptured(ctx: ProcessorEventContext, hold: Hold): Promise<void>;
  /** payment_intent.canceled: a hold was released (by us, the merchant, or expiry). */
  onHoldCanceled(ctx: ProcessorEventContext, hold: Hold): Promise<void>;
  /** payment_intent.payment_failed: a card was declined at confirm. */
  onPaymentFailed(ctx: ProcessorEventContext, hold: Hold): Promise<void>;
  /** charge.refunded: any refund, ours or one made in the processor dashboard. Wired by refunds. */
  onChargeRefunded(ctx: ProcessorEventContext, charge: ChargeSummary): Promise<void>;
  /** charge.dispute.created: a chargeback landed. Wired by refunds/disputes. */
  onDisputeCreated(ctx: ProcessorEventContext, dispute: DisputeSummary): Promise<void>;
  /** Any other event type: recorded only. */
  onOther(ctx: ProcessorEventContext): Promise<void>;
};

const recordOnly = async () => undefined;

export const INTERNAL_ACCOUNT_SYNC_PATH = '/internal/processor/accounts/sync';

/**
 * Asks the merchants service (which owns the merchants table) to re-read the account from the
 * processor and apply it. Internal path, never routed by the gateway; the call carries a
 * principal signed with the internal secret like every service-to-service call.
 */
export async function forwardAccountUpdate(ctx: ProcessorEventContext, account: ProcessorAccount): Promise<void> {
  const { config } = ctx.deps;
  const principal = signPrincipal(
    { kind: 'anonymous', ip: 'internal:checkout', requestId: ctx.requestId },
    config.INTERNAL_SIGNING_SECRET,
    { service: 'merchants', method: 'POST', url: INTERNAL_ACCOUNT_SYNC_PATH },
  );
  const response = await fetch(new URL(INTERNAL_ACCOUNT_SYNC_PATH, config.MERCHANTS_URL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PRINCIPAL_HEADER]: principal,
      [REQUEST_ID_HEADER]: ctx.requestId,
    },
    body: JSON.stringify({ mode: ctx.mode, account_id: account.id, event_id: ctx.event.id }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) {
    throw new Error(`merchants account sync answered ${response.status}: ${await response.text()}`);
  }
}

/** Defaults: account updates are forwarded to merchants; everything else is recorded only. */
export function defaultProcessorEventHandlers(): ProcessorEventHandlers {
  return {
    onAccountUpdated: forwardAccountUpdate,
    onHoldAuthorised: recordOnly,
    onPaymentCaptured: recordOnly,
    onHoldCanceled: recordOnly,
    onPaymentFailed: recordOnly,
    onChargeRefunded: recordOnly,
    onDisputeCreated: recordOnly,
    onOther: recordOnly,
  };
}

/** The PaymentIntent events, each about one participant's hold, by the handler that takes the hold. */
const HOLD_HANDLERS = new Map<string, 'onHoldAuthorised' | 'onPaymentCaptured' | 'onHoldCanceled' | 'onPaymentFailed'>([
  [PROCESSOR_EVENT_TYPES.holdAuthorised, 'onHoldAuthorised'],
  [PROCESSOR_EVENT_TYPES.paymentSucceeded, 'onPaymentCaptured'],
  [PROCESSOR_EVENT_TYPES.paymentCanceled, 'onHoldCanceled'],
  [PROCESSOR_EVENT_TYPES.paymentFailed, 'onPaymentFailed'],
]);

/** Routes one verified event to its handler. */
export async function dispatchProcessorEvent(handlers: ProcessorEventHandlers, ctx: ProcessorEventContext) {
  const { event } = ctx;
  const onHold = HOLD_HANDLERS.get(event.type);
  if (onHold) return handlers[onHold](ctx, holdFromEvent(event));
  switch (event.type) {
    case PROCESSOR_EVENT_TYPES.accountUpdated:
      return handlers.onAccountUpdated(ctx, accountFromEvent(event));
    case PROCESSOR_EVENT_TYPES.chargeRefunded:
      return handlers.onChargeRefunded(ctx, chargeFromEvent(event));
    case PROCESSOR_EVENT_TYPES.disputeCreated:
      return handlers.onDisputeCreated(ctx, disputeFromEvent(event));
    default:
      return handlers.onOther(ctx);
  }
}

export const newRequestId = () => randomUUID();
