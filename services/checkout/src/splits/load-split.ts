import {
  authorize,
  type Db,
  MESSAGES,
  MembershipsRepository,
  MerchantsRepository,
  notFound,
  type Principal,
  type SplitRow,
  SplitsRepository,
  validate,
} from '@groupsplit/shared';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { ApiKeyPrincipal, SessionPrincipal } from '../auth';
import { REPLACE_MESSAGES } from './replace-participant';

/** What a caller does with one split, by the permission table's names. */
export type SplitAction =
  | 'split.view'
  | 'split.timeline'
  | 'split.cancel'
  | 'split.accept'
  | 'split.refund'
  | 'split.partial_refund'
  | 'split.replace';

/** The spec's refusal of each action (Errors): detail, cancel, refund; replace is ours, worded alike. */
const REFUSED: Record<SplitAction, string> = {
  'split.view': MESSAGES.forbidden,
  'split.cancel': MESSAGES.cancelForbidden,
  'split.accept': MESSAGES.acceptForbidden,
  'split.refund': MESSAGES.refundForbidden,
  'split.partial_refund': MESSAGES.refundForbidden,
  'split.timeline': MESSAGES.forbidden,
  'split.replace': REPLACE_MESSAGES.forbidden,
};

/**
 * The split a caller may act on, or the spec's answer why not. The only place checkout decides
 * access to one split:
 * - an API key sees the splits of its own business in its own mode; any other id is 404 alike
 *   (another business's split is not revealed);
 * - a signed-in caller sees any visible split (else 404), then the permission table decides, with
 *   the creator rule and the pause (packages/core/src/policy.ts).
 * `splitId` must already be a UUID (the route's splitIdParams()).
 */
export async function loadSplitFor(
  db: Db,
  principal: ApiKeyPrincipal | SessionPrincipal,
  splitId: string,
  action: SplitAction,
  refusal: string = REFUSED[action],
): Promise<SplitRow> {
  const splits = new SplitsRepository(db);
  if (principal.kind === 'api_key') {
    const split = await splits.findForMerchant(splitId, principal);
    if (!split) throw notFound(MESSAGES.notFound);
    return split;
  }
  const split = await splits.findVisible(splitId);
  if (!split) throw notFound(MESSAGES.notFound);
  const [role, merchant] = await Promise.all([
    new MembershipsRepository(db).roleOf(split.merchant_id, principal.userId),
    new MerchantsRepository(db).get(split.merchant_id),
  ]);
  authorize(
    { role, userId: principal.userId },
    action,
    { created_by: split.created_by, paused_at: merchant.paused_at },
    refusal,
  );
  return split;
}

/**
 * Route step of every route on one split by `:id`: an id that is not a UUID is an unknown split,
 * the same 404 loadSplitFor() gives. `schema` is the route folder's own (its words in the API docs).
 */
export const splitIdParams = (schema: z.ZodType) => validate('params', schema, () => notFound(MESSAGES.notFound));

/**
 * The split of the route's `:id` and the caller, narrowed by `principalOf` (sessionPrincipal or
 * apiKeyPrincipal), as loadSplitFor() decides: what every handler on one split starts with.
 */
export async function routeSplit<P extends ApiKeyPrincipal | SessionPrincipal>(
  ctx: Context,
  db: Db,
  principalOf: (principal: Principal) => P,
  action: SplitAction,
): Promise<{ principal: P; split: SplitRow }> {
  const principal = principalOf(ctx.state.principal);
  return { principal, split: await loadSplitFor(db, principal, ctx.params.id as string, action) };
}
