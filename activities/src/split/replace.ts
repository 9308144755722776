import { type Hold, isProcessorError, type Processors, randomToken, toProcessorError } from '@groupsplit/shared';
import type { ReleaseReplacedHoldOutcome, ReplaceParticipantResult, SplitActivities } from '@groupsplit/workflows';
import { ApplicationFailure, activityInfo } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { addSplitHistory } from './history';
import { processorFailure } from './processor-failure';

/**
 * Replacing a pending participant (workflows/src/split/replace.ts): the new hold and the swap of
 * the participant row, then the release of the replaced hold. Both are safe to retry: processor
 * calls carry idempotency keys built from the participant id and the replacement number, and the
 * swap is guarded by the hold it replaces.
 */
export function createReplaceActivities(
  { db }: ActivityDeps,
  processors: Processors,
): Pick<SplitActivities, 'replaceParticipant' | 'releaseReplacedHold'> {
  async function loadParticipant(splitId: string, participantId: string) {
    const row = await db
      .selectFrom('split_participants as p')
      .innerJoin('splits as s', 's.id', 'p.split_id')
      .select([
        'p.id',
        'p.email',
        'p.status',
        'p.amount',
        'p.customer_fee',
        'p.merchant_fee',
        'p.processor_payment_intent_id',
        's.mode',
        's.currency',
        's.order_reference',
        's.processor_account_id',
      ])
      .where('p.id', '=', participantId)
      .where('p.split_id', '=', splitId)
      .executeTakeFirst();
    if (!row) throw ApplicationFailure.nonRetryable(`Participant ${participantId} of split ${splitId} not found`);
    return { ...row, processor: processors.forMode(row.mode) };
  }

  return {
    async replaceParticipant({
      splitId,
      participantId,
      email,
      actor,
      replacement,
      previousPaymentIntentId,
    }): Promise<ReplaceParticipantResult> {
      const share = await loadParticipant(splitId, participantId);
      const accountId = share.processor_account_id;

      // A retry after the swap committed: the replacement is made.
      if (share.processor_payment_intent_id !== previousPaymentIntentId) {
        const placed = await db
          .selectFrom('split_history')
          .select('detail')
          .where('dedupe_key', '=', `replaced:${participantId}:${replacement}`)
          .executeTakeFirst();
        const paymentIntentId = placed?.detail?.payment_intent_id;
        if (typeof paymentIntentId === 'string' && paymentIntentId === share.processor_payment_intent_id) {
          return { outcome: 'replaced', paymentIntentId };
        }
        throw ApplicationFailure.nonRetryable(`Participant ${participantId} changed before it was replaced`);
      }
      if (share.status !== 'pending') {
        throw ApplicationFailure.nonRetryable(`Participant ${participantId} is ${share.status}, not pending`);
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
          accountId,
          splitId,
          participantId,
          shareAmount: share.amount,
          customerFee: share.customer_fee,
          applicationFeeAmount: share.customer_fee + share.merchant_fee,
          currency: share.currency,
          description: share.order_reference,
          metadata: { replacement: String(replacement) },
          replacement,
        });
      } catch (error) {
        throw processorFailure(toProcessorError(error));
      }

      await db.transaction().execute(async (trx) => {
        const swapped = await trx
          .updateTable('split_participants')
          .set({
            email,
            // The old pay link stops working with this commit.
            pay_token: randomToken(24),
            processor_payment_intent_id: hold.id,
            processor_client_secret: hold.clientSecret,
            capture_before: null,
            last_error: null,
            updated_at: new Date(),
          })
          .where('id', '=', participantId)
          .where('status', '=', 'pending')
          .where((eb) =>
            previousPaymentIntentId === null
              ? eb('processor_payment_intent_id', 'is', null)
              : eb('processor_payment_intent_id', '=', previousPaymentIntentId),
          )
          .executeTakeFirst();
        if (Number(swapped.numUpdatedRows) === 0) {
          throw ApplicationFailure.nonRetryable(`Participant ${participantId} changed before it was replaced`);
        }
        // The new person has not been reminded by anyone yet.
        await trx.deleteFrom('checkout_participant_reminders').where('participant_id', '=', participantId).execute();
        await addSplitHistory(trx, {
          splitId,
          participantId,
          kind: 'participant_replaced',
          actor,
          dedupeKey: `replaced:${participantId}:${replacement}`,
          detail: {
            replacement,
            previous_email: share.email,
            email,
            previous_payment_intent_id: previousPaymentIntentId,
            payment_intent_id: hold.id,
          },
        });
      });
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
      const share = await loadParticipant(splitId, participantId);
      const ref = { accountId: share.processor_account_id, paymentIntentId };
      const record = (kind: string, detail: Record<string, unknown> = {}) =>
        addSplitHistory(db, {
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
        const hold = await share.processor.retrieveHold(ref).catch(() => null);
        if (hold?.status === 'canceled') {
          await record('replaced_hold_released', { already: true });
          return { outcome: 'already_released' };
        }
        if (failure.retryable && activityInfo().attempt < maxAttempts) throw processorFailure(failure);
        // Nobody can reach this hold any more (its pay link is gone); it lapses by itself.
        await record('replaced_hold_release_failed', { error: failure.message, hold_status: hold?.status ?? null });
        return { outcome: 'failed', error: failure.message };
      }
    },
  };
}
