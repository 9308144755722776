import {
  type Hold,
  ParticipantsRepository,
  randomToken,
  SplitHistoryRepository,
  SplitProjectionRepository,
  SplitSeatsRepository,
  toProcessorError,
} from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import { processorFailure } from './processor-failure';
import { holdFor, holdPlacedHistory, type SplitContext } from './shares';

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
      await new SplitProjectionRepository(db).open(
        {
          id: input.splitId,
          merchant_id: input.merchantId,
          mode: input.mode,
          created_by: input.createdBy,
          order_reference: input.orderReference,
          currency: input.currency,
          status: 'creating',
          total_amount: input.totalAmount,
          customer_fee_total: input.customerFeeTotal,
          merchant_fee_total: input.merchantFeeTotal,
          application_fee_total: input.applicationFeeTotal,
          merchant_fee_bps: input.merchantFeeBps,
          processor_account_id: input.processorAccountId,
          authorization_expires_at: new Date(input.authorizationExpiresAt),
          // The group link's secret, like a pay token; only a split with open seats has one.
          group_token: input.seats?.length ? randomToken(24) : null,
          session_token: input.session?.token ?? null,
          session_context: input.session
            ? JSON.stringify({
                customer_email: input.session.customerEmail,
                customer_name: input.session.customerName,
                metadata: input.session.metadata,
                // The name the buyer typed for themself (docs/splits.md, "Names"); absent when none was.
                ...(input.session.organiserName ? { organiser_name: input.session.organiserName } : {}),
              })
            : null,
          // Null unless the split uses the merchant accept step (docs/splits.md, "Merchant accept").
          awaiting_merchant: input.session?.capture === 'merchant_accept' ? false : null,
          created_at: createdAt,
        },
        input.participants.map((p, position) => ({
          id: p.id,
          split_id: input.splitId,
          position,
          user_id: null,
          email: p.email,
          name: p.name ?? null,
          amount: p.amount,
          customer_fee: p.customerFee,
          merchant_fee: p.merchantFee,
          status: 'pending' as const,
          pay_token: randomToken(24),
          created_at: createdAt,
        })),
        {
          splitId: input.splitId,
          kind: 'opened',
          actor: input.createdBy ? `user:${input.createdBy}` : 'system',
          dedupeKey: `opened:${input.splitId}`,
          to: 'creating',
        },
      );
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
