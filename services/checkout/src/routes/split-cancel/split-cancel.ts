import { randomUUID } from 'node:crypto';
import {
  conflict,
  errorWithStatus,
  MESSAGES,
  notFound,
  receivedAtGateway,
  type SplitRow,
  SplitsRepository,
} from '@groupsplit/shared';
import { type CancelOutcome, cancelSplitSignal, cancelSplitUpdate, splitWorkflowId } from '@groupsplit/workflows';
import { updateNotTakenYet } from '@groupsplit/workflows/client';
import Router from '@koa/router';
import { isGrpcDeadlineError, isGrpcServiceError } from '@temporalio/client';
import type { Context } from 'koa';
import { apiKeyPrincipal, auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { FALLBACK_LOGS } from '../../fallback-logs';
import { callSplitWorkflow } from '../../splits/changed-since-read';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { CANCEL_NOT_CONFIRMED_MESSAGE, CANCEL_RETRY_AFTER_SECONDS, notPendingMessage, SplitIdParams } from './schema';

/** Both routes answer this body when the split is (or already was) cancelled. */
const CANCELED = { status: 'canceled' } as const;

/** The API-key route's refusal of anything but a pending split (spec: 409 `not_pending` naming the status). */
const notPending = (status: string) => conflict(notPendingMessage(status), 'not_pending', { status });

/** How often a cancel re-reads the split while it waits for the releases or for its signal to be taken. */
const CANCEL_POLL_MS = 100;
/** A recorded cancel waits at most this long for its releases, so the usual answer comes with the split `canceled`. */
const CANCEL_SETTLE_MS = 2_000;
/**
 * The part of CANCEL_ANSWER_WAIT_MS kept for the fallback after the update: sending the signal and
 * reading the split back. The update gets the rest.
 */
const CANCEL_FALLBACK_MS = 2_000;
/**
 * Kept back from CANCEL_ANSWER_WAIT_MS for the answer's way out after the route stops waiting: its
 * last read, the error handler, checkout's reply and the gateway's. Under a CPU hog that took up to
 * 170 ms (bench/README.md, figure 14), so the caller hears within the bound.
 */
const CANCEL_ANSWER_RESERVE_MS = 500;

/** A cancel by signal that the workflow has not acted on within the answer's deadline. */
const cancelNotConfirmed = (ctx: Context) => {
  ctx.set('Retry-After', String(CANCEL_RETRY_AFTER_SECONDS));
  return errorWithStatus(503, CANCEL_NOT_CONFIRMED_MESSAGE, 'cancel_not_confirmed');
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Re-reads the split until `done(status)` or `until` (epoch ms) passes; answers the last status read
 * (null: the split is gone).
 */
async function readUntil(
  deps: CheckoutDeps,
  splitId: string,
  until: number,
  done: (status: SplitRow['status']) => boolean,
): Promise<SplitRow['status'] | null> {
  const splits = new SplitsRepository(deps.db);
  for (;;) {
    const status = await splits.statusOf(splitId);
    if (status === null || done(status) || Date.now() + CANCEL_POLL_MS > until) return status;
    await pause(CANCEL_POLL_MS);
  }
}

/**
 * Asks the split workflow to cancel a split read as pending, and answers by `answerBy` (epoch ms,
 * CANCEL_ANSWER_WAIT_MS after the request reached the gateway, less CANCEL_ANSWER_RESERVE_MS; docs/splits.md, "How fast a cancel answers"):
 * - the update answers once the cancel is recorded and `canceling` written (never after the releases);
 *   the route then waits up to CANCEL_SETTLE_MS for `canceled`, so a quick cancel still answers
 *   with the split cancelled, and a slow one answers with it `canceling`;
 * - if the workflow moved on in between (closed, or left `pending`), the answer is where it is now,
 *   with nothing changed;
 * - if no answer came in time (a worker too busy to take the update, or Temporal refusing updates
 *   while the workflow's task is retried), the same cancel goes as a signal (`signaledCancel`).
 */
async function requestCancel(
  deps: CheckoutDeps,
  split: SplitRow,
  actor: string,
  answerBy: number,
): Promise<CancelOutcome> {
  const { client } = deps.temporal;
  const handle = client.workflow.getHandle(splitWorkflowId(split.id));
  // One update id for every ask of this request: asked again, the server joins a pending one.
  const updateId = randomUUID();
  const updateBy = answerBy - CANCEL_FALLBACK_MS;
  const result = await callSplitWorkflow(
    // Temporal refusing updates is asked again only while the update's share of the deadline lasts.
    { db: deps.db, config: { ...deps.config, WORKFLOW_TASK_RETRY_WAIT_MS: Math.max(0, updateBy - Date.now()) } },
    split.id,
    // Every call of the update (its start and its polls) ends at updateBy.
    () =>
      client.connection.withDeadline(updateBy, () =>
        handle.executeUpdate(cancelSplitUpdate, { args: [{ actor }], updateId }),
      ),
    // Still pending after a failed call, or no answer yet: the failure was not the race.
    (error, now) => !updateNotTakenYet(error) && now !== 'pending',
  ).catch((error: unknown) => {
    if (!updateNotTakenYet(error)) throw error;
    deps.logger.warn({ splitId: split.id, err: error }, FALLBACK_LOGS.cancelBySignal);
    return null;
  });
  if (result === null) return signaledCancel(deps, split.id, actor, answerBy);
  if (result.changed) {
    if (result.status === null) throw notFound(MESSAGES.notFound);
    return { status: result.status, changed: false };
  }
  if (!result.value.changed) return result.value;
  const settleBy = Math.min(answerBy, Date.now() + CANCEL_SETTLE_MS);
  const status = await readUntil(deps, split.id, settleBy, (now) => now === 'canceled');
  return { status: status ?? result.value.status, changed: true };
}

/**
 * gRPC codes for a call whose outcome is unknown: UNAVAILABLE, no Temporal frontend could be reached (a
 * history or frontend process restarting); CANCELLED, the frontend reset the call's stream, which it
 * does when the call's deadline passes on its side before the client's own timer fires (a busy event
 * loop), or when it stops. The SDK counts an update cancelled so too (WorkflowUpdateRPCTimeoutOrCancelledError).
 */
const GRPC_OUTCOME_UNKNOWN = new Set([1 /* CANCELLED */, 14 /* UNAVAILABLE */]);

/**
 * Temporal did not take the call before its deadline, could not be reached, or cut the call: the signal
 * may or may not have been recorded, and asking again later is the only way to know.
 */
export function temporalNotReached(error: unknown): boolean {
  if (isGrpcDeadlineError(error)) return true;
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (isGrpcServiceError(cause) && GRPC_OUTCOME_UNKNOWN.has(cause.code)) return true;
  }
  return false;
}

/**
 * The cancel as a signal, which Temporal accepts and keeps even while the workflow's task is retried
 * or no worker is free (it reaches the history at once, or when the task being retried ends); the
 * workflow cancels on it if the split is still pending when its task next runs. The outcome is read
 * back from the split until `answerBy`: `changed` once it left `pending` for `canceling` or
 * `canceled`, and `pending` (not changed) if the workflow has not run by then.
 * The signal gets what is left before `answerBy` (normally the CANCEL_FALLBACK_MS the update left it)
 * and never more, so the bound holds. If nothing is left, or Temporal does not take the signal in that
 * time (deadline exceeded, unavailable), the outcome is `pending` too: not confirmed, to be sent again.
 */
async function signaledCancel(deps: CheckoutDeps, splitId: string, actor: string, answerBy: number) {
  const notConfirmed: CancelOutcome = { status: 'pending', changed: false };
  if (Date.now() >= answerBy) {
    deps.logger.warn({ splitId }, FALLBACK_LOGS.cancelSignalNotSent);
    return notConfirmed;
  }
  const { client } = deps.temporal;
  try {
    await client.connection.withDeadline(answerBy, () =>
      client.workflow.getHandle(splitWorkflowId(splitId)).signal(cancelSplitSignal, { actor }),
    );
  } catch (error) {
    if (!temporalNotReached(error)) throw error;
    deps.logger.warn({ splitId, err: error }, FALLBACK_LOGS.cancelSignalNotSent);
    return notConfirmed;
  }
  const status = await readUntil(deps, splitId, answerBy, (now) => now !== 'pending');
  if (status === null) throw notFound(MESSAGES.notFound);
  return { status, changed: status === 'canceling' || status === 'canceled' };
}

/**
 * Cancel, from both callers (spec: Splits; Hosted checkout, "Cancel from the server"):
 * - POST /api/checkout-splits/:id/cancel (dashboard session): Owner, Admin, Member or the creating
 *   account; 200 `{ status: canceled }` on any status, acting only on `pending`; a cancel of a pending
 *   split not confirmed by the bound answers 503 `cancel_not_confirmed`, as on the API key.
 * - POST /api/merchants/checkout/splits/:id/cancel (API key): acts only on `pending` (everyone is
 *   e-mailed from the cancel's outbox event, as for every cancel); a repeat on a cancelled split is 200 again, any other status 409 `not_pending`.
 */
export function splitCancelRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();
  const splitParams = splitIdParams(SplitIdParams);

  // Each cancel answers within CANCEL_ANSWER_WAIT_MS of reaching the gateway (docs/splits.md, "How fast a cancel answers").
  const answerByFromReceipt = (ctx: Context) =>
    receivedAtGateway(ctx) + deps.config.CANCEL_ANSWER_WAIT_MS - CANCEL_ANSWER_RESERVE_MS;

  router.post('/api/checkout-splits/:id/cancel', auth('session'), splitParams, async (ctx: Context) => {
    const answerBy = answerByFromReceipt(ctx);
    const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.cancel');
    // The spec: on any status other than pending this answers 200 canceled and does nothing.
    if (split.status === 'pending') {
      const outcome = await requestCancel(deps, split, `user:${principal.userId}`, answerBy);
      // Not confirmed (the signal not sent, or not acted on by the bound): a 200 here would tell the
      // dashboard the order is cancelled while it can still be captured, so it gets the API key's 503.
      if (!outcome.changed && outcome.status === 'pending') throw cancelNotConfirmed(ctx);
    }
    ctx.body = CANCELED;
  });

  router.post('/api/merchants/checkout/splits/:id/cancel', auth('api_key'), splitParams, async (ctx: Context) => {
    const answerBy = answerByFromReceipt(ctx);
    const { principal, split } = await routeSplit(ctx, db, apiKeyPrincipal, 'split.cancel');
    if (split.status === 'canceled') {
      ctx.body = CANCELED;
      return;
    }
    if (split.status !== 'pending') throw notPending(split.status);
    const outcome = await requestCancel(deps, split, `api_key:${principal.apiKeyId}`, answerBy);
    // `changed` means the workflow took this cancel while pending: it is in the workflow's history
    // and nothing can capture the split any more. The answer does not wait for the releases (a slow
    // processor, a worker restarting): the split reads `canceling` until they finish, then `canceled`.
    // A cancel sent as a signal that the workflow has not acted on yet: neither done nor refused.
    if (!outcome.changed && outcome.status === 'pending') throw cancelNotConfirmed(ctx);
    if (!outcome.changed && outcome.status !== 'canceled') throw notPending(outcome.status);
    // The spec's "e-mails payers": once the holds are released, the split's `checkout_split.canceled`
    // outbox event e-mails every participant and the organiser, as for every other cancel
    // (activities/src/receipts, docs/emails.md "When an order is cancelled"), once each.
    ctx.body = CANCELED;
  });

  return router;
}
