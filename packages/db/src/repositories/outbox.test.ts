import { createHash, randomUUID } from 'node:crypto';
import { OutboxRepository, WebhookEventsRepository } from './outbox';
import { useTestDb } from './test-support/db';
import { deliveryRow, insertEvent, insertMerchant } from './test-support/rows';

/**
 * OutboxRepository (the dispatcher's rounds and claims) and the parts of WebhookEventsRepository that
 * webhook-deliveries.test.ts leaves out, against the run's migrated Postgres database alone. Every
 * test claims only events it made.
 */
const db = useTestDb();
const outbox = () => new OutboxRepository(db());
const events = () => new WebhookEventsRepository(db());
const MINUTE = 60_000;

const eventRow = (id: string) =>
  db()
    .selectFrom('webhook_events')
    .select(['dispatched_at', 'first_attempt_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const loggedOf = (eventId: string) =>
  db().selectFrom('webhook_deliveries').select(['attempt', 'outcome']).where('event_id', '=', eventId).execute();
const md5Uuid = (text: string) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

describe('OutboxRepository.dispatchRound', () => {
  it('logs first attempts once, marks finished deliveries dispatched, and claims only free events with their endpoint', async () => {
    const merchantId = await insertMerchant(db());
    await db()
      .insertInto('webhook_settings')
      .values({
        merchant_id: merchantId,
        mode: 'test',
        url: 'https://shop.example/hooks',
        secret_ciphertext: 'v1.secret',
      })
      .execute();
    const free = await insertEvent(db(), merchantId, { payload: JSON.stringify({ n: 1 }) });
    const freeLive = await insertEvent(db(), merchantId, { mode: 'live' });
    const alreadyLogged = await insertEvent(db(), merchantId);
    await db()
      .insertInto('webhook_deliveries')
      .values(deliveryRow(merchantId, alreadyLogged, { outcome: 'succeeded', status_code: 200 }))
      .execute();
    const claimed = await insertEvent(db(), merchantId, { first_attempt_at: new Date() });
    const dispatched = await insertEvent(db(), merchantId, { dispatched_at: new Date() });
    const delivered = await insertEvent(db(), merchantId, { first_attempt_at: new Date() });

    const round = {
      logged: [deliveryRow(merchantId, delivered, { outcome: 'succeeded', status_code: 200 })],
      dispatched: [delivered],
      claims: [free, freeLive, alreadyLogged, claimed, dispatched],
    };
    const answered = await outbox().dispatchRound(round);
    const byId = new Map(answered.map((event) => [event.id, event]));
    expect([...byId.keys()].sort()).toEqual([free, freeLive, alreadyLogged].sort());
    expect(byId.get(free)).toEqual({
      id: free,
      merchant_id: merchantId,
      mode: 'test',
      type: 'checkout_split.paid',
      payload: { n: 1 },
      sample: false,
      created_at: expect.any(Date),
      url: 'https://shop.example/hooks',
      secret_ciphertext: 'v1.secret',
      logged_outcome: null,
    });
    // The live mode has no endpoint set.
    expect(byId.get(freeLive)).toMatchObject({
      mode: 'live',
      url: null,
      secret_ciphertext: null,
      logged_outcome: null,
    });
    expect(byId.get(alreadyLogged)).toMatchObject({ url: 'https://shop.example/hooks', logged_outcome: 'succeeded' });
    expect((await eventRow(free)).first_attempt_at).toBeInstanceOf(Date);
    expect(await eventRow(delivered)).toEqual({ dispatched_at: expect.any(Date), first_attempt_at: expect.any(Date) });
    expect(await loggedOf(delivered)).toEqual([{ attempt: 1, outcome: 'succeeded' }]);

    // Run again: nothing more is claimed, the attempt is not logged twice and keeps its first outcome,
    // and the dispatch time stays the first one.
    const { dispatched_at } = await eventRow(delivered);
    const again = await outbox().dispatchRound({
      ...round,
      logged: [deliveryRow(merchantId, delivered, { outcome: 'failed' })],
    });
    expect(again).toEqual([]);
    expect(await loggedOf(delivered)).toEqual([{ attempt: 1, outcome: 'succeeded' }]);
    expect((await eventRow(delivered)).dispatched_at).toEqual(dispatched_at);
  });

  it('skips an event another dispatcher holds instead of waiting for it', async () => {
    const merchantId = await insertMerchant(db());
    const held = await insertEvent(db(), merchantId);
    const free = await insertEvent(db(), merchantId);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('webhook_events').select('id').where('id', '=', held).forNoKeyUpdate().execute();
        const answered = await outbox().dispatchRound({ logged: [], dispatched: [], claims: [held, free] });
        expect(answered.map((e) => e.id)).toEqual([free]);
      });
    expect((await eventRow(held)).first_attempt_at).toBeNull();
  });

  it('gives each event to exactly one of several concurrent rounds', async () => {
    const merchantId = await insertMerchant(db());
    const ids = await Promise.all(Array.from({ length: 6 }, () => insertEvent(db(), merchantId)));
    const rounds = await Promise.all(
      [0, 1, 2].map(() => outbox().dispatchRound({ logged: [], dispatched: [], claims: ids })),
    );
    const claimed = rounds.flatMap((round) => round.map((e) => e.id));
    expect(claimed.sort()).toEqual([...ids].sort());
  });
});

describe('OutboxRepository.claim and recordDispatch', () => {
  it('claims unclaimed, undispatched events, and with a lease also those whose claim went stale', async () => {
    const merchantId = await insertMerchant(db());
    const free = await insertEvent(db(), merchantId);
    const recent = await insertEvent(db(), merchantId, { first_attempt_at: new Date() });
    const stale = await insertEvent(db(), merchantId, { first_attempt_at: new Date(Date.now() - 10 * MINUTE) });
    const dispatched = await insertEvent(db(), merchantId, { dispatched_at: new Date() });
    const all = [free, recent, stale, dispatched];

    expect(await outbox().claim(all, null)).toEqual([free]);
    expect(await outbox().claim(all, null)).toEqual([]);
    expect(await outbox().claim(all, new Date(Date.now() - 5 * MINUTE))).toEqual([stale]);
    expect((await eventRow(stale)).first_attempt_at!.getTime()).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('never gives one event to two concurrent claims', async () => {
    const merchantId = await insertMerchant(db());
    const ids = await Promise.all(Array.from({ length: 5 }, () => insertEvent(db(), merchantId)));
    const [a, b] = await Promise.all([outbox().claim(ids, null), outbox().claim(ids, null)]);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
  });

  it('records a dispatch once, keeping the first time', async () => {
    const merchantId = await insertMerchant(db());
    const id = await insertEvent(db(), merchantId);
    await outbox().recordDispatch(id);
    const first = (await eventRow(id)).dispatched_at;
    expect(first).toBeInstanceOf(Date);
    await outbox().recordDispatch(id);
    expect((await eventRow(id)).dispatched_at).toEqual(first);
  });
});

describe('WebhookEventsRepository', () => {
  it('derives the event id from its dedupe key, so a rebuilt event keeps the id first given', async () => {
    const merchantId = await insertMerchant(db());
    const dedupeKey = `paid:${randomUUID()}`;
    const id = await events().record([merchantId, 'live', 'checkout_split.paid', '{"b":2}', dedupeKey, false]);
    expect(id).toBe(md5Uuid(dedupeKey));
    expect(await events().getForRequest(id!)).toEqual({
      id,
      type: 'checkout_split.paid',
      mode: 'live',
      payload: { b: 2 },
      sample: false,
      created_at: expect.any(Date),
    });
    await expect(events().getForRequest(randomUUID())).rejects.toThrow();
  });

  it('lists undispatched events oldest first across businesses unless one is named', async () => {
    const a = await insertMerchant(db());
    const b = await insertMerchant(db());
    const longAgo = (minutes: number) => new Date(Date.UTC(2001, 0, 1, 0, minutes));
    const older = await insertEvent(db(), b, { created_at: longAgo(1) });
    const newer = await insertEvent(db(), a, { created_at: longAgo(2) });
    const mine = [older, newer];
    const listed = await events().undispatchedIds({ olderThanMs: 0, limit: 100_000 });
    expect(listed.filter((id) => mine.includes(id))).toEqual([older, newer]);
    expect(await events().undispatchedIds({ olderThanMs: 0, limit: 10, merchantId: a })).toEqual([newer]);
    // Left undispatched, rows this old would be any sweeper's in a run beside this file.
    await db().updateTable('webhook_events').set({ dispatched_at: new Date() }).where('id', 'in', mine).execute();
  });
});
