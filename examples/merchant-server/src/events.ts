import type { WebhookEvent } from '@groupsplit/client/node';
import { parsePounds } from './catalogue';
import type { OrderStatus, OrderStore } from './orders';

/** What the shop did with one delivery it verified. */
export type ReceivedEvent = {
  id: string;
  type: string;
  orderId: string | null;
  /** `applied`: the order moved; `noted`: recorded, no move (a late event, an authorisation, another order); `duplicate`: seen before. */
  outcome: 'applied' | 'noted' | 'duplicate';
  receivedAt: Date;
};

/**
 * Every verified delivery, and the event ids already processed. The service may deliver an event
 * more than once (retries, a resend from the dashboard), always with the same X-Service-Event-Id:
 * the second time it is acknowledged and nothing else happens.
 */
export class EventLog {
  private readonly processed = new Set<string>();
  readonly received: ReceivedEvent[] = [];

  seen(eventId: string) {
    return this.processed.has(eventId);
  }

  record(event: Omit<ReceivedEvent, 'receivedAt'>) {
    if (event.outcome !== 'duplicate') this.processed.add(event.id);
    this.received.push({ ...event, receivedAt: new Date() });
  }
}

/** The shop puts its order id in the session's metadata; every event about that order carries it back. */
const orderIdOf = (event: WebhookEvent) => event.metadata?.order_id ?? event.data.metadata?.order_id ?? null;

/** Moves the order the event is about; returns what happened. `event.type` narrows `event.data`. */
export function applyEvent(orders: OrderStore, event: WebhookEvent): Pick<ReceivedEvent, 'orderId' | 'outcome'> {
  const orderId = orderIdOf(event);
  const order = orderId ? orders.get(orderId) : undefined;
  if (!order) return { orderId, outcome: 'noted' };
  let status: OrderStatus | null = null;
  switch (event.type) {
    case 'checkout_split.participant_authorised':
      order.splitId ??= event.data.split_id;
      order.approvedCount = Math.max(order.approvedCount, event.data.approved_count);
      break;
    case 'checkout_split.authorised':
      // Accept before capture: everyone has authorised, and the order waits for the shop's decision.
      order.splitId ??= event.data.split_id;
      order.approvedCount = Math.max(order.approvedCount, event.data.approved_count);
      status = 'awaiting_acceptance';
      break;
    case 'checkout_split.paid':
      order.splitId ??= event.data.split_id;
      status = 'paid';
      break;
    case 'checkout_split.canceled':
    case 'checkout_session.expired':
      status = 'canceled';
      break;
    case 'checkout_split.refunded':
      order.refundedPence = Math.max(order.refundedPence, parsePounds(event.data.refund?.total_refunded ?? '0') ?? 0);
      status = event.data.status === 'refunded' ? 'refunded' : 'partially_refunded';
      break;
  }
  const moved = status !== null && orders.move(order, status, event);
  return { orderId, outcome: moved ? 'applied' : 'noted' };
}
