import {
  createProcessors,
  outstandingTotal,
  ParticipantsRepository,
  type Processor,
  type ProcessorError,
  SplitHistoryRepository,
  type SplitHistoryRow,
  SplitRefundsRepository,
  SplitsRepository,
  sliceRefund,
  toProcessorError,
} from '@groupsplit/shared';
import type { RefundActivities, SplitStatus } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { dispatchCommittedEvents } from '../outbox';
import { processorFailure } from '../split/processor-failure';
import { isLastAttempt } from '../split/shares';
import { findOwnRefund } from './own-refund';
import { lockSplit, participantsOf, recordRefundedEvent, refundResult, settleSplitStatus } from './projection';

/**
 * What became of one participant's slice of a refund, in the split's history. The dedupe key names
 * the kind, the refund and the participant, so a retried activity writes each outcome once.
 */
function addSliceHistory(
  db: ActivityDeps['db'],
  slice: { splitId: string; refundId: string; participantId: string },
  entry: Pick<SplitHistoryRow, 'kind' | 'actor' | 'from' | 'to' | 'detail'>,
) {
  return new SplitHistoryRepository(db).add({
    splitId: slice.splitId,
    participantId: slice.participantId,
    dedupeKey: `${entry.kind}:${slice.refundId}:${slice.participantId}`,
    ...entry,
  });
}

/** Statuses each kind of refund starts from: the dashboard refunds only a captured split (docs/spec.md, Splits). */
const REFUNDABLE_FROM: Record<'api' | 'dashboard', SplitStatus[]> = {
  api: ['captured', 'partially_refunded'],
  dashboard: ['captured'],
};

/** Already reversed, or nothing left of it: the merchant is not funding the fee either way. */
const feeAlreadyBack = (failure: ProcessorError) => failure.code === 'charge_already_refunded';

/**
 * Returns what is left of the service's application fee on one charge. Called after the
 * refund that completes a share, so the merchant never funds the fee (the processor reverses
 * the fee only in proportion to flagged refunds; earlier partial slices were not flagged).
 */
async function reverseRemainingFee(
  processor: Processor,
  ref: { accountId: string; paymentIntentId: string },
  refundId: string,
  participantId: string,
): Promise<'reversed' | 'nothing_left'> {
  const hold = await processor.retrieveHold(ref);
  if (!hold.applicationFeeId) return 'nothing_left';
  try {
    await processor.refundApplicationFee({ applicationFeeId: hold.applicationFeeId, refundId, participantId });
    return 'reversed';
  } catch (error) {
    const failure = toProcessorError(error);
    if (feeAlreadyBack(failure)) return 'nothing_left';
    throw failure;
  }
}

/**
 * Reverses what is left of the fee (reverseRemainingFee) and answers whether it is back. A failure
 * the processor may get over is thrown for the activity to retry, until its last attempt; then, or
 * on a failure it will not get over, the customer still has their money, so the refund goes on and
 * `fee_reversal_failed` in the split's history leaves the fee for support to reverse by hand.
 */
export async function reverseRemainingFeeOrReport(
  { db, processor, maxAttempts }: { db: ActivityDeps['db']; processor: Processor; maxAttempts: number },
  ref: { accountId: string; paymentIntentId: string },
  { splitId, refundId, participantId }: { splitId: string; refundId: string; participantId: string },
): Promise<boolean> {
  try {
    await reverseRemainingFee(processor, ref, refundId, participantId);
    return true;
  } catch (error) {
    const failure = toProcessorError(error);
    if (failure.retryable && !isLastAttempt(maxAttempts)) throw processorFailure(failure);
    await addSliceHistory(
      db,
      { splitId, refundId, participantId },
      { kind: 'fee_reversal_failed', actor: 'processor', detail: { refund_id: refundId, error: failure.message } },
    );
    return false;
  }
}

/** API-key and dashboard refunds: begin (check and slice), one processor refund per slice, finish. */
export function createRefundRunActivities(
  deps: ActivityDeps,
): Pick<RefundActivities, 'beginRefund' | 'refundSlice' | 'finishRefund'> {
  const { config, db, logger } = deps;
  const processors = createProcessors(config, { logger });

  return {
    async beginRefund(input) {
      return db.transaction().execute(async (trx) => {
        // The split row lock orders this against processor-refund syncs and other writers.
        const split = await lockSplit(trx, input.splitId);
        if (!split) throw ApplicationFailure.nonRetryable(`Split ${input.splitId} not found`);
        // An earlier attempt of this very step committed, and its worker died before reporting it:
        // carry on with the slices it wrote. (Found by its idempotency key below, it would look like
        // someone else's refund and never run; without a key, it would be written twice.)
        const refunds = new SplitRefundsRepository(trx);
        const begun = await refunds.sliceParticipants(input.refundId);
        if (begun.length > 0) return { kind: 'started' as const, participantIds: begun };
        if (input.idempotencyKey !== null) {
          const existing = await new SplitsRepository(trx).findRefundByKey(
            { merchantId: split.merchant_id, mode: split.mode },
            input.idempotencyKey,
          );
          if (existing) return { kind: 'existing' as const, refundId: existing.id };
        }
        const rejected = (code: 'not_refundable' | 'not_captured' | 'refund_in_progress' | 'over_refund') => ({
          kind: 'rejected' as const,
          code,
          splitStatus: split.status,
        });
        if (!REFUNDABLE_FROM[input.source].includes(split.status)) {
          return rejected(input.source === 'dashboard' ? 'not_captured' : 'not_refundable');
        }
        const participants = await participantsOf(trx, split.id);
        const refundedSoFar = participants.reduce((sum, p) => sum + p.refunded_amount, 0);
        // The caller read a different order (a refund landed in between): read again and retry.
        if (refundedSoFar !== input.expectedRefunded) return rejected('refund_in_progress');
        const shares = participants
          .filter((p) => p.status === 'captured')
          .map((p) => ({ participantId: p.id, outstanding: Math.max(0, p.amount - p.refunded_amount) }));
        const outstanding = outstandingTotal(shares);
        if (outstanding <= 0) return rejected('not_refundable');
        const amount = input.amount ?? outstanding;
        if (amount > outstanding) return rejected('over_refund');

        const slices = sliceRefund(amount, shares);
        const byId = new Map(participants.map((p) => [p.id, p]));
        await refunds.begin(
          {
            id: input.refundId,
            split_id: split.id,
            merchant_id: split.merchant_id,
            mode: split.mode,
            source: input.source,
            actor: input.actor,
            actor_detail: input.actorDetail,
            requested_amount: input.amount,
            amount,
            status: 'in_progress',
            reason: input.reason,
            idempotency_key: input.idempotencyKey,
          },
          slices.map((slice, position) => ({
            refund_id: input.refundId,
            participant_id: slice.participantId,
            position,
            amount: slice.amount,
            // The customer's 20p goes back with the slice that completes their share.
            customer_fee: slice.completesShare ? byId.get(slice.participantId)!.customer_fee : 0,
            completes_share: slice.completesShare,
            status: 'pending' as const,
          })),
        );
        await new SplitHistoryRepository(trx).add({
          splitId: split.id,
          kind: 'refund_started',
          actor: input.actorDetail,
          dedupeKey: `refund_started:${input.refundId}`,
          detail: { refund_id: input.refundId, amount, reason: input.reason, source: input.source },
        });
        return { kind: 'started' as const, participantIds: slices.map((s) => s.participantId) };
      });
    },

    async refundSlice({ splitId, refundId, participantId, maxAttempts }) {
      const slice = await new SplitRefundsRepository(db).sliceToRefund(splitId, refundId, participantId);
      if (!slice) throw ApplicationFailure.nonRetryable(`No refund slice ${refundId}/${participantId}`);
      // A retried activity whose refusal was recorded: the same answer, from what was recorded.
      if (slice.status === 'failed') {
        const recorded = slice.failure?.participant_id === participantId ? slice.failure : null;
        const error = slice.error ?? recorded?.error;
        return { outcome: 'failed', ...(error ? { error } : {}), code: recorded?.code ?? null };
      }
      if (!slice.processor_payment_intent_id) throw ApplicationFailure.nonRetryable('Participant has no charge');
      const processor = processors.forMode(slice.mode);
      const ref = { accountId: slice.processor_account_id, paymentIntentId: slice.processor_payment_intent_id };

      if (slice.status === 'pending') {
        let processorRefundId: string;
        try {
          const refund = await processor.refund({
            ...ref,
            refundId,
            participantId,
            amount: slice.amount + slice.customer_fee,
            // Completing slice: the processor reverses the fee in proportion; the rest follows below.
            refundApplicationFee: slice.completes_share,
            metadata: { split_id: splitId },
          });
          processorRefundId = refund.id;
        } catch (error) {
          const failure = toProcessorError(error);
          if (failure.retryable && !isLastAttempt(maxAttempts)) throw processorFailure(failure);
          const made = await findOwnRefund(processor, ref, refundId, participantId).catch(() => null);
          if (made) processorRefundId = made;
          else if (failure.unanswered) {
            // No answer is not a refusal: a call that timed out may still be made after this look-up (a
            // chaos run on 7 December 2026 recorded a slice refused that the processor refunded a second
            // later). It is asked again under its key, over the activity's remaining attempts, until the
            // processor answers; only an answer is recorded as a refusal.
            throw processorFailure(failure);
          } else {
            await db.transaction().execute(async (trx) => {
              await new SplitRefundsRepository(trx).failSlice(refundId, participantId, {
                participant_id: participantId,
                email: slice.email,
                amount: slice.amount,
                error: failure.message,
                code: failure.code ?? null,
              });
              await addSliceHistory(
                trx,
                { splitId, refundId, participantId },
                {
                  kind: 'refund_refused',
                  actor: 'processor',
                  detail: {
                    refund_id: refundId,
                    amount: slice.amount,
                    error: failure.message,
                    code: failure.code ?? null,
                  },
                },
              );
            });
            return { outcome: 'failed', error: failure.message, code: failure.code ?? null };
          }
        }
        await db.transaction().execute(async (trx) => {
          const moved = await new SplitRefundsRepository(trx).succeedSlice(refundId, participantId, processorRefundId);
          if (!moved) return; // a retried activity
          await new ParticipantsRepository(trx).addRefunded(participantId, {
            amount: slice.amount,
            completesShare: slice.completes_share,
            shareAmount: slice.share_amount,
          });
          await addSliceHistory(
            trx,
            { splitId, refundId, participantId },
            {
              kind: 'refunded',
              actor: 'system',
              ...(slice.completes_share ? { from: 'captured', to: 'refunded' } : {}),
              detail: {
                refund_id: refundId,
                amount: slice.amount,
                customer_fee: slice.customer_fee,
                processor_refund_id: processorRefundId,
              },
            },
          );
        });
      }

      if (slice.completes_share && !slice.application_fee_refunded) {
        // A share refunded in one go had its whole fee reversed with the refund; one that had
        // earlier slices still has the unflagged part of the fee to reverse.
        if (slice.amount < slice.share_amount) {
          const ids = { splitId, refundId, participantId };
          if (!(await reverseRemainingFeeOrReport({ db, processor, maxAttempts }, ref, ids))) {
            return { outcome: 'succeeded' };
          }
        }
        await new SplitRefundsRepository(db).markFeeReversed(refundId, participantId);
      }
      return { outcome: 'succeeded' };
    },

    async finishRefund({ splitId, refundId }) {
      let eventId: string | null = null;
      const finished = await db.transaction().execute(async (trx) => {
        const split = await lockSplit(trx, splitId);
        if (!split) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
        const refunds = new SplitRefundsRepository(trx);
        const refund = await refunds.lockRefund(refundId);
        const slices = await refunds.slicesOf(refundId);
        const participants = await participantsOf(trx, splitId);
        if (refund.status !== 'in_progress') {
          // A retried activity: already finished.
          return {
            status: refund.status === 'partial' ? ('partial' as const) : ('complete' as const),
            splitStatus: split.status,
            participants: participants.map((p) => ({ id: p.id, status: p.status })),
          };
        }
        const refunded = slices.filter((s) => s.status === 'succeeded').reduce((sum, s) => sum + s.amount, 0);
        const status = slices.every((s) => s.status === 'succeeded') ? ('complete' as const) : ('partial' as const);
        const settled = await settleSplitStatus(trx, split, participants, refund.actor_detail, refundId);
        const finished = { ...refund, refunded, status };
        const result = refundResult(finished, split, settled.splitStatus, participants);
        await refunds.finish(refundId, { refunded, status, result });
        await new SplitHistoryRepository(trx).add({
          splitId,
          kind: status === 'complete' ? 'refund_complete' : 'refund_partial',
          actor: refund.actor_detail,
          dedupeKey: `refund_finished:${refundId}`,
          detail: { refund_id: refundId, amount: refund.amount, refunded },
        });
        // Money moved: the merchant hears about it (a refund refused before any slice moved nothing).
        if (refunded > 0) eventId = await recordRefundedEvent(trx, splitId, finished);
        return { status, splitStatus: settled.splitStatus, participants: settled.participants };
      });
      await dispatchCommittedEvents(deps, [eventId]);
      return finished;
    },
  };
}
