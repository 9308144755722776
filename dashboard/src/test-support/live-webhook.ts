import { randomUUID } from 'node:crypto';
import type { Stack } from '@groupsplit/testing';

/**
 * The go-live checklist's webhook step, written into the tables: a live webhook URL and one delivered
 * test event to it. A live URL must be public https (docs/webhooks.md), which the test stack cannot
 * receive, so browser tests that walk the checklist seed this step instead of doing it on the page.
 */
export async function seedLiveWebhookDelivered(db: Stack['db'], merchantId: string, url: string) {
  await db
    .insertInto('webhook_settings')
    .values({ merchant_id: merchantId, mode: 'live', url, secret_ciphertext: null })
    .onConflict((oc) => oc.columns(['merchant_id', 'mode']).doUpdateSet({ url }))
    .execute();
  const event = await db
    .insertInto('webhook_events')
    .values({
      merchant_id: merchantId,
      mode: 'live',
      type: 'checkout_split.paid',
      payload: JSON.stringify({ test: true }),
      dedupe_key: `test-${randomUUID()}`,
      sample: true,
      dispatched_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('webhook_deliveries')
    .values({
      delivery_id: randomUUID(),
      event_id: event.id,
      merchant_id: merchantId,
      mode: 'live',
      event_type: 'checkout_split.paid',
      trigger: 'test',
      attempt: 1,
      url,
      outcome: 'succeeded',
      status_code: 200,
      response_excerpt: 'ok',
      duration_ms: 40,
      error: null,
      signed_at: new Date(),
      next_attempt_at: null,
      gave_up_at: null,
      started_at: new Date(),
    })
    .execute();
}
