import {
  type Hold,
  ParticipantsRepository,
  SplitHistoryRepository,
  SplitProjectionRepository,
  SplitSeatsRepository,
  toProcessorError,
} from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import { processorFailure } from './processor-failure';
import { holdFor, holdPlacedHistory, type SplitContext } from './shares';
import { splitRowsFromCreation } from './split-rows';

/**
 * Creation: the split's row with its shares (status `creating`), then one hold per share
 * (idempotency key `hold:<participantId>`). Both are safe to run again: the rows are inserted only
 * when missing (a share keeps the pay token it was first given), and a share with a hold keeps it.
 */
export function createOpenAndHoldActivities({
  db,
  loadShare,
}: SplitContext): Pick<SplitActivities, 'openSplit' | 'placeHold'> {
  return {
    async openSplit(input) {
      const createdAt = new Date(input.createdAt);
      const { split, shares } = splitRowsFromCreation(input, {
        createdAt,
        authorizationExpiresAt: new Date(input.authorizationExpiresAt),
        status: 'creating',
      });
      await new SplitProjectionRepository(db).open(split, shares, {
        splitId: input.splitId,
        kind: 'opened',
        actor: input.createdBy ? `user:${input.createdBy}` : 'system',
        dedupeKey: `opened:${input.splitId}`,
        to: 'creating',
      });
      await new SplitSeatsRepository(db).open(
        (input.seats ?? []).map((seat, position) => ({
          id: seat.id,
          split_id: input.splitId,
          position,
          amount: seat.amount,
          customer_fee: seat.customerFee,
          merchant_fee: seat.merchantFee,
          participant_id: null,
          claimed_at: null,
          created_at: createdAt,
        })),
      );
    },

    async placeHold({ splitId, participantId }) {
      const share = await loadShare(splitId, participantId);
      if (share.processor_payment_intent_id) return { paymentIntentId: share.processor_payment_intent_id };
      let hold: Hold;
      try {
        hold = await share.processor.createHold(holdFor(splitId, share));
      } catch (error) {
        const failure = toProcessorError(error);
        if (!failure.retryable) {
          await new SplitHistoryRepository(db).add({
            splitId,
            participantId,
            kind: 'hold_failed',
            actor: 'processor',
            dedupeKey: `hold_failed:${participantId}`,
            detail: { error: failure.message, code: failure.code },
          });
        }
        throw processorFailure(failure);
      }
      await new ParticipantsRepository(db).recordHold(
        participantId,
        hold,
        holdPlacedHistory(splitId, participantId, hold),
      );
      return { paymentIntentId: hold.id };
    },
  };
}
