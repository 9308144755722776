import {
  isProcessorError,
  ParticipantsRepository,
  type ProcessorError,
  type SplitHistoryRow,
  toProcessorError,
} from '@groupsplit/shared';
import type {
  ParticipantStatus,
  ReleaseInput,
  ReleaseOutcome,
  ReleasePurpose,
  RollbackRefundOutcome,
  SplitActivities,
} from '@groupsplit/workflows';
import { findOwnRefund } from '../refunds/own-refund';
import { processorFailure } from './processor-failure';
import { holdAfterFailure, isLastAttempt, type Share, type SplitContext } from './shares';

/**
 * Whether a failed processor call is thrown to be tried again (same idempotency key) rather than
 * recorded. Cancel and expiry retry any transient failure. A capture rollback is attempted once (the
 * spec), so only a call that got no answer is asked again, which finishes that one attempt.
 */
function askAgain(failure: ProcessorError, purpose: ReleasePurpose, maxAttempts: number) {
  const transient = purpose === 'capture_failed' ? failure.unanswered : failure.retryable;
  return transient && !isLastAttempt(maxAttempts);
}

/**
 * Releasing holds (cancel, expiry, a failed creation, a capture rollback) and the capture
 * rollback's refund of a share already captured. Releases are best-effort: a hold that cannot be
 * released lapses by itself, and the failure is recorded on the last attempt.
 */
export function createReleaseAndRefundActivities({
  db,
  loadShare,
}: SplitContext): Pick<SplitActivities, 'releaseShare' | 'rollbackCapturedShare'> {
  const participants = new ParticipantsRepository(db);

  /**
   * A capture rollback's refund of one captured share: the whole charge, its customer fee and the
   * platform's fee (idempotency key `refund:rollback-<splitId>:<participantId>`, so it is made once
   * however often it is asked for). Attempted once: the processor's refusal is recorded and the
   * participant left `captured`, where the money is; a failure with no answer (a timeout, a 5xx) is
   * thrown to be asked again under the same key until the last attempt (ROLLBACK_RETRY). Before a
   * failure is recorded, the processor's refunds of the charge are read: an earlier attempt whose answer
   * was lost may have made it, which a later error answer cannot rule out (chaos run 26). `found`: a
   * release found the share captured at the processor while the projection still showed its hold (the
   * history rows say so, and move from there).
   */
  async function refundRollback(
    splitId: string,
    share: Share,
    ref: NonNullable<Share['ref']>,
    { actor, maxAttempts }: { actor: string; maxAttempts: number },
    found?: Record<string, unknown>,
  ): Promise<RollbackRefundOutcome> {
    const participantId = share.id;
    const from: ParticipantStatus = found ? share.status : 'captured';
    const refundId = `rollback-${splitId}`;
    try {
      await share.processor.refund({
        ...ref,
        refundId,
        participantId,
        refundApplicationFee: true,
        metadata: { reason: 'capture_failed' },
      });
    } catch (error) {
      const failure = toProcessorError(error);
      if (askAgain(failure, 'capture_failed', maxAttempts)) throw processorFailure(failure);
      // An earlier attempt that got no answer may have made the refund; this answer cannot say it did not.
      const made = await findOwnRefund(share.processor, ref, refundId, participantId).catch(() => null);
      if (!made) return recordRollbackRefused(splitId, participantId, { actor, from, found }, failure);
    }
    await participants.setStatus(
      participantId,
      'refunded',
      {
        splitId,
        participantId,
        kind: 'rollback_refunded',
        actor,
        dedupeKey: `rollback_refunded:${participantId}`,
        from,
        to: 'refunded',
        detail: found,
      },
      { refunded_amount: share.amount },
    );
    return { outcome: 'refunded', status: 'refunded' };
  }

  /** The rollback refund was refused and none was made: the participant stays `captured`, where the money is. */
  async function recordRollbackRefused(
    splitId: string,
    participantId: string,
    { actor, from, found }: { actor: string; from: ParticipantStatus; found?: Record<string, unknown> },
    failure: ProcessorError,
  ): Promise<RollbackRefundOutcome> {
    await participants.setStatus(
      participantId,
      'captured',
      {
        splitId,
        participantId,
        kind: 'rollback_refund_failed',
        actor,
        dedupeKey: `rollback_refund_failed:${participantId}`,
        ...(found ? { from, to: 'captured' } : {}),
        detail: { error: failure.message, ...found },
      },
      { last_error: failure.message },
    );
    return { outcome: 'failed', status: 'captured', error: failure.message };
  }

  async function releaseShare({
    splitId,
    participantId,
    purpose,
    actor,
    maxAttempts,
  }: ReleaseInput): Promise<ReleaseOutcome> {
    const share = await loadShare(splitId, participantId);
    if (share.status !== 'pending' && share.status !== 'authorised')
      return { outcome: 'no_hold', status: share.status };
    if (!share.ref) return { outcome: 'no_hold', status: share.status };
    const history = (kind: string, to: ParticipantStatus, detail?: Record<string, unknown>): SplitHistoryRow => ({
      splitId,
      participantId,
      kind,
      actor,
      dedupeKey: `${kind}:${purpose}:${participantId}`,
      from: share.status,
      to,
      detail: { purpose, ...detail },
    });
    try {
      await share.processor.releaseHold({ ...share.ref, participantId, reason: 'abandoned' });
      await participants.setStatus(participantId, 'canceled', history('hold_released', 'canceled'));
      return { outcome: 'released', status: 'canceled' };
    } catch (error) {
      const failure = isProcessorError(error) ? error : toProcessorError(error);
      const hold = await holdAfterFailure(share.processor, share.ref);
      if (hold?.status === 'canceled') {
        await participants.setStatus(
          participantId,
          'canceled',
          history('hold_released', 'canceled', { already: true }),
        );
        return { outcome: 'already_released', status: 'canceled' };
      }
      if (hold?.status === 'succeeded') {
        // A capture rollback: the money was taken for this split (a capture whose answer or write was
        // lost, or a merchant's capture), so it is refunded like every captured share.
        if (purpose === 'capture_failed') {
          const refunded = await refundRollback(
            splitId,
            share,
            share.ref,
            { actor, maxAttempts },
            {
              purpose,
              captured_at_processor: true,
            },
          );
          return { ...refunded, outcome: refunded.outcome === 'refunded' ? 'refunded' : 'refund_failed' };
        }
        // Captured in the merchant's own processor dashboard: skipped, and the participant says so.
        await participants.setStatus(participantId, 'captured', history('captured_elsewhere', 'captured'));
        return { outcome: 'captured_elsewhere', status: 'captured' };
      }
      if (askAgain(failure, purpose, maxAttempts)) throw processorFailure(failure);
      // Cancel and expiry end the row canceled even so (the hold lapses by itself); a failed
      // rollback leaves it authorised, because that is where the money is.
      const to: ParticipantStatus = purpose === 'capture_failed' ? share.status : 'canceled';
      await participants.setStatus(participantId, to, history('release_failed', to, { error: failure.message }), {
        last_error: failure.message,
      });
      return { outcome: 'failed', status: to, error: failure.message };
    }
  }

  return {
    releaseShare,

    async rollbackCapturedShare({ splitId, participantId, actor, maxAttempts }) {
      const share = await loadShare(splitId, participantId);
      // The workflow knows this share was captured but the projection never recorded it (its write
      // failed; the split waited for support): the processor says where the money is, and a capture
      // found there is refunded by the release path, never reported refunded untouched. Attempted once, as
      // every rollback refund is (ROLLBACK_RETRY asks again only when no answer came).
      if ((share.status === 'authorised' || share.status === 'pending') && share.ref) {
        const released = await releaseShare({
          splitId,
          participantId,
          purpose: 'capture_failed',
          actor,
          maxAttempts,
        });
        const failed = released.outcome === 'failed' || released.outcome === 'refund_failed';
        return { outcome: failed ? 'failed' : 'refunded', status: released.status, error: released.error };
      }
      if (share.status !== 'captured' || !share.ref) return { outcome: 'refunded', status: share.status };
      return refundRollback(splitId, share, share.ref, { actor, maxAttempts });
    },
  };
}
