import { MembershipsRepository, WebhookDeliveriesRepository } from '@groupsplit/shared';
import type { WebhookGiveUpNotice } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';

/** Marks the last attempt as the one after which nothing more will be tried, and says whom to tell. */
export function createGiveUpActivity({ db }: ActivityDeps) {
  return async function giveUpWebhookDelivery(input: {
    deliveryId: string;
    eventId: string;
  }): Promise<WebhookGiveUpNotice | null> {
    const deliveries = new WebhookDeliveriesRepository(db);
    const attempts = await deliveries.attemptsOf(input.deliveryId);
    const last = attempts[0];
    const first = attempts[attempts.length - 1];
    if (!last || !first) return null;
    await deliveries.giveUp(last.id);
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
