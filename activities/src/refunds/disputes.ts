import { formatPounds, MembershipsRepository, stableUuid } from '@groupsplit/shared';
import type { RefundActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { addSplitHistory } from '../split/history';

/**
 * Chargebacks: `disputed_at` on the participant and on the split (first dispute wins; the status
 * is untouched and no webhook is sent, as docs/spec.md, Outbound webhooks, says), one split_disputes row per dispute, and
 * the owner's login address to e-mail.
 */
export function createDisputeActivities({ db }: ActivityDeps): Pick<RefundActivities, 'recordDispute'> {
  return {
    async recordDispute(input) {
      const participant = await db
        .selectFrom('split_participants as p')
        .innerJoin('splits as s', 's.id', 'p.split_id')
        .innerJoin('merchants as m', 'm.id', 's.merchant_id')
        .select(['p.id', 'p.email', 'p.split_id', 's.merchant_id', 's.order_reference', 's.mode', 'm.name'])
        .where('p.processor_payment_intent_id', '=', input.paymentIntentId)
        .where('s.mode', '=', input.mode)
        .executeTakeFirst();
      if (!participant) return null;

      const disputedAt = await db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .insertInto('split_disputes')
          .values({
            id: input.disputeId,
            split_id: participant.split_id,
            participant_id: participant.id,
            mode: input.mode,
            amount: input.amount,
            reason: input.reason,
            processor_status: input.processorStatus,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        const updated = await trx
          .updateTable('split_participants')
          .set((eb) => ({ disputed_at: eb.fn.coalesce('disputed_at', eb.val(now)), updated_at: now }))
          .where('id', '=', participant.id)
          .returning('disputed_at')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('splits')
          .set((eb) => ({ disputed_at: eb.fn.coalesce('disputed_at', eb.val(now)), updated_at: now }))
          .where('id', '=', participant.split_id)
          .execute();
        await addSplitHistory(trx, {
          splitId: participant.split_id,
          participantId: participant.id,
          kind: 'disputed',
          actor: 'processor',
          dedupeKey: `disputed:${input.disputeId}`,
          detail: { dispute_id: input.disputeId, amount: input.amount, reason: input.reason },
        });
        return updated.disputed_at ?? now;
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
