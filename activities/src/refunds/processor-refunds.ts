import {
  createProcessors,
  ParticipantsRepository,
  type ProcessorRefund,
  refundIdForProcessorRefund,
  SplitHistoryRepository,
  SplitRefundsRepository,
  toProcessorError,
} from '@groupsplit/shared';
import type { RefundActivities } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { dispatchCommittedEvents } from '../outbox';
import { PROCESSOR_FAILURE_TYPE, processorFailure } from '../split/processor-failure';
import { isLastAttempt } from '../split/shares';
import { lockSplit, participantsOf, recordRefundedEvent, refundResult, settleSplitStatus } from './projection';
import { reverseRemainingFeeOrReport } from './refunds';

/** Our own refunds carry `refund_id` in their metadata (the adapter adds it); the rest were made elsewhere. */
const madeElsewhere = (refund: ProcessorRefund) =>
  !refund.metadata.refund_id && refund.status !== 'failed' && refund.status !== 'canceled';

/**
 * Refunds made in the merchant's own processor dashboard. The split workflow runs this when
 * checkout reports `charge.refunded`; it re-reads the participant's refunds at the processor (so
 * order and repeats of events do not matter), records each refund it has not seen as a history
 * row with actor `processor`, makes `refunded_amount` follow the processor, and emits
 * `checkout_split.refunded` per refund. Refunds this service made are recognised by their
 * `refund_id` metadata and never counted twice.
 */
export function createProcessorRefundActivities(deps: ActivityDeps): Pick<RefundActivities, 'syncProcessorRefunds'> {
  const { config, db, logger } = deps;
  const processors = createProcessors(config, { logger });

  return {
    async syncProcessorRefunds({ splitId, participantId, maxAttempts }) {
      const [row] = await new ParticipantsRepository(db).shares(splitId, [participantId]);
      if (!row) throw ApplicationFailure.nonRetryable(`Participant ${participantId} of split ${splitId} not found`);
      const processor = processors.forMode(row.mode);
      const ref = row.processor_payment_intent_id
        ? { accountId: row.processor_account_id, paymentIntentId: row.processor_payment_intent_id }
        : null;

      let refunds: ProcessorRefund[] = [];
      let chargeFullyRefunded = false;
      if (ref) {
        try {
          const [listed, hold] = await Promise.all([processor.listRefunds(ref), processor.retrieveHold(ref)]);
          refunds = listed;
          chargeFullyRefunded = hold.amountReceived > 0 && hold.amountRefunded >= hold.amountReceived;
        } catch (error) {
          // The activity's retry policy allows more attempts than this read is owed (the refund
          // slices' policy): past `maxAttempts` a transient failure is final, so the split's task
          // queue moves on (the workflow notes processor_refund_sync_failed; the next charge.refunded
          // event, or support, reads again) instead of holding every refund behind it for minutes.
          const failure = toProcessorError(error);
          if (failure.retryable && !isLastAttempt(maxAttempts)) throw processorFailure(failure);
          throw ApplicationFailure.create({
            message: failure.message,
            type: PROCESSOR_FAILURE_TYPE,
            nonRetryable: true,
            details: [failure.toJSON()],
          });
        }
      }
      const foreign = refunds.filter(madeElsewhere).sort((a, b) => a.created.localeCompare(b.created));

      const eventIds: (string | null)[] = [];
      const outcome = await db.transaction().execute(async (trx) => {
        const split = await lockSplit(trx, splitId);
        if (!split) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
        const refunds = new SplitRefundsRepository(trx);
        const history = new SplitHistoryRepository(trx);
        const known = await refunds.processorRefundIds(participantId);
        const fresh = foreign.filter((r) => !known.has(r.id));
        const participant = (await participantsOf(trx, splitId)).find((p) => p.id === participantId)!;
        let refundedAmount = participant.refunded_amount;
        const recorded: { id: string; amount: number }[] = [];
        for (const processorRefund of fresh) {
          // The share comes back first; anything beyond it is the customer's service fee.
          const sharePart = Math.min(processorRefund.amount, Math.max(0, participant.amount - refundedAmount));
          // Derived from the processor's id: a reconcile after a database restore writes the same row and event id.
          const refundId = refundIdForProcessorRefund(processorRefund.id);
          await refunds.begin(
            {
              id: refundId,
              split_id: splitId,
              merchant_id: split.merchant_id,
              mode: split.mode,
              source: 'processor',
              actor: 'processor',
              actor_detail: 'processor',
              requested_amount: null,
              amount: sharePart,
              refunded: sharePart,
              status: 'complete',
              reason: null,
              idempotency_key: null,
              completed_at: new Date(),
            },
            [
              {
                refund_id: refundId,
                participant_id: participantId,
                position: 0,
                amount: sharePart,
                customer_fee: processorRefund.amount - sharePart,
                completes_share: sharePart > 0 && refundedAmount + sharePart === participant.amount,
                status: 'succeeded',
                processor_refund_id: processorRefund.id,
              },
            ],
          );
          refundedAmount += sharePart;
          recorded.push({ id: refundId, amount: sharePart });
          await history.add({
            splitId,
            participantId,
            kind: 'processor_refund',
            actor: 'processor',
            dedupeKey: `processor_refund:${processorRefund.id}`,
            detail: { refund_id: refundId, processor_refund_id: processorRefund.id, amount: processorRefund.amount },
          });
        }
        // The participant is refunded when the processor says the whole charge is back.
        const becomesRefunded = chargeFullyRefunded && participant.status === 'captured';
        if (recorded.length > 0 || becomesRefunded) {
          await new ParticipantsRepository(trx).setRefunded(
            participantId,
            becomesRefunded ? participant.amount : refundedAmount,
            becomesRefunded,
          );
          if (becomesRefunded) {
            await history.add({
              splitId,
              participantId,
              kind: 'refunded',
              actor: 'processor',
              dedupeKey: `processor_refunded:${participantId}`,
              from: 'captured',
              to: 'refunded',
            });
          }
        }
        const participants = await participantsOf(trx, splitId);
        const settled = await settleSplitStatus(
          trx,
          split,
          participants,
          'processor',
          recorded[0]?.id ?? `processor:${participantId}`,
        );
        for (const { id } of recorded) {
          const refund = await refunds.findRefund(id);
          await refunds.setResult(id, refundResult(refund, split, settled.splitStatus, participants));
          eventIds.push(await recordRefundedEvent(trx, splitId, refund));
        }
        const lastProcessorRefund = await refunds.lastProcessorRefundSlice(participantId);
        const feeReversed = await refunds.feeReversed(participantId);
        const owesFeeReversal =
          participants.find((p) => p.id === participantId)?.status === 'refunded' &&
          !feeReversed &&
          lastProcessorRefund;
        return {
          recorded: recorded.length,
          settled,
          feeReversalRefundId: owesFeeReversal ? lastProcessorRefund.refund_id : null,
        };
      });

      // The whole charge is back: the service's fee goes back to the merchant too, as it does for
      // refunds made here, so the merchant never funds it.
      await dispatchCommittedEvents(deps, eventIds);
      if (outcome.feeReversalRefundId && ref) {
        const ids = { splitId, refundId: outcome.feeReversalRefundId, participantId };
        if (await reverseRemainingFeeOrReport({ db, processor, maxAttempts }, ref, ids)) {
          await new SplitRefundsRepository(db).markFeeReversed(ids.refundId, participantId);
        }
      }
      return { recorded: outcome.recorded, ...outcome.settled };
    },
  };
}
