import { randomUUID } from 'node:crypto';
import {
  type AppError,
  ApplicationFailure,
  badRequest,
  conflict,
  formatPounds,
  isWorkflowUpdateFailedError,
  MESSAGES,
  notFound,
  type SplitRefundRow,
  type SplitRow,
  SplitsRepository,
  TIMED_OUT,
  WorkflowNotFoundError,
  within,
} from '@groupsplit/shared';
import {
  NOT_REFUNDABLE,
  REFUND_IN_PROGRESS,
  type RefundRequest,
  type RefundWorkflowResult,
  requestRefundUpdate,
  splitWorkflowId,
} from '@groupsplit/workflows';
import { updateNotTakenYet } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { FALLBACK_LOGS } from '../fallback-logs';
import { callSplitWorkflow } from '../splits/changed-since-read';

type RefundRow = SplitRefundRow;

/** The spec's messages, and ours where it gives only a code (docs/refunds.md). */
export const REFUND_MESSAGES = {
  forbidden: MESSAGES.refundForbidden,
  notCaptured: MESSAGES.onlyCapturedRefund,
  vanished: MESSAGES.splitVanished,
  notPaid: 'This order has not been paid, so there is nothing to refund',
  canceled: 'This order was cancelled or never completed, so there is nothing to refund',
  fullyRefunded: 'This order has already been refunded in full',
  nothingLeft: 'Nothing on this order is left to refund',
  inProgress: 'Another refund is being processed for this order, or the order changed; read it again and retry',
  keyReused: 'This idempotency_key was already used with a different amount or reason',
  overRefund: (amount: number, outstanding: number) =>
    `The refund of £${formatPounds(amount)} is more than the £${formatPounds(outstanding)} still outstanding`,
  partial: (email: string, error: string) =>
    `The refund stopped at ${email}: the payment processor refused it (${error}). ` +
    'Refunds before it went through and were not undone; refund the rest with a new idempotency_key.',
} as const;

const M = REFUND_MESSAGES;

export type RefundCaller = 'api' | 'dashboard';

/** 409 not_refundable, worded for the order's status; the dashboard's own 400 for a non-captured split. */
export function notRefundable(source: RefundCaller, status: string): AppError {
  if (source === 'dashboard') return badRequest(M.notCaptured);
  const message =
    status === 'refunded'
      ? M.fullyRefunded
      : ['canceled', 'canceling', 'creation_failed', 'capture_failed'].includes(status)
        ? M.canceled
        : ['captured', 'partially_refunded'].includes(status)
          ? M.nothingLeft
          : M.notPaid;
  return conflict(message, 'not_refundable', { status });
}

export const refundInProgress = () => conflict(M.inProgress, 'refund_in_progress');
export const overRefund = (amount: number, outstanding: number) =>
  badRequest(M.overRefund(amount, outstanding), 'over_refund', undefined, { outstanding: formatPounds(outstanding) });

/** What the merchant asked for; compared with a stored refund that has the same idempotency key. */
export type RefundAsk = {
  splitId: string;
  amount: number | null;
  reason: string | null;
  idempotencyKey: string | null;
};

/**
 * The answer for a refund that has run: 200 with the refund result, or 409 partial_failure with
 * what went through. A repeated idempotency key with a different ask is 409 idempotency_key_reused.
 */
export function answerFromRefund(row: RefundRow, ask: RefundAsk): { status: number; body: unknown } {
  checkSameAsk(row, ask);
  if (row.status === 'in_progress' || !row.result) throw refundInProgress();
  if (row.status === 'partial') {
    const failure = row.failure;
    const failed = failure?.email ?? null;
    throw conflict(
      M.partial(failed ?? 'a participant', failure?.error ?? 'no answer from the payment processor'),
      'partial_failure',
      { refund: { ...row.result, failed_participant: failed, failure_reason: failure?.error ?? null } },
    );
  }
  return { status: 200, body: row.result };
}

/** 409 idempotency_key_reused unless `ask` is what the stored refund with its key was asked for. */
export function checkSameAsk(row: RefundRow, ask: RefundAsk) {
  if (
    ask.idempotencyKey !== null &&
    (row.split_id !== ask.splitId || row.requested_amount !== ask.amount || row.reason !== ask.reason)
  ) {
    throw conflict(M.keyReused, 'idempotency_key_reused');
  }
}

/** A stored refund with this idempotency key for the merchant and mode, if any. */
export function findRefundByKey(
  deps: CheckoutDeps,
  scope: { merchantId: string; mode: 'test' | 'live' },
  idempotencyKey: string,
): Promise<RefundRow | undefined> {
  return new SplitsRepository(deps.db).findRefundByKey(scope, idempotencyKey);
}

/** Refunded so far on the split (pence): the caller's view, which the worker checks is still current. */
export async function refundedSoFar(deps: CheckoutDeps, splitId: string) {
  const participants = await new SplitsRepository(deps.db).participantsOf(splitId);
  const refunded = participants.reduce((sum, p) => sum + p.refunded_amount, 0);
  const outstanding = participants
    .filter((p) => p.status === 'captured')
    .reduce((sum, p) => sum + Math.max(0, p.amount - p.refunded_amount), 0);
  return { refunded, outstanding };
}

/** The ApplicationFailure type of a refused workflow update (the validator's rejection), else null. */
const refusalType = (error: unknown) =>
  isWorkflowUpdateFailedError(error) && error.cause instanceof ApplicationFailure ? error.cause.type : null;

/**
 * Asks the split workflow for a refund (update `requestRefund`; it runs the child refund
 * workflow one at a time) and turns its outcome into the HTTP answer, within
 * `REFUND_ANSWER_WAIT_MS`: a refund still running after that is answered 409 `refund_in_progress`.
 */
export async function requestRefund(
  deps: CheckoutDeps,
  split: SplitRow,
  source: RefundCaller,
  who: { actor: string; actorDetail: string },
  ask: RefundAsk,
): Promise<{ status: number; body: unknown }> {
  const refunds = new SplitsRepository(deps.db);
  const { refunded } = await refundedSoFar(deps, split.id);
  const request: RefundRequest = {
    refundId: randomUUID(),
    source,
    actor: who.actor,
    actorDetail: who.actorDetail,
    amount: ask.amount,
    reason: ask.reason,
    idempotencyKey: ask.idempotencyKey,
    expectedRefunded: refunded,
  };
  const handle = deps.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
  const answer = callSplitWorkflow(
    deps,
    split.id,
    () =>
      // One update id for every ask of this request: asked again, the server joins a pending one.
      handle
        .executeUpdate(requestRefundUpdate, { args: [request], updateId: request.refundId })
        .catch((error: unknown) => {
          if (refusalType(error) === REFUND_IN_PROGRESS) throw refundInProgress();
          throw error;
        }),
    // The workflow is past refunds (or finished): the order changed since it was read.
    (error) => refusalType(error) === NOT_REFUNDABLE || error instanceof WorkflowNotFoundError,
  );
  const call = await within(
    // Never taken by a worker in the time it was asked for: still pending, it may yet run.
    answer.catch((error: unknown) => {
      if (updateNotTakenYet(error)) throw refundInProgress();
      throw error;
    }),
    deps.config.REFUND_ANSWER_WAIT_MS,
  );
  // Still running (a slow processor, workers restarting): it goes on in the workflow, and the
  // caller hears what the spec says of a refund being processed. The same idempotency_key joins it.
  if (call === TIMED_OUT) {
    deps.logger.warn({ splitId: split.id, idempotencyKey: ask.idempotencyKey }, FALLBACK_LOGS.refundStillRunning);
    throw refundInProgress();
  }
  if (call.changed) {
    if (!call.status) throw source === 'dashboard' ? badRequest(M.vanished) : notFound(MESSAGES.notFound);
    throw notRefundable(source, call.status);
  }
  const result: RefundWorkflowResult = call.value;

  switch (result.kind) {
    case 'rejected':
      if (result.code === 'refund_in_progress') throw refundInProgress();
      if (result.code === 'over_refund') {
        const { outstanding } = await refundedSoFar(deps, split.id);
        throw overRefund(ask.amount ?? 0, outstanding);
      }
      throw notRefundable(source, result.splitStatus);
    case 'existing':
    case 'finished': {
      const row = await refunds.findRefund(result.refundId);
      if (!row) throw refundInProgress();
      return answerFromRefund(row, ask);
    }
    case 'failed': {
      const row = await refunds.findRefund(result.refundId);
      if (row && row.status !== 'in_progress') return answerFromRefund(row, ask);
      throw new Error(`refund ${result.refundId} failed: ${result.message}`);
    }
  }
}
