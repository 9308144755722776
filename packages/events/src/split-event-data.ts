import { formatPounds, type Pence } from '@groupsplit/core';
import type { Db } from '@groupsplit/db';
import { SplitProjectionRepository } from '@groupsplit/db';
import type { WebhookEventType } from './outbox';
import type { SessionExpiredEventData, SplitEventData } from './schemas';

/** The hosted-checkout session a split came from, as the split workflow carries it and its events show it. */
export type SplitSessionContext = {
  token: string;
  customerEmail: string | null;
  customerName: string | null;
  metadata: Record<string, string> | null;
  /** Only on a session created with `capture: 'merchant_accept'`: the split waits for the merchant's accept. */
  capture?: 'merchant_accept';
  /** The organiser's name as typed on the hosted page (docs/splits.md, "Names"); never in webhook payloads. */
  organiserName?: string | null;
};

/**
 * The `data` of every checkout_split.* event, built from plain values so the code that
 * owns the splits projection can call it inside the transaction that records the event.
 */
export type SplitEventSource = {
  split: { id: string; status: string; orderReference: string; currency: string; totalAmountPence: Pence };
  participants: { id: string; email: string; amountPence: Pence; status: string; refundedPence?: Pence }[];
  /** The hosted-checkout session the split came from; null for a split made on the dashboard or by API. */
  session: SplitSessionContext | null;
  /** checkout_split.participant_authorised: who just authorised. */
  authorisedParticipantId?: string;
  /** checkout_split.refunded: the refund that caused the event. */
  refund?: {
    id: string;
    amountPence: Pence;
    totalRefundedPence: Pence;
    status: string;
    reason: string | null;
    actor: string;
  };
};

/** A split row's stored session context (`splits.session_context`), as its JSON or its text. */
type StoredSessionContext = {
  customer_email?: string | null;
  customer_name?: string | null;
  metadata?: Record<string, string> | null;
};

/**
 * The events' `session` block from a split row: null for a split made on the dashboard or by API. The
 * context may come as its JSON text (a row about to be written) or parsed (a row read back).
 */
export function eventSessionOf(split: {
  session_token: string | null;
  session_context: string | StoredSessionContext | null;
}): SplitSessionContext | null {
  if (!split.session_token) return null;
  const stored = split.session_context;
  const context = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredSessionContext | null;
  return {
    token: split.session_token,
    customerEmail: context?.customer_email ?? null,
    customerName: context?.customer_name ?? null,
    metadata: context?.metadata ?? null,
  };
}

const APPROVED_STATUSES = new Set(['authorised', 'captured', 'refunded']);

function presentParticipant(participant: SplitEventSource['participants'][number]) {
  return {
    id: participant.id,
    email: participant.email,
    amount: formatPounds(participant.amountPence),
    refunded_amount: formatPounds(participant.refundedPence ?? 0),
    status: participant.status,
  };
}

export function splitEventData(source: SplitEventSource): SplitEventData {
  const { split, session } = source;
  const data: SplitEventData = {
    split_id: split.id,
    order_reference: split.orderReference,
    status: split.status,
    currency: split.currency,
    total_amount: formatPounds(split.totalAmountPence),
    approved_count: source.participants.filter((p) => APPROVED_STATUSES.has(p.status)).length,
    total_count: source.participants.length,
    participants: source.participants.map(presentParticipant),
    session_token: session?.token ?? null,
    customer_email: session?.customerEmail ?? null,
    customer_name: session?.customerName ?? null,
    metadata: session?.metadata ?? null,
  };
  if (source.authorisedParticipantId !== undefined) {
    const participant = source.participants.find((p) => p.id === source.authorisedParticipantId);
    if (!participant) throw new Error(`Participant ${source.authorisedParticipantId} is not in split ${split.id}`);
    data.participant = presentParticipant(participant);
  }
  if (source.refund) {
    data.refund = {
      refund_id: source.refund.id,
      amount: formatPounds(source.refund.amountPence),
      total_refunded: formatPounds(source.refund.totalRefundedPence),
      status: source.refund.status,
      reason: source.refund.reason,
      actor: source.refund.actor,
    };
  }
  return data;
}

/**
 * Reads the splits projection (inside the caller's transaction, after its change) into a
 * SplitEventSource; the merchant and mode say where recordEvent should file the event.
 */
export async function loadSplitEventSource(
  trx: Db,
  splitId: string,
  extra: Pick<SplitEventSource, 'authorisedParticipantId' | 'refund'> = {},
): Promise<{ merchantId: string; mode: 'test' | 'live'; source: SplitEventSource }> {
  const { split, participants } = await new SplitProjectionRepository(trx).forEvent(splitId);
  return {
    merchantId: split.merchant_id,
    mode: split.mode,
    source: {
      split: {
        id: split.id,
        status: split.status,
        orderReference: split.order_reference,
        currency: split.currency,
        totalAmountPence: split.total_amount,
      },
      participants: participants.map((p) => ({
        id: p.id,
        email: p.email,
        amountPence: p.amount,
        status: p.status,
        refundedPence: p.refunded_amount,
      })),
      session: eventSessionOf(split),
      ...extra,
    },
  };
}

/** `data` of checkout_session.expired: the session had no split that paid, and can no longer be used. */
export function sessionExpiredEventData(session: {
  token: string;
  orderReference: string;
  amountPence: Pence;
  currency: string;
  customerEmail: string | null;
  customerName: string | null;
  metadata: Record<string, string> | null;
  expiredAt: Date;
  splitId: string | null;
}): SessionExpiredEventData {
  return {
    session_token: session.token,
    order_reference: session.orderReference,
    amount: formatPounds(session.amountPence),
    currency: session.currency,
    customer_email: session.customerEmail,
    customer_name: session.customerName,
    metadata: session.metadata,
    expired_at: session.expiredAt.toISOString(),
    split_id: session.splitId,
  };
}

const SAMPLE_SESSION: SplitSessionContext = {
  token: 'cs_test_sample',
  customerEmail: 'alex@example.com',
  customerName: 'Alex Example',
  metadata: { order_id: 'sample-1234' },
};

const sampleParticipants = (first: string, second: string, refundedPence = 0) => [
  {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'alex@example.com',
    amountPence: 1500,
    status: first,
    refundedPence,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'sam@example.com',
    amountPence: 1500,
    status: second,
    refundedPence,
  },
];

const sampleSplit = (splitId: string, status: string) => ({
  id: splitId,
  status,
  orderReference: 'Test webhook',
  currency: 'gbp',
  totalAmountPence: 3000,
});

/** The test send's checkout_split.paid: realistic shape, obviously fake values, a split id that exists nowhere. */
export function sampleSplitPaidData(splitId: string): SplitEventData {
  return splitEventData({
    split: sampleSplit(splitId, 'captured'),
    participants: sampleParticipants('captured', 'captured'),
    session: SAMPLE_SESSION,
  });
}

/**
 * The test send's sample of any event type (default `checkout_split.paid`): the same made-up order in the
 * state that type is sent in, so each passes the outbox's "never emitted" rules.
 */
export function sampleEventData(type: WebhookEventType, splitId: string): Record<string, unknown> {
  switch (type) {
    case 'checkout_split.participant_authorised':
      return splitEventData({
        split: sampleSplit(splitId, 'pending'),
        participants: sampleParticipants('authorised', 'pending'),
        session: SAMPLE_SESSION,
        authorisedParticipantId: '00000000-0000-4000-8000-000000000001',
      });
    case 'checkout_split.authorised':
      return splitEventData({
        split: sampleSplit(splitId, 'pending'),
        participants: sampleParticipants('authorised', 'authorised'),
        session: SAMPLE_SESSION,
      });
    case 'checkout_split.canceled':
      return {
        ...splitEventData({
          split: sampleSplit(splitId, 'canceled'),
          participants: sampleParticipants('canceled', 'canceled'),
          session: SAMPLE_SESSION,
        }),
        reason: 'canceled',
      };
    case 'checkout_split.refunded':
      return splitEventData({
        split: sampleSplit(splitId, 'partially_refunded'),
        participants: sampleParticipants('captured', 'captured', 250),
        session: SAMPLE_SESSION,
        refund: {
          id: '00000000-0000-4000-8000-000000000003',
          amountPence: 500,
          totalRefundedPence: 500,
          status: 'complete',
          reason: 'Sample refund',
          actor: 'dashboard:sample',
        },
      });
    case 'checkout_session.expired':
      return sessionExpiredEventData({
        token: SAMPLE_SESSION.token,
        orderReference: 'Test webhook',
        amountPence: 3000,
        currency: 'gbp',
        customerEmail: SAMPLE_SESSION.customerEmail,
        customerName: SAMPLE_SESSION.customerName,
        metadata: SAMPLE_SESSION.metadata,
        expiredAt: new Date(),
        splitId: null,
      });
    case 'checkout_split.paid':
      return sampleSplitPaidData(splitId);
  }
}
