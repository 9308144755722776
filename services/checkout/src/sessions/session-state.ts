import {
  CheckoutSessionExpiriesRepository,
  CheckoutSessionsRepository,
  type Database,
  type Db,
  type Gate,
  type MerchantRow,
  MerchantsRepository,
  type SplitParticipantRow,
  type SplitRow,
  SplitsRepository,
  takeSplitGate,
} from '@groupsplit/shared';
import type { Selectable } from 'kysely';
import type { CheckoutDeps } from '../deps';

export type SessionRow = Selectable<Database['checkout_sessions']>;

export type SessionStatus = 'pending' | 'paid' | 'canceled' | 'refunded';

/** Tokens are 32 random bytes in base64url; anything else cannot be one, so it is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export type LoadedSession = {
  session: SessionRow;
  merchant: MerchantRow;
  /** Null until the buyer's split exists (and while it is still placing holds). */
  split: SplitRow | null;
  participants: SplitParticipantRow[];
  expired: boolean;
};

export async function loadSession(db: Db, token: string): Promise<LoadedSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const session = await new CheckoutSessionsRepository(db).findByToken(token);
  if (!session) return null;
  const merchant = await new MerchantsRepository(db).get(session.merchant_id);
  // By session token rather than split_id, so a split whose creator crashed before recording
  // split_id is still found.
  const splits = new SplitsRepository(db);
  const split = session.split_claimed_by ? ((await splits.findForSession(token)) ?? null) : null;
  const participants = split ? await splits.participantsOf(split.id) : [];
  const expiry = await new CheckoutSessionExpiriesRepository(db).find(token);
  // Past its lifetime with no split is expired even before the sweeper has recorded it.
  const expired = Boolean(expiry) || (!session.split_claimed_by && session.expires_at.getTime() <= Date.now());
  return { session, merchant, split, participants, expired };
}

/**
 * The order's status as the merchant sees it: pending until paid, then paid or refunded;
 * canceled when the split was cancelled or failed, or the session expired with no split.
 */
export function sessionStatus({ split, expired }: Pick<LoadedSession, 'split' | 'expired'>): SessionStatus {
  if (!split) return expired ? 'canceled' : 'pending';
  switch (split.status) {
    case 'captured':
    case 'partially_refunded':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'canceled':
    case 'creation_failed':
    case 'capture_failed':
      return 'canceled';
    default:
      return 'pending';
  }
}

/**
 * Why the buyer cannot pay right now (the public lookup's `unavailable_reason`), or null: the
 * take_split gate of GET /api/merchants/me. Live needs charges enabled (`connector_not_live`);
 * test needs no processor connection, since the sandbox account holds the shares
 * (`holdingAccountFor`).
 */
export function checkoutGate(deps: CheckoutDeps, merchant: MerchantRow, mode: 'test' | 'live'): Promise<Gate | null> {
  return takeSplitGate(deps.db, merchant, mode);
}

export const payUrl = (baseUrl: string, payToken: string) => new URL(`/pay/${payToken}`, baseUrl).toString();
export const checkoutUrl = (baseUrl: string, token: string) => new URL(`/checkout/${token}`, baseUrl).toString();
export const imageUrl = (baseUrl: string, imageId: string) =>
  new URL(`/checkout/images/${imageId}`, baseUrl).toString();
