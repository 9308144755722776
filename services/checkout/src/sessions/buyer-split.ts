import { type Action, authorize, MESSAGES, notFound, type SplitRow } from '@groupsplit/shared';
import type { SessionPrincipal } from '../auth';
import type { CheckoutDeps } from '../deps';
import { sessionNotFound } from './schema';
import { type LoadedSession, loadSession } from './session-state';

/**
 * The split of a hosted-checkout session, for the signed-in buyer who created it: an unknown
 * session is 404 (`Checkout session not found`), a session with no split yet is 404 `Not found`,
 * and anyone but its creator gets the spec's 403 `Forbidden` (the policy's creator rule; a paused
 * workspace binds the buyer where the policy says so).
 */
export async function buyerSplit(
  deps: CheckoutDeps,
  token: string,
  buyer: SessionPrincipal,
  action: Extract<Action, 'split.view' | 'split.replace'>,
  refusal: string = MESSAGES.forbidden,
): Promise<LoadedSession & { split: SplitRow }> {
  const loaded = await loadSession(deps.db, token);
  if (!loaded) throw sessionNotFound();
  const { split, merchant } = loaded;
  if (!split) throw notFound(MESSAGES.notFound);
  // The buyer's routes: the business's members use the dashboard's, so no role is looked up here.
  authorize(
    { role: null, userId: buyer.userId },
    action,
    { created_by: split.created_by, paused_at: merchant.paused_at },
    refusal,
  );
  return { ...loaded, split };
}
