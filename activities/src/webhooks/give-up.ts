import { MembershipsRepository } from '@groupsplit/shared';
import type { WebhookGiveUpNotice } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';

/** Marks the last attempt as the one after which nothing more will be tried, and says whom to tell. */
export function createGiveUpActivity({ db }: ActivityDeps) {
  return async function giveUpWebhookDelivery(input: {
    deliveryId: string;
    eventId: string;
  }): Promise<WebhookGiveUpNotice | null> {
    const attempts = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('delivery_id', '=', input.deliveryId)
      .orderBy('attempt', 'desc')
      .execute();
    const last = attempts[0];
    const first = attempts[attempts.length - 1];
    if (!last || !first) return null;
    await db
      .updateTable('webhook_deliveries')
      .set({ gave_up_at: new Date(), next_attempt_at: null })
      .where('id', '=', last.id)
      .where('gave_up_at', 'is', null)
      .execute();
    // The only business address (docs/spec.md, Notifications by e-mail) is the owner's login e-mail.
    const owner = await new MembershipsRepository(db).findOwner(last.merchant_id);
    if (!owner) return null;
    return {
      to: owner.email,
      merchantId: last.merchant_id,
      data: {
        business_name: owner.business_name,
        mode: last.mode,
        event_id: input.eventId,
        event_type: last.event_type,
        attempts: attempts.length,
        url: last.url,
        last_error: last.error,
        last_status_code: last.status_code,
        first_attempt_at: first.started_at.toISOString(),
      },
    };
  };
}
