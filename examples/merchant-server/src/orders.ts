import { randomUUID } from 'node:crypto';
import type { OrderLine } from './catalogue';

/**
 * The shop's orders, kept in memory: enough for an example, lost on restart. A real shop keeps them
 * (and the ids of the webhook events it has processed) in its database, in one transaction per event.
 */
export type OrderStatus =
  | 'awaiting_payment'
  /** Accept before capture: everyone has authorised; the shop accepts (capture) or declines (release). */
  | 'awaiting_acceptance'
  | 'paid'
  | 'canceled'
  | 'partially_refunded'
  | 'refunded';

export type OrderChange = {
  status: OrderStatus;
  /** The verified webhook event that moved the order (its X-Service-Event-Id). */
  eventId: string;
  eventType: string;
  at: Date;
};

export type RefundRequest = {
  key: string;
  amountPence: number;
  /** `accepted` once the API answered 200; the order's status still changes only when the webhook arrives. */
  outcome: 'accepted' | 'refused';
  message: string | null;
};

export type Order = {
  id: string;
  reference: string;
  lines: OrderLine[];
  amountPence: number;
  status: OrderStatus;
  sessionToken: string | null;
  checkoutUrl: string | null;
  splitId: string | null;
  /** Participants who have authorised so far, from checkout_split.participant_authorised. */
  approvedCount: number;
  refundedPence: number;
  history: OrderChange[];
  refunds: RefundRequest[];
  /** Accept before capture: the shop's last accept or decline and what the API answered (`refused` with its message). */
  decision: { decision: 'accept' | 'decline'; outcome: string; message: string | null } | null;
  createdAt: Date;
};

/** Which statuses an order may move to from each; a late or repeated event never moves it back. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['awaiting_acceptance', 'paid', 'canceled'],
  awaiting_acceptance: ['paid', 'canceled'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  canceled: [],
  refunded: [],
};

export class OrderStore {
  private readonly orders = new Map<string, Order>();
  private sequence = 1000;

  create(lines: OrderLine[], amountPence: number): Order {
    const order: Order = {
      id: randomUUID(),
      reference: `SHOP-${++this.sequence}`,
      lines,
      amountPence,
      status: 'awaiting_payment',
      sessionToken: null,
      checkoutUrl: null,
      splitId: null,
      approvedCount: 0,
      refundedPence: 0,
      history: [],
      refunds: [],
      decision: null,
      createdAt: new Date(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  get(id: string): Order | undefined {
    return this.orders.get(id);
  }

  list(): Order[] {
    return [...this.orders.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Moves the order if the move is allowed; returns whether it moved. */
  move(order: Order, status: OrderStatus, event: { id: string; type: string }): boolean {
    if (!NEXT[order.status].includes(status)) return false;
    order.status = status;
    order.history.push({ status, eventId: event.id, eventType: event.type, at: new Date() });
    return true;
  }
}
