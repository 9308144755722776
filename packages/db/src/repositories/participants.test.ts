import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { PARTICIPANT_AUTHORISED_CHANNEL, ParticipantsRepository, type Replacement } from './participants';
import { useTestDb } from './test-support/db';
import { insertMerchant, insertSeats, insertSplit } from './test-support/rows';

/** ParticipantsRepository (the split workflow's share writes) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new ParticipantsRepository(db());
let merchantId: string;
beforeAll(async () => {
  merchantId = await insertMerchant(db(), { name: 'Participants Shop' });
});

const participant = (id: string) =>
  db().selectFrom('split_participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const historyOf = (splitId: string) =>
  db()
    .selectFrom('split_history')
    .select(['participant_id', 'kind', 'actor', 'from_status', 'to_status', 'detail', 'dedupe_key'])
    .where('split_id', '=', splitId)
    .orderBy('id')
    .execute();
const history = (splitId: string, participantId: string, kind = 'note') => ({
  splitId,
  participantId,
  kind,
  actor: 'system',
  dedupeKey: `${kind}:${randomUUID()}`,
});
const eventValues = (dedupeKey: string) =>
  [merchantId, 'test', 'checkout_split.participant_authorised', '{"x":1}', dedupeKey, false] as [
    string,
    'test',
    'checkout_split.participant_authorised',
    string,
    string,
    boolean,
  ];
const md5Uuid = (text: string) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

describe('ParticipantsRepository', () => {
  it('reads a split’s shares with what a processor call needs, all or the ones named', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      split: { order_reference: 'SHARES-1', processor_account_id: 'acct_shares', mode: 'live' },
    });
    const all = await repo().shares(splitId);
    expect(all.map((s) => s.id).sort()).toEqual([...participantIds].sort());
    expect(all[0]).toMatchObject({
      mode: 'live',
      currency: 'gbp',
      order_reference: 'SHARES-1',
      processor_account_id: 'acct_shares',
      amount: 2000,
      status: 'pending',
    });
    expect((await repo().shares(splitId, [participantIds[2]])).map((s) => s.id)).toEqual([participantIds[2]]);
    expect(await repo().shares(randomUUID())).toEqual([]);
  });

  it('changes a share with its history row in one statement: a failed change writes no history', async () => {
    const {
      splitId,
      participantIds: [id],
    } = await insertSplit(db(), merchantId);
    const held = history(splitId, id, 'hold_placed');
    await repo().recordHold(id, { id: 'pi_1', clientSecret: 'pi_1_secret' }, held);
    await repo().recordHold(id, { id: 'pi_1', clientSecret: 'pi_1_secret' }, held);
    expect(await participant(id)).toMatchObject({
      processor_payment_intent_id: 'pi_1',
      processor_client_secret: 'pi_1_secret',
    });

    const capturedAt = new Date('2026-04-01T12:00:00Z');
    await repo().setStatus(id, 'captured', history(splitId, id, 'captured'), {
      captured_at: capturedAt,
      last_error: 'none',
    });
    expect(await participant(id)).toMatchObject({ status: 'captured', captured_at: capturedAt, last_error: 'none' });
    expect((await historyOf(splitId)).map((h) => h.kind)).toEqual(['hold_placed', 'captured']);

    // A status the table refuses: neither the change nor its history row is written.
    await expect(repo().setStatus(id, 'lost' as 'captured', history(splitId, id, 'lost'))).rejects.toThrow(
      /check constraint/,
    );
    expect((await historyOf(splitId)).map((h) => h.kind)).toEqual(['hold_placed', 'captured']);
  });

  it('authorises a pending share once: its card, history row, event and notification together', async () => {
    const {
      splitId,
      participantIds: [id, other],
    } = await insertSplit(db(), merchantId);
    const listener = new Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${PARTICIPANT_AUTHORISED_CHANNEL}`);
      const heard = new Promise<string | undefined>((resolve) =>
        listener.on('notification', (message) => {
          if (message.payload === id) resolve(message.payload);
        }),
      );
      const dedupeKey = `participant_authorised:${id}`;
      const captureBefore = new Date('2026-06-01T00:00:00Z');
      const input = {
        splitId,
        participantId: id,
        actor: 'processor',
        captureBefore,
        event: eventValues(dedupeKey),
        detail: { brand: 'visa', last4: '4242' },
        card: { brand: 'visa', last4: '4242', wallet: 'apple_pay' },
      };
      expect(await repo().writeAuthorised(input)).toBe(md5Uuid(dedupeKey));
      expect(await heard).toBe(id);
      expect(await participant(id)).toMatchObject({
        status: 'authorised',
        authorised_at: expect.any(Date),
        capture_before: captureBefore,
        card_brand: 'visa',
        card_last4: '4242',
        card_wallet: 'apple_pay',
      });
      expect(await historyOf(splitId)).toEqual([
        {
          participant_id: id,
          kind: 'authorised',
          actor: 'processor',
          from_status: 'pending',
          to_status: 'authorised',
          detail: { brand: 'visa', last4: '4242' },
          dedupe_key: `authorised:${id}`,
        },
      ]);
      const event = await db()
        .selectFrom('webhook_events')
        .select(['id', 'type', 'payload'])
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({
        id: md5Uuid(dedupeKey),
        type: 'checkout_split.participant_authorised',
        payload: { x: 1 },
      });

      // No longer pending: nothing moves, no second event or row.
      const { authorised_at } = await participant(id);
      expect(await repo().writeAuthorised({ ...input, card: null })).toBeNull();
      expect(await participant(id)).toMatchObject({ authorised_at, card_brand: 'visa' });
      expect(await historyOf(splitId)).toHaveLength(1);

      // Without a card, the card columns stay empty.
      await repo().writeAuthorised({
        splitId,
        participantId: other,
        actor: 'processor',
        captureBefore: null,
        event: eventValues(`participant_authorised:${other}`),
      });
      expect(await participant(other)).toMatchObject({ status: 'authorised', card_brand: null, capture_before: null });
    } finally {
      await listener.end();
    }
  });

  it('gives one of two concurrent authorisations of a share the event', async () => {
    const {
      splitId,
      participantIds: [id],
    } = await insertSplit(db(), merchantId);
    const write = () =>
      repo().writeAuthorised({
        splitId,
        participantId: id,
        actor: 'processor',
        captureBefore: null,
        event: eventValues(`participant_authorised:${id}`),
      });
    const results = await Promise.all([write(), write(), write()]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it('writes a capture once, keeping the first time and a charge id already known', async () => {
    const {
      splitId,
      participantIds: [id, other],
    } = await insertSplit(db(), merchantId, { participant: () => ({ status: 'authorised' }) });
    await repo().writeCapture(splitId, { participantId: id, from: 'authorised', chargeId: 'ch_1' });
    const first = await participant(id);
    expect(first).toMatchObject({ status: 'captured', processor_charge_id: 'ch_1', captured_at: expect.any(Date) });
    await repo().writeCapture(splitId, { participantId: id, from: 'authorised' });
    expect(await participant(id)).toMatchObject({ captured_at: first.captured_at, processor_charge_id: 'ch_1' });
    expect(await historyOf(splitId)).toEqual([
      expect.objectContaining({
        participant_id: id,
        kind: 'captured',
        from_status: 'authorised',
        to_status: 'captured',
        dedupe_key: `captured:${id}`,
      }),
    ]);
    expect(await repo().capturedIds(splitId)).toEqual([id]);
    await repo().writeCapture(splitId, { participantId: other, from: 'authorised', chargeId: null });
    expect(await participant(other)).toMatchObject({ status: 'captured', processor_charge_id: null });
    expect((await repo().capturedIds(splitId)).sort()).toEqual([id, other].sort());
  });

  it('gives a pending share to someone new only while it still has the hold being replaced', async () => {
    const {
      splitId,
      participantIds: [id],
    } = await insertSplit(db(), merchantId, {
      participant: () => ({ processor_payment_intent_id: 'pi_old', name: 'Old Name', capture_before: new Date() }),
    });
    await db()
      .insertInto('checkout_participant_reminders')
      .values({ participant_id: id, split_id: splitId, last_reminded_at: new Date() })
      .execute();
    const replacement: Replacement = {
      splitId,
      participantId: id,
      email: 'new@example.com',
      payToken: `pay-${randomUUID()}`,
      hold: { id: 'pi_new', clientSecret: 'pi_new_secret' },
      previousPaymentIntentId: 'pi_stale',
      name: null,
      history: history(splitId, id, 'replaced'),
    };
    // The hold moved on meanwhile: nothing is written.
    expect(await repo().swapForReplacement(replacement)).toBe(false);
    expect(await participant(id)).toMatchObject({ processor_payment_intent_id: 'pi_old', name: 'Old Name' });
    expect(await historyOf(splitId)).toEqual([]);

    expect(await repo().swapForReplacement({ ...replacement, previousPaymentIntentId: 'pi_old' })).toBe(true);
    expect(await participant(id)).toMatchObject({
      email: 'new@example.com',
      pay_token: replacement.payToken,
      processor_payment_intent_id: 'pi_new',
      processor_client_secret: 'pi_new_secret',
      name: null,
      capture_before: null,
      covered_at: null,
    });
    expect(
      await db()
        .selectFrom('checkout_participant_reminders')
        .select('participant_id')
        .where('participant_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect((await historyOf(splitId)).map((h) => h.kind)).toEqual(['replaced']);

    // Not pending any more: refused.
    await db().updateTable('split_participants').set({ status: 'authorised' }).where('id', '=', id).execute();
    expect(await repo().swapForReplacement({ ...replacement, previousPaymentIntentId: 'pi_new' })).toBe(false);
  });

  it('covers a share: the organiser’s name and address, and whom it covered', async () => {
    const {
      splitId,
      participantIds: [id],
    } = await insertSplit(db(), merchantId, {
      split: { order_reference: 'COVER-1' },
      participant: () => ({ name: 'Cara' }),
    });
    const before = await participant(id);
    const at = new Date('2026-04-02T09:00:00Z');
    expect(
      await repo().swapForReplacement({
        splitId,
        participantId: id,
        email: 'organiser@example.com',
        payToken: `pay-${randomUUID()}`,
        hold: { id: 'pi_cover', clientSecret: null },
        previousPaymentIntentId: null,
        name: 'ignored for a cover',
        history: history(splitId, id, 'covered'),
        cover: {
          name: 'Olive Organiser',
          covered: { email: before.email, name: 'Cara', payToken: before.pay_token },
          at,
        },
      }),
    ).toBe(true);
    expect(await participant(id)).toMatchObject({
      name: 'Olive Organiser',
      email: 'organiser@example.com',
      covered_at: at,
      covered_email: before.email,
      covered_name: 'Cara',
      covered_pay_token: before.pay_token,
    });
    expect(await repo().coveredShare(before.pay_token)).toEqual({
      amount: 2000,
      name: 'Olive Organiser',
      email: 'organiser@example.com',
      order_reference: 'COVER-1',
      session_context: null,
      business_name: 'Participants Shop',
    });
    expect(await repo().coveredShare(`pay-${randomUUID()}`)).toBeUndefined();
  });

  it('tells whether one address would pay every share, counting open seats, ignoring case and spaces', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      participant: (position) => ({ email: position < 2 ? ' Org@Example.com' : `friend-${randomUUID()}@example.com` }),
    });
    const friend = participantIds[2];
    expect(await repo().wouldAllBePaidBy(splitId, 'org@example.com ', friend)).toBe(true);
    expect(await repo().wouldAllBePaidBy(splitId, 'org@example.com', participantIds[0])).toBe(false);
    const [seat] = await insertSeats(db(), splitId, 1, 10);
    expect(await repo().wouldAllBePaidBy(splitId, 'org@example.com', friend)).toBe(false);
    // The open seat itself is the one being covered.
    await db().updateTable('split_participants').set({ email: 'org@example.com' }).where('id', '=', friend).execute();
    expect(await repo().wouldAllBePaidBy(splitId, 'ORG@example.com', seat)).toBe(true);
  });

  it('adds refunded slices, refunding the share when a slice completes it; takes the processor’s figure', async () => {
    const {
      participantIds: [id, other],
    } = await insertSplit(db(), merchantId, { participant: () => ({ status: 'captured' }) });
    await repo().addRefunded(id, { amount: 500, completesShare: false, shareAmount: 2000 });
    await repo().addRefunded(id, { amount: 300, completesShare: false, shareAmount: 2000 });
    expect(await participant(id)).toMatchObject({ refunded_amount: 800, status: 'captured' });
    await repo().addRefunded(id, { amount: 1200, completesShare: true, shareAmount: 2000 });
    expect(await participant(id)).toMatchObject({ refunded_amount: 2000, status: 'refunded' });

    await repo().setRefunded(other, 700, false);
    expect(await participant(other)).toMatchObject({ refunded_amount: 700, status: 'captured' });
    await repo().setRefunded(other, 2000, true);
    expect(await participant(other)).toMatchObject({ refunded_amount: 2000, status: 'refunded' });
  });

  it('finds a disputed payment’s participant in its mode only, and keeps the first dispute time', async () => {
    const intent = `pi_${randomUUID()}`;
    const {
      splitId,
      participantIds: [id],
    } = await insertSplit(db(), merchantId, {
      split: { mode: 'live', order_reference: 'DISPUTE-1' },
      participant: (position) => (position === 0 ? { processor_payment_intent_id: intent } : {}),
    });
    expect(await repo().findForDispute(intent, 'live')).toEqual({
      id,
      email: expect.any(String),
      split_id: splitId,
      merchant_id: merchantId,
      order_reference: 'DISPUTE-1',
      mode: 'live',
      name: 'Participants Shop',
    });
    expect(await repo().findForDispute(intent, 'test')).toBeUndefined();

    const first = new Date('2026-04-03T10:00:00Z');
    expect(await repo().markDisputed(id, first)).toEqual(first);
    expect(await repo().markDisputed(id, new Date('2026-04-04T10:00:00Z'))).toEqual(first);
    await expect(repo().markDisputed(randomUUID(), first)).rejects.toThrow();
  });
});
