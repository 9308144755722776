import type { Priority } from '@temporalio/common';
import { ParentClosePolicy, proxyActivities, type RetryPolicy, startChild } from '@temporalio/workflow';
import { sendEmailWorkflow } from '../email';
import { WORKER_ALIVE_TIMEOUT } from '../liveness';
import type { DisputeInput, RefundActivities, RefundWorkflowInput, RefundWorkflowResult } from './types';

export const refundWorkflowId = (splitId: string, refundId: string) => `refund:${splitId}:${refundId}`;
export const disputeWorkflowId = (disputeId: string) => `dispute:${disputeId}`;

/**
 * A refund's tasks go ahead of the splits' own on the shared task queue (Temporal's task queue
 * priority: lower goes first, and work without a key is 3). A merchant is waiting on the answer
 * (checkout holds it for up to a minute), and a refund is a few tasks; behind a backlog of every
 * open split's tasks it waited minutes (bench/history/2026-12-cluster.md, runs H and I: 6,760 of
 * 8,766 s of refund time was tasks waiting to be taken). Its activities inherit the key. Servers
 * from 1.31 honour it (`matching.useNewMatcher` on by default); the dev server's 1.29 ignores it.
 */
export const REFUND_PRIORITY: Priority = { priorityKey: 1 };

/**
 * A processor refund is retried a little for transient trouble (5xx, rate limit, timeout), then
 * recorded as refused: the caller is waiting, and a new idempotency key finishes the job. The
 * activity counts those attempts itself (`maxAttempts`) and answers on the last one.
 */
export const REFUND_SLICE_ATTEMPTS = 3;
/**
 * Attempts lost without an answer (a worker that died mid-call, its start-to-close timeout) also
 * count, and must not leave a slice `pending` that the processor may have refunded: the activity
 * gets this many in all. From REFUND_SLICE_ATTEMPTS on, each attempt answers whatever the processor
 * says (a refund already made under the slice's idempotency key is found and recorded); a call that
 * got no answer at all (a timeout) is asked again under its key, since it may still be made. Should
 * every attempt go unanswered, the slice stays `pending` (unknown), never `failed`.
 */
export const REFUND_SLICE_ACTIVITY_ATTEMPTS = 12;
const REFUND_SLICE_RETRY: RetryPolicy = {
  initialInterval: '500 milliseconds',
  backoffCoefficient: 2,
  maximumInterval: '3 seconds',
  maximumAttempts: REFUND_SLICE_ACTIVITY_ATTEMPTS,
};

/** Postgres trouble is waited out, but not forever. */
const PROJECTION_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 20,
};

export const refundProjectionActivities = proxyActivities<
  Pick<RefundActivities, 'beginRefund' | 'finishRefund' | 'recordDispute'>
>({ startToCloseTimeout: '20 seconds', heartbeatTimeout: WORKER_ALIVE_TIMEOUT, retry: PROJECTION_RETRY });

export const refundProcessorActivities = proxyActivities<
  Pick<RefundActivities, 'refundSlice' | 'syncProcessorRefunds'>
>({ startToCloseTimeout: '45 seconds', heartbeatTimeout: WORKER_ALIVE_TIMEOUT, retry: REFUND_SLICE_RETRY });

/**
 * One refund, started by the split workflow as its child (`refund:<splitId>:<refundId>`), which
 * runs one at a time. Each participant's slice is its own processor refund, in order; a refusal
 * stops the rest and nothing already refunded is unwound (docs/spec.md, Errors: partial_failure).
 */
export async function refundWorkflow(input: RefundWorkflowInput): Promise<RefundWorkflowResult> {
  const begun = await refundProjectionActivities.beginRefund(input);
  if (begun.kind !== 'started') return begun;
  for (const participantId of begun.participantIds) {
    let refused = false;
    try {
      const slice = await refundProcessorActivities.refundSlice({
        splitId: input.splitId,
        refundId: input.refundId,
        participantId,
        maxAttempts: REFUND_SLICE_ATTEMPTS,
      });
      refused = slice.outcome === 'failed';
    } catch {
      // Only a projection failure that outlasted every attempt lands here (refusals are returned);
      // the slice stays pending and the refund is reported partial, like a refusal.
      refused = true;
    }
    if (refused) break;
  }
  const finished = await refundProjectionActivities.finishRefund({ splitId: input.splitId, refundId: input.refundId });
  return { kind: 'finished', refundId: input.refundId, ...finished };
}

/**
 * A chargeback: `disputed_at` on the participant and the split, then one e-mail to the owner's
 * login address (its own workflow, abandoned, so SMTP trouble is retried independently).
 */
export async function splitDisputeWorkflow(input: DisputeInput): Promise<{ notified: boolean }> {
  const notice = await refundProjectionActivities.recordDispute(input);
  if (!notice) return { notified: false };
  await startChild(sendEmailWorkflow, {
    workflowId: `email:${notice.emailId}`,
    args: [
      {
        id: notice.emailId,
        to: notice.to,
        template: 'refunds.dispute_opened',
        data: notice.data,
        merchantId: notice.merchantId,
        category: 'merchant',
      },
    ],
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  return { notified: true };
}
