import { randomUUID } from 'node:crypto';
import {
  ApplicationFailure,
  conflict,
  isWorkflowUpdateFailedError,
  MESSAGES,
  notFound,
  type SplitRow,
  serviceUnavailable,
  validate,
  WorkflowNotFoundError,
} from '@groupsplit/shared';
import { acceptSplitUpdate, NOT_AWAITING_MERCHANT, splitWorkflowId } from '@groupsplit/workflows';
import { updateNotTakenYet } from '@groupsplit/workflows/client';
import Router from '@koa/router';
import type { Context } from 'koa';
import { apiKeyPrincipal, auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { FALLBACK_LOGS } from '../../fallback-logs';
import { callSplitWorkflow } from '../../splits/changed-since-read';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { ACCEPT_NOT_TAKEN_MESSAGE, AcceptBody, NOT_AWAITING_MERCHANT_MESSAGE, SplitIdParams } from './schema';

const notAwaitingMerchant = () => conflict(NOT_AWAITING_MERCHANT_MESSAGE, 'not_awaiting_merchant');

/** The ApplicationFailure type of a refused update (the validator's rejection, or the handler's), else null. */
const refusalType = (error: unknown) =>
  isWorkflowUpdateFailedError(error) && error.cause instanceof ApplicationFailure ? error.cause.type : null;

/**
 * Asks the split's workflow to accept (update `acceptSplit`, workflows/src/split/merchant-accept.ts) and
 * answers with the split's status once the capture finished. The workflow alone decides whether the
 * split waits for the merchant, so an accept racing a cancel or the expiry has one outcome: refused
 * (NOT_AWAITING_MERCHANT), or the workflow closed in between (a cancelled or expired split), is 409.
 * While Temporal keeps refusing updates (its task failing over and over as workers die), the accept
 * cannot go as a signal the way a cancel does (the workflow has none for it): 503 service_unavailable.
 */
async function accept(deps: CheckoutDeps, split: SplitRow, actor: string): Promise<{ status: string }> {
  // Only a pending split can be waiting; any other is refused without asking the workflow (which may be closed).
  if (split.status !== 'pending') throw notAwaitingMerchant();
  const handle = deps.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
  // One update id for every ask of this request: asked again, the server joins a pending one.
  const updateId = randomUUID();
  const result = await callSplitWorkflow(
    deps,
    split.id,
    () => handle.executeUpdate(acceptSplitUpdate, { args: [{ actor }], updateId }),
    (error) => refusalType(error) === NOT_AWAITING_MERCHANT || error instanceof WorkflowNotFoundError,
  ).catch((error: unknown) => {
    if (!updateNotTakenYet(error)) throw error;
    deps.logger.warn({ splitId: split.id, err: error }, FALLBACK_LOGS.acceptNotTaken);
    throw serviceUnavailable(ACCEPT_NOT_TAKEN_MESSAGE);
  });
  if (!result.changed) return { status: result.value.status };
  if (result.status === null) throw notFound(MESSAGES.notFound);
  throw notAwaitingMerchant();
}

/**
 * The merchant accept step (docs/splits.md, "Merchant accept"), from both callers:
 * - POST /api/merchants/checkout/splits/:id/accept (API key): its own business's split in its mode;
 * - POST /api/checkout-splits/:id/accept (dashboard session): Owner, Admin and Member (policy row
 *   `split.accept`, the roles that may cancel; not the creating account, which for a hosted order is the buyer).
 * Both answer 200 `{ status }` after the capture, 409 `not_awaiting_merchant`, 404 as every split route,
 * 503 `service_unavailable` while Temporal refuses the update.
 * Declining is the cancel routes.
 */
export function splitAcceptRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();
  const splitParams = splitIdParams(SplitIdParams);
  const noFields = validate('body', AcceptBody);

  router.post('/api/checkout-splits/:id/accept', auth('session'), splitParams, noFields, async (ctx: Context) => {
    const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.accept');
    ctx.body = await accept(deps, split, `user:${principal.userId}`);
  });

  router.post(
    '/api/merchants/checkout/splits/:id/accept',
    auth('api_key'),
    splitParams,
    noFields,
    async (ctx: Context) => {
      const { principal, split } = await routeSplit(ctx, db, apiKeyPrincipal, 'split.accept');
      ctx.body = await accept(deps, split, `api_key:${principal.apiKeyId}`);
    },
  );

  return router;
}
