import {
  ParticipantsRepository,
  retryTransientProcessorCall,
  SplitHistoryRepository,
  SplitProjectionRepository,
  toProcessorError,
  type UnwrittenCapture,
} from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity';
import { dispatchCommittedEvents } from '../outbox';
import { recordSplitEvent } from './events';
import { processorFailure } from './processor-failure';
import { holdAfterFailure, type Share, type SplitContext } from './shares';
import { moveStatus } from './status';

/**
 * A capture's transient processor failure (5xx, timeout) is tried again at once, twice, under the
 * same idempotency key, before the step fails and CAPTURE_RETRY's backoff takes over. A batch step
 * fails on any one share's failure, so without this a processor failing one call in ten left about
 * one split in two hundred waiting in `capturing` for support after the batch's four attempts,
 * though every capture would have gone through.
 */
const CAPTURE_QUICK_RETRY_PAUSES_MS = [200, 500];

/** The capture batch (docs/splits.md, "Capture batch") and the projection's view of its progress. */
export function createCaptureActivities(
  context: SplitContext,
): Pick<SplitActivities, 'captureBatch' | 'capturedShares'> {
  const { deps, db, loadShares } = context;
  const participants = new ParticipantsRepository(db);

  /**
   * One share's capture at the processor (idempotency key `capture:<participantId>`), nothing
   * written on success; a share the projection shows captured is not called for. Answers the
   * charge's id when the processor named it (the finance export lists it).
   */
  async function captureAtProcessor(splitId: string, share: Share): Promise<string | null> {
    const participantId = share.id;
    if (share.status === 'captured') return null;
    const ref = share.ref;
    if (!ref) throw ApplicationFailure.nonRetryable(`Participant ${participantId} has no hold to capture`);
    try {
      const hold = await retryTransientProcessorCall(
        () => share.processor.captureHold({ ...ref, participantId }),
        CAPTURE_QUICK_RETRY_PAUSES_MS,
      );
      return hold.chargeId;
    } catch (error) {
      const failure = toProcessorError(error);
      if (failure.retryable) throw processorFailure(failure);
      // Captured already (a replay, or the merchant in the processor dashboard): that is success.
      const hold = await holdAfterFailure(share.processor, ref);
      if (hold?.status !== 'succeeded') {
        await participants.setStatus(
          participantId,
          share.status,
          {
            splitId,
            participantId,
            kind: 'capture_failed',
            actor: 'processor',
            dedupeKey: `capture_failed:${participantId}`,
            detail: { error: failure.message, code: failure.code, hold_status: hold?.status ?? null },
          },
          { last_error: failure.message },
        );
        throw processorFailure(failure);
      }
      return hold.chargeId;
    }
  }

  /**
   * The last share's write and the split's `capturing` → `captured`, one transaction. Repeated
   * after the split moved on, it finds the split captured or the transition's history row and
   * writes nothing twice; a split anywhere else is not ours to move.
   */
  async function writeSplitCaptured(splitId: string, last: UnwrittenCapture | null, dedupeKey: string) {
    const eventId = await db.transaction().execute(async (trx): Promise<string | null> => {
      const projection = new SplitProjectionRepository(trx);
      const moved = await projection.markCaptured(splitId);
      if (!moved) {
        const status = await projection.statusOf(splitId);
        if (!status) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
        if (status !== 'captured' && !(await new SplitHistoryRepository(trx).has(dedupeKey))) {
          throw ApplicationFailure.nonRetryable(`Split ${splitId} is ${status}, expected capturing before captured`);
        }
      }
      if (last) await new ParticipantsRepository(trx).writeCapture(splitId, last);
      if (!moved) return null;
      await new SplitHistoryRepository(trx).add({
        splitId,
        kind: 'status',
        actor: 'system',
        dedupeKey,
        from: 'capturing',
        to: 'captured',
      });
      return recordSplitEvent(trx, splitId, 'checkout_split.paid', `paid:${splitId}`);
    });
    await dispatchCommittedEvents(deps, [eventId]);
  }

  return {
    async captureBatch({ splitId, participantIds, capturing, captured }) {
      // `capturing` is written before any money moves; the shares are read meanwhile, once for the batch.
      const [, shares] = await Promise.all([
        moveStatus(deps, {
          splitId,
          from: 'pending',
          to: 'capturing',
          actor: 'system',
          dedupeKey: capturing.dedupeKey,
        }),
        loadShares(splitId, participantIds),
      ]);
      let unwritten: UnwrittenCapture | null = null;
      for (const share of shares) {
        if (share.status === 'captured') continue;
        // Timed out or cancelled: the workflow has moved on (a retry, compensation), so no further capture.
        if (Context.current().cancellationSignal.aborted) throw new CancelledFailure('capture batch cancelled');
        // One capture at a time; the previous share's write goes on while this share is captured.
        const earlier: Promise<void> = unwritten ? participants.writeCapture(splitId, unwritten) : Promise.resolve();
        const [call, write]: [PromiseSettledResult<string | null>, PromiseSettledResult<void>] =
          await Promise.allSettled([captureAtProcessor(splitId, share), earlier]);
        if (write.status === 'rejected') throw write.reason;
        if (call.status === 'rejected') throw call.reason;
        unwritten = { participantId: share.id, from: share.status, chargeId: call.value };
      }
      await writeSplitCaptured(splitId, unwritten, captured.dedupeKey);
    },

    capturedShares: ({ splitId }) => participants.capturedIds(splitId),
  };
}
