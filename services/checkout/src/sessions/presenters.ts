import {
  formatPounds,
  type Gate,
  type SplitParticipantRow as ParticipantRow,
  type SplitRow,
  type SplitSeatRow,
} from '@groupsplit/shared';
import { openSeatCount, presentSeatFields } from '../seats/seats';
import { isApproved } from '../splits/group';
import { presentRefund, type RefundHistorySource } from '../splits/refund-history';
import { awaitingMerchantField } from '../splits/split-detail';
import { presentLineItems } from './line-items';
import { checkoutUrl, type LoadedSession, type SessionRow, type SessionStatus, sessionStatus } from './session-state';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * POST /api/merchants/checkout/sessions: the session just made (status `pending`), or the one an
 * idempotent replay returns, as it is now, so no second call is needed for its status and expiry.
 */
export function presentCreatedSession(
  session: Pick<SessionRow, 'token' | 'amount' | 'currency' | 'expires_at'>,
  status: SessionStatus,
  baseUrl: string,
) {
  return {
    token: session.token,
    checkout_url: checkoutUrl(baseUrl, session.token),
    status,
    expires_at: session.expires_at.toISOString(),
    amount: formatPounds(session.amount),
    currency: session.currency,
  };
}

/**
 * GET /api/merchants/checkout/sessions/:token, public (the token is the credential). Never
 * carries customer_name, metadata or the return_url: those are for the merchant only.
 */
export function presentPublicSession(loaded: LoadedSession, gate: Gate | null, baseUrl: string) {
  const { session, merchant, split } = loaded;
  return {
    status: sessionStatus(loaded),
    expired: loaded.expired,
    expires_at: session.expires_at.toISOString(),
    mode: session.mode,
    business_name: merchant.name,
    order_reference: session.order_reference,
    amount: formatPounds(session.amount),
    currency: session.currency,
    line_items: presentLineItems(session.line_items, baseUrl),
    split_id: split?.id ?? null,
    customer_email: session.customer_email,
    cancel_url: session.cancel_url,
    unavailable_reason: gate?.code ?? null,
  };
}

function presentParticipant(p: ParticipantRow) {
  return {
    id: p.id,
    email: p.email,
    amount: formatPounds(p.amount),
    application_fee: formatPounds(p.customer_fee),
    refunded_amount: formatPounds(p.refunded_amount),
    status: p.status,
    approved: isApproved(p),
    authorised_at: iso(p.authorised_at),
    pay_token: p.pay_token,
  };
}

function presentSplit(
  split: SplitRow,
  participants: ParticipantRow[],
  refunds: RefundHistorySource[],
  seats: SplitSeatRow[],
  baseUrl: string,
) {
  return {
    id: split.id,
    status: split.status,
    total_amount: formatPounds(split.total_amount),
    authorization_expires_at: split.authorization_expires_at.toISOString(),
    // The spec lists the counts on the split block too; the top-level copies stay for existing readers.
    approved_count: participants.filter(isApproved).length,
    total_count: participants.length + openSeatCount(seats),
    approvals: participants
      .filter(isApproved)
      .map((p) => ({ participant_id: p.id, email: p.email, authorised_at: iso(p.authorised_at) })),
    participants: participants.map(presentParticipant),
    refunds: refunds.map(presentRefund),
    ...awaitingMerchantField(split),
    ...presentSeatFields(split, seats, baseUrl),
  };
}

/** GET /api/merchants/checkout/sessions/:token/status (API key): everything the merchant supplied, plus progress. */
export function presentSessionStatus(
  loaded: LoadedSession,
  refunds: RefundHistorySource[],
  baseUrl: string,
  seats: SplitSeatRow[] = [],
) {
  const { session, split, participants } = loaded;
  return {
    token: session.token,
    status: sessionStatus(loaded),
    expired: loaded.expired,
    mode: session.mode,
    amount: formatPounds(session.amount),
    currency: session.currency,
    order_reference: session.order_reference,
    return_url: session.return_url,
    cancel_url: session.cancel_url,
    customer_email: session.customer_email,
    customer_name: session.customer_name,
    metadata: session.metadata,
    line_items: presentLineItems(session.line_items, baseUrl),
    created_at: session.created_at.toISOString(),
    expires_at: session.expires_at.toISOString(),
    split_id: split?.id ?? null,
    approved_count: participants.filter(isApproved).length,
    total_count: participants.length + openSeatCount(seats),
    participants: participants.map((p) => ({ email: p.email, amount: formatPounds(p.amount), status: p.status })),
    split: split ? presentSplit(split, participants, refunds, seats, baseUrl) : null,
    // Echoed only when it is not the default (docs/hosted-checkout.md).
    ...(session.capture === 'merchant_accept' ? { capture: session.capture } : {}),
  };
}
