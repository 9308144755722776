import { randomUUID } from 'node:crypto';
import { conflict, errorWithStatus, MESSAGES, notFound, type SplitRow, SplitsRepository } from '@groupsplit/shared';
import { type CancelOutcome, cancelSplitSignal, cancelSplitUpdate, splitWorkflowId } from '@groupsplit/workflows';
import { updateNotTakenYet } from '@groupsplit/workflows/client';
import Router from '@koa/router';
import type { Context } from 'koa';
import { apiKeyPrincipal, auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { FALLBACK_LOGS } from '../../fallback-logs';
import { callSplitWorkflow } from '../../splits/changed-since-read';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { CANCEL_NOT_CONFIRMED_MESSAGE, notPendingMessage, SplitIdParams } from './schema';

/** Both routes answer this body when the split is (or already was) cancelled. */
const CANCELED = { status: 'canceled' } as const;

/** The API-key route's refusal of anything but a pending split (spec: 409 `not_pending` naming the status). */
const notPending = (status: string) => conflict(notPendingMessage(status), 'not_pending', { status });

/**
 * How often, and how long at most (WORKFLOW_TASK_RETRY_WAIT_MS if that is shorter), a cancel sent
 * as a signal reads the split back for its outcome.
 */
const SIGNALED_CANCEL_POLL_MS = 500;
const SIGNALED_CANCEL_WAIT_MS = 30_000;

/** A cancel by signal that the workflow has not acted on within SIGNALED_CANCEL_WAIT_MS. */
const cancelNotConfirmed = () => errorWithStatus(503, CANCEL_NOT_CONFIRMED_MESSAGE, 'cancel_not_confirmed');

/**
 * Asks the split workflow to cancel a split read as pending. If the workflow moved on in between
 * (closed, or left `pending`), the answer is where the split is now, with nothing changed.
 * While Temporal keeps refusing updates (its task failing over and over as workers die), the cancel
 * goes as a signal instead (`signaledCancel`).
 */
async function requestCancel(deps: CheckoutDeps, split: SplitRow, actor: string): Promise<CancelOutcome> {
  const handle = deps.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
  // One update id for every ask of this request: asked again, the server joins a pending one.
  const updateId = randomUUID();
  const result = await callSplitWorkflow(
    deps,
    split.id,
    () => handle.executeUpdate(cancelSplitUpdate, { args: [{ actor }], updateId }),
    // Still pending after a failed call: the failure was not the race, so it stands.
    (_error, now) => now !== 'pending',
  ).catch((error: unknown) => {
    if (!updateNotTakenYet(error)) throw error;
    deps.logger.warn({ splitId: split.id, err: error }, FALLBACK_LOGS.cancelBySignal);
    return null;
  });
  if (result === null) return signaledCancel(deps, split.id, actor);
  if (!result.changed) return result.value;
  if (result.status === null) throw notFound(MESSAGES.notFound);
  return { status: result.status, changed: false };
}

/**
 * The cancel as a signal, which Temporal accepts and keeps while it refuses updates (it reaches the
 * history when the task being retried ends); the workflow cancels on it if the split is still
 * pending when its task next runs. The outcome is read back from the split: `changed` once it left `pending` for
 * `canceling` or `canceled`, and `pending` (not changed) if the workflow has not run by then.
 */
async function signaledCancel(deps: CheckoutDeps, splitId: string, actor: string): Promise<CancelOutcome> {
  await deps.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).signal(cancelSplitSignal, { actor });
  const splits = new SplitsRepository(deps.db);
  const deadline = Date.now() + Math.min(SIGNALED_CANCEL_WAIT_MS, deps.config.WORKFLOW_TASK_RETRY_WAIT_MS);
  for (;;) {
    const status = await splits.statusOf(splitId);
    if (status === null) throw notFound(MESSAGES.notFound);
    if (status !== 'pending') return { status, changed: status === 'canceling' || status === 'canceled' };
    if (Date.now() > deadline) return { status, changed: false };
    await new Promise((resolve) => setTimeout(resolve, SIGNALED_CANCEL_POLL_MS));
  }
}

/**
 * Cancel, from both callers (spec: Splits; Hosted checkout, "Cancel from the server"):
 * - POST /api/checkout-splits/:id/cancel (dashboard session): Owner, Admin, Member or the creating
 *   account; 200 `{ status: canceled }` on any status, acting only on `pending`.
 * - POST /api/merchants/checkout/splits/:id/cancel (API key): acts only on `pending` (everyone is
 *   e-mailed from the cancel's outbox event, as for every cancel); a repeat on a cancelled split is 200 again, any other status 409 `not_pending`.
 */
export function splitCancelRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();
  const splitParams = splitIdParams(SplitIdParams);

  router.post('/api/checkout-splits/:id/cancel', auth('session'), splitParams, async (ctx: Context) => {
    const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.cancel');
    // The spec: on any status other than pending this answers 200 canceled and does nothing.
    if (split.status === 'pending') await requestCancel(deps, split, `user:${principal.userId}`);
    ctx.body = CANCELED;
  });

  router.post('/api/merchants/checkout/splits/:id/cancel', auth('api_key'), splitParams, async (ctx: Context) => {
    const { principal, split } = await routeSplit(ctx, db, apiKeyPrincipal, 'split.cancel');
    if (split.status === 'canceled') {
      ctx.body = CANCELED;
      return;
    }
    if (split.status !== 'pending') throw notPending(split.status);
    const outcome = await requestCancel(deps, split, `api_key:${principal.apiKeyId}`);
    // `changed` means the workflow took this cancel while pending: it is in the workflow's history
    // and nothing can capture the split any more. The workflow answers after 30 s even if its
    // releases are still running (a slow processor, a worker restarting), still `pending` or
    // `canceling`; that is a cancel under way, not a split that cannot be cancelled.
    // A cancel sent as a signal that the workflow has not acted on yet: neither done nor refused.
    if (!outcome.changed && outcome.status === 'pending') throw cancelNotConfirmed();
    if (!outcome.changed && outcome.status !== 'canceled') throw notPending(outcome.status);
    // The spec's "e-mails payers": once the holds are released, the split's `checkout_split.canceled`
    // outbox event e-mails every participant and the organiser, as for every other cancel
    // (activities/src/receipts, docs/emails.md "When an order is cancelled"), once each.
    ctx.body = CANCELED;
  });

  return router;
}
