import {
  formatPounds,
  MembershipsRepository,
  ParticipantsRepository,
  SplitHistoryRepository,
  SplitProjectionRepository,
  SplitRefundsRepository,
  stableUuid,
} from '@groupsplit/shared';
import type { RefundActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';

/**
 * Chargebacks: `disputed_at` on the participant and on the split (first dispute wins; the status
 * is untouched and no webhook is sent, as docs/spec.md, Outbound webhooks, says), one split_disputes row per dispute, and
 * the owner's login address to e-mail.
 */
export function createDisputeActivities({ db }: ActivityDeps): Pick<RefundActivities, 'recordDispute'> {
  return {
    async recordDispute(input) {
      const participant = await new ParticipantsRepository(db).findForDispute(input.paymentIntentId, input.mode);
      if (!participant) return null;

      const disputedAt = await db.transaction().execute(async (trx) => {
        const now = new Date();
        await new SplitRefundsRepository(trx).recordDispute({
          id: input.disputeId,
          split_id: participant.split_id,
          participant_id: participant.id,
          mode: input.mode,
          amount: input.amount,
          reason: input.reason,
          processor_status: input.processorStatus,
        });
        const disputedAt = await new ParticipantsRepository(trx).markDisputed(participant.id, now);
        await new SplitProjectionRepository(trx).markDisputed(participant.split_id, now);
        await new SplitHistoryRepository(trx).add({
          splitId: participant.split_id,
          participantId: participant.id,
          kind: 'disputed',
          actor: 'processor',
          dedupeKey: `disputed:${input.disputeId}`,
          detail: { dispute_id: input.disputeId, amount: input.amount, reason: input.reason },
        });
        return disputedAt;
      });

      // The only business address (docs/spec.md, Notifications by e-mail): the owner's login e-mail.
      const owner = await new MembershipsRepository(db).findOwner(participant.merchant_id);
      if (!owner) return null;
      return {
        emailId: stableUuid(`dispute:${input.disputeId}`),
        to: owner.email,
        merchantId: participant.merchant_id,
        data: {
          business_name: participant.name,
          order_reference: participant.order_reference,
          split_id: participant.split_id,
          participant_email: participant.email,
          amount: formatPounds(input.amount),
          reason: input.reason,
          dispute_id: input.disputeId,
          mode: participant.mode,
          disputed_at: disputedAt.toISOString(),
        },
      };
    },
  };
}
