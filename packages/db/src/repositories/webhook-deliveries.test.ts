import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { createDb, type Db } from '..';
import type { WebhookDeliveriesTable } from '../schema/webhooks';
import { WebhookEventsRepository } from './outbox';
import { insertMerchant } from './test-support/rows';
import { WebhookDeliveriesRepository, WebhookSettingsRepository } from './webhook-deliveries';

/**
 * WebhookEventsRepository, WebhookDeliveriesRepository and WebhookSettingsRepository against the
 * run's migrated Postgres database alone. Each test has its own business, so reads over the outbox
 * look only at its rows.
 */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const events = () => new WebhookEventsRepository(db);
const deliveries = () => new WebhookDeliveriesRepository(db);
const settings = () => new WebhookSettingsRepository(db);

async function recordEvent(merchantId: string, data: Record<string, unknown> = {}, sample = false) {
  const id = await events().record([
    merchantId,
    'test',
    'checkout_split.paid',
    JSON.stringify(data),
    `test:${randomUUID()}`,
    sample,
  ]);
  return id!;
}

function logRow(
  merchantId: string,
  eventId: string,
  overrides: Partial<Insertable<WebhookDeliveriesTable>> = {},
): Insertable<WebhookDeliveriesTable> {
  return {
    delivery_id: `webhook:${eventId}`,
    event_id: eventId,
    merchant_id: merchantId,
    mode: 'test',
    event_type: 'checkout_split.paid',
    trigger: 'event',
    attempt: 1,
    url: 'https://shop.example/hooks',
    outcome: 'failed',
    status_code: 500,
    response_excerpt: null,
    duration_ms: 12,
    error: null,
    signed_at: null,
    next_attempt_at: new Date(Date.now() + 60_000),
    started_at: new Date(),
    ...overrides,
  };
}

describe('WebhookEventsRepository', () => {
  it('records an event once per dedupe key, lists the undispatched and marks a sample dispatched', async () => {
    const merchantId = await insertMerchant(db);
    const dedupeKey = `test:${randomUUID()}`;
    const values = [merchantId, 'test', 'checkout_split.paid', '{"a":1}', dedupeKey, true] as const;
    const id = await events().record(values);
    expect(id).toEqual(expect.any(String));
    expect(await events().record(values)).toBeNull();
    const other = await recordEvent(merchantId);

    expect(await events().undispatchedIds({ olderThanMs: 0, limit: 10, merchantId })).toEqual([id, other]);
    expect(await events().undispatchedIds({ olderThanMs: 3600_000, limit: 10, merchantId })).toEqual([]);
    expect(await events().undispatchedIds({ olderThanMs: 0, limit: 1, merchantId })).toEqual([id]);

    expect(await events().markDispatchedByDedupeKey(dedupeKey)).toBe(id);
    expect(await events().undispatchedIds({ olderThanMs: 0, limit: 10, merchantId })).toEqual([other]);
    await expect(events().markDispatchedByDedupeKey(`test:${randomUUID()}`)).rejects.toThrow();

    expect(await events().getForRequest(id!)).toMatchObject({ id, type: 'checkout_split.paid', payload: { a: 1 } });
  });

  it('reads an event with its endpoint and an attempt already logged', async () => {
    const merchantId = await insertMerchant(db);
    const eventId = await recordEvent(merchantId);
    expect(await events().findForAttempt(randomUUID(), 'webhook:x', 1)).toBeUndefined();
    expect(await events().findForAttempt(eventId, `webhook:${eventId}`, 1)).toMatchObject({
      id: eventId,
      merchant_id: merchantId,
      url: null,
      secret_ciphertext: null,
      logged_id: null,
      logged_outcome: null,
    });
    await settings().saveUrl(merchantId, 'test', 'https://shop.example/hooks');
    const logged = await deliveries().log(logRow(merchantId, eventId));
    expect(await events().findForAttempt(eventId, `webhook:${eventId}`, 1)).toMatchObject({
      url: 'https://shop.example/hooks',
      logged_id: logged,
      logged_outcome: 'failed',
    });
    expect(await events().findForAttempt(eventId, `webhook:${eventId}`, 2)).toMatchObject({ logged_id: null });
  });

  it('measures the oldest undispatched and undelivered events', async () => {
    const merchantId = await insertMerchant(db);
    const eventId = await recordEvent(merchantId);
    await db
      .updateTable('webhook_events')
      .set({ created_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', eventId)
      .execute();
    expect(await events().oldestUndispatchedSeconds()).toBeGreaterThanOrEqual(3600);
    expect(await events().oldestUndeliveredSeconds()).toBeGreaterThanOrEqual(3600);
  });
});

describe('WebhookDeliveriesRepository', () => {
  it('logs an attempt once, lists a delivery last attempt first and gives up once', async () => {
    const merchantId = await insertMerchant(db);
    const eventId = await recordEvent(merchantId);
    const first = await deliveries().log(logRow(merchantId, eventId));
    expect(first).toEqual(expect.any(String));
    expect(await deliveries().log(logRow(merchantId, eventId, { outcome: 'succeeded' }))).toBeUndefined();
    expect(await deliveries().getAttempt(`webhook:${eventId}`, 1)).toEqual({ id: first, outcome: 'failed' });
    const second = await deliveries().log(logRow(merchantId, eventId, { attempt: 2 }));

    const attempts = await deliveries().attemptsOf(`webhook:${eventId}`);
    expect(attempts.map((a) => a.id)).toEqual([second, first]);

    await deliveries().giveUp(second!);
    const gaveUp = await deliveries().find(second!);
    expect(gaveUp).toMatchObject({ next_attempt_at: null, gave_up_at: expect.any(Date) });
    await deliveries().giveUp(second!);
    expect((await deliveries().find(second!))?.gave_up_at).toEqual(gaveUp?.gave_up_at);
  });

  it("finds a row of the business only, and pages the business's log in order with filters", async () => {
    const merchantId = await insertMerchant(db);
    const splitId = randomUUID();
    const about = await recordEvent(merchantId, { split_id: splitId });
    const other = await recordEvent(merchantId, { split_id: randomUUID() });
    const a = await deliveries().log(logRow(merchantId, about, { created_at: new Date(Date.now() - 3000) }));
    const b = await deliveries().log(
      logRow(merchantId, other, { outcome: 'succeeded', created_at: new Date(Date.now() - 2000) }),
    );
    const c = await deliveries().log(
      logRow(merchantId, about, { attempt: 2, created_at: new Date(Date.now() - 1000) }),
    );
    await deliveries().log(logRow(merchantId, other, { mode: 'live', attempt: 2, delivery_id: `live:${other}` }));

    expect(await deliveries().find(a!, merchantId)).toMatchObject({ id: a });
    expect(await deliveries().find(a!, randomUUID())).toBeUndefined();
    expect(await deliveries().findCursor(a!, merchantId, 'live')).toBeUndefined();

    const page = (extra = {}) =>
      deliveries()
        .page({ merchantId, mode: 'test', limit: 10, ...extra })
        .then((rows) => rows.map((r) => r.id));
    expect(await page()).toEqual([c, b, a]);
    expect(await page({ limit: 2 })).toEqual([c, b]);
    const cursor = await deliveries().findCursor(b!, merchantId, 'test');
    expect(await page({ cursor })).toEqual([a]);
    expect(await page({ outcome: 'succeeded' })).toEqual([b]);
    expect(await page({ splitId })).toEqual([c, a]);
    expect(await page({ type: 'checkout_split.canceled' })).toEqual([]);
  });
});

describe('WebhookSettingsRepository', () => {
  it('saves a URL and rotates secrets, keeping the previous one', async () => {
    const merchantId = await insertMerchant(db);
    expect(await settings().find(merchantId, 'test')).toBeUndefined();
    await settings().saveUrl(merchantId, 'test', 'https://shop.example/a');
    await settings().saveSecret(merchantId, 'test', 'sealed-1', new Date());
    await settings().saveSecret(merchantId, 'test', 'sealed-2', new Date());
    await settings().saveUrl(merchantId, 'test', null);
    expect(await settings().find(merchantId, 'test')).toMatchObject({
      url: null,
      secret_ciphertext: 'sealed-2',
      previous_secret_ciphertext: 'sealed-1',
      rotated_at: expect.any(Date),
    });
    expect(await settings().find(merchantId, 'live')).toBeUndefined();
  });
});
