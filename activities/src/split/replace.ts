import {
  type Hold,
  isProcessorError,
  ParticipantsRepository,
  randomToken,
  SplitHistoryRepository,
  toProcessorError,
} from '@groupsplit/shared';
import type { ReleaseReplacedHoldOutcome, ReplaceParticipantResult, SplitActivities } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/activity';
import { processorFailure } from './processor-failure';
import { holdAfterFailure, holdFor, isLastAttempt, type SplitContext } from './shares';

/**
 * Replacing a pending participant (workflows/src/split/replace.ts): the new hold and the swap of
 * the participant row, then the release of the replaced hold. Both are safe to retry: processor
 * calls carry idempotency keys built from the participant id and the replacement number, and the
 * swap is guarded by the hold it replaces.
 */
export function createReplaceActivities({
  db,
  loadShare,
}: SplitContext): Pick<SplitActivities, 'replaceParticipant' | 'releaseReplacedHold'> {
  const history = new SplitHistoryRepository(db);

  return {
    async replaceParticipant({
      splitId,
      participantId,
      email,
      actor,
      replacement,
      previousPaymentIntentId,
      name,
      cover,
    }): Promise<ReplaceParticipantResult> {
      const share = await loadShare(splitId, participantId);
      const participants = new ParticipantsRepository(db);
      const accountId = share.processor_account_id;

      // A retry after the swap committed: the replacement is made.
      if (share.processor_payment_intent_id !== previousPaymentIntentId) {
        const placed = await history.detailOf(`replaced:${participantId}:${replacement}`);
        const paymentIntentId = placed?.payment_intent_id;
        if (typeof paymentIntentId === 'string' && paymentIntentId === share.processor_payment_intent_id) {
          return { outcome: 'replaced', paymentIntentId };
        }
        throw ApplicationFailure.nonRetryable(`Participant ${participantId} changed before it was replaced`);
      }
      if (share.status !== 'pending') {
        throw ApplicationFailure.nonRetryable(`Participant ${participantId} is ${share.status}, not pending`);
      }
      // Decided here, before any hold: covers and replaces reach this one at a time (the workflow's queue).
      if (cover && (await participants.wouldAllBePaidBy(splitId, email, participantId))) {
        return { outcome: 'would_leave_single_payer' };
      }

      if (previousPaymentIntentId) {
        let previous: Hold;
        try {
          previous = await share.processor.retrieveHold({ accountId, paymentIntentId: previousPaymentIntentId });
        } catch (error) {
          throw processorFailure(toProcessorError(error));
        }
        // They paid a moment ago and the news is on its way: their payment stands.
        if (previous.status === 'requires_capture') return { outcome: 'already_authorised' };
      }

      let hold: Hold;
      try {
        hold = await share.processor.createHold({
          ...holdFor(splitId, share),
          metadata: { replacement: String(replacement) },
          replacement,
        });
      } catch (error) {
        throw processorFailure(toProcessorError(error));
      }

      const swapped = await db.transaction().execute((trx) =>
        new ParticipantsRepository(trx).swapForReplacement({
          splitId,
          participantId,
          email,
          // The old pay link stops working with this commit.
          payToken: randomToken(24),
          hold,
          previousPaymentIntentId,
          name: name ?? null,
          ...(cover
            ? {
                cover: {
                  name: cover.name,
                  covered: { email: share.email, name: share.name, payToken: share.pay_token },
                  at: new Date(),
                },
              }
            : {}),
          history: {
            splitId,
            participantId,
            kind: cover ? 'participant_covered' : 'participant_replaced',
            actor,
            dedupeKey: `replaced:${participantId}:${replacement}`,
            detail: {
              replacement,
              previous_email: share.email,
              email,
              previous_payment_intent_id: previousPaymentIntentId,
              payment_intent_id: hold.id,
            },
          },
        }),
      );
      if (!swapped)
        throw ApplicationFailure.nonRetryable(`Participant ${participantId} changed before it was replaced`);
      return { outcome: 'replaced', paymentIntentId: hold.id };
    },

    async releaseReplacedHold({
      splitId,
      participantId,
      paymentIntentId,
      replacement,
      actor,
      maxAttempts,
    }): Promise<ReleaseReplacedHoldOutcome> {
      const share = await loadShare(splitId, participantId);
      const ref = { accountId: share.processor_account_id, paymentIntentId };
      const record = (kind: string, detail: Record<string, unknown> = {}) =>
        history.add({
          splitId,
          participantId,
          kind,
          actor,
          dedupeKey: `${kind}:${participantId}:${replacement}`,
          detail: { payment_intent_id: paymentIntentId, replacement, ...detail },
        });
      try {
        await share.processor.releaseHold({ ...ref, participantId, reason: 'abandoned', replacedBy: replacement });
        await record('replaced_hold_released');
        return { outcome: 'released' };
      } catch (error) {
        const failure = isProcessorError(error) ? error : toProcessorError(error);
        const hold = await holdAfterFailure(share.processor, ref);
        if (hold?.status === 'canceled') {
          await record('replaced_hold_released', { already: true });
          return { outcome: 'already_released' };
        }
        if (failure.retryable && !isLastAttempt(maxAttempts)) throw processorFailure(failure);
        // Nobody can reach this hold any more (its pay link is gone); it lapses by itself.
        await record('replaced_hold_release_failed', { error: failure.message, hold_status: hold?.status ?? null });
        return { outcome: 'failed', error: failure.message };
      }
    },
  };
}
