import { randomUUID } from 'node:crypto';
import { awaitingMerchant, SplitsRepository } from './splits';
import { useTestDb } from './test-support/db';
import {
  insertHistory,
  insertMerchant,
  insertRefund,
  insertSeats,
  insertSession,
  insertSplit,
  insertUser,
} from './test-support/rows';

/**
 * SplitsRepository (the API's reads of splits, participants and refunds) against the run's migrated
 * Postgres database alone. Every list is read for a business made by the test itself.
 */
const db = useTestDb();
const repo = () => new SplitsRepository(db());
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
const HOUR = 3600_000;

describe('SplitsRepository: one split', () => {
  it('hides a split still placing its holds from every read by id, pay token and session', async () => {
    const merchantId = await insertMerchant(db());
    const session = await insertSession(db(), merchantId);
    const { splitId } = await insertSplit(db(), merchantId, {
      split: { status: 'creating', session_token: session },
      participant: () => ({ pay_token: `pay-${randomUUID()}` }),
    });
    const [share] = await repo().participantsOf(splitId);
    expect(await repo().findVisible(splitId)).toBeUndefined();
    expect(await repo().findForMerchant(splitId, { merchantId, mode: 'test' })).toBeUndefined();
    expect(await repo().statusOf(splitId)).toBeNull();
    expect(await repo().findShareByPayToken(share!.pay_token)).toBeUndefined();
    expect(await repo().findForSession(session)).toBeUndefined();
    expect(await repo().listForMerchant(merchantId)).toEqual([]);

    await db().updateTable('splits').set({ status: 'pending' }).where('id', '=', splitId).execute();
    expect(await repo().findVisible(splitId)).toMatchObject({ id: splitId, status: 'pending' });
    expect(await repo().statusOf(splitId)).toBe('pending');
    expect(await repo().findForSession(session)).toMatchObject({ id: splitId });
  });

  it('finds a split for an API key only in its business and mode', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId } = await insertSplit(db(), merchantId, { split: { mode: 'live' } });
    expect(await repo().findForMerchant(splitId, { merchantId, mode: 'live' })).toMatchObject({ id: splitId });
    expect(await repo().findForMerchant(splitId, { merchantId, mode: 'test' })).toBeUndefined();
    expect(
      await repo().findForMerchant(splitId, { merchantId: await insertMerchant(db()), mode: 'live' }),
    ).toBeUndefined();
    expect(await repo().findVisible(randomUUID())).toBeUndefined();
  });

  it('finds a share by pay token with the split and business; a participant by payment intent in a mode', async () => {
    const merchantId = await insertMerchant(db(), { name: 'Pay Token Shop' });
    const intent = `pi_${randomUUID()}`;
    const payToken = `pay-${randomUUID()}`;
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      split: { order_reference: 'PAY-1' },
      participant: (position) =>
        position === 1 ? { pay_token: payToken, processor_payment_intent_id: intent, customer_fee: 50 } : {},
    });
    expect(await repo().findShareByPayToken(payToken)).toMatchObject({
      participant_id: participantIds[1],
      amount: 2000,
      customer_fee: 50,
      processor_payment_intent_id: intent,
      split_id: splitId,
      split_status: 'pending',
      order_reference: 'PAY-1',
      business_name: 'Pay Token Shop',
    });
    expect(await repo().findShareByPayToken(`pay-${randomUUID()}`)).toBeUndefined();
    expect(await repo().findParticipantByPaymentIntent(intent)).toEqual({
      id: participantIds[1],
      split_id: splitId,
      status: 'pending',
      processor_account_id: 'acct_test',
    });
    expect(await repo().findParticipantByPaymentIntent(intent, { mode: 'test' })).toMatchObject({
      id: participantIds[1],
    });
    expect(await repo().findParticipantByPaymentIntent(intent, { mode: 'live' })).toBeUndefined();
    expect(await repo().participantStatus(participantIds[0])).toBe('pending');
    await expect(repo().participantStatus(randomUUID())).rejects.toThrow();
  });

  it('finds a session’s newest created split, never a failed creation', async () => {
    const merchantId = await insertMerchant(db(), { name: 'Session Shop', business_email: 'session@shop.example' });
    const session = await insertSession(db(), merchantId);
    const older = await insertSplit(db(), merchantId, { split: { session_token: session, created_at: at(1) } });
    await insertSplit(db(), merchantId, {
      split: { session_token: session, created_at: at(2), status: 'creation_failed' },
    });
    await insertSplit(db(), merchantId, { split: { session_token: session, created_at: at(3), status: 'creating' } });
    expect(await repo().findForSession(session)).toMatchObject({ id: older.splitId });
    expect(await repo().latestOfSessionWithBusinessName(session)).toMatchObject({
      id: older.splitId,
      business_name: 'Session Shop',
      business_email: 'session@shop.example',
    });
    const newer = await insertSplit(db(), merchantId, {
      split: { session_token: session, created_at: at(4), status: 'canceled' },
    });
    expect(await repo().findForSession(session)).toMatchObject({ id: newer.splitId });
    expect(await repo().latestOfSessionWithBusinessName(session)).toMatchObject({ id: newer.splitId });
    expect(await repo().findForSession(await insertSession(db(), merchantId))).toBeUndefined();
  });

  it('names the business of any split, creating ones too', async () => {
    const merchantId = await insertMerchant(db(), { name: 'Named Shop' });
    const { splitId } = await insertSplit(db(), merchantId, {
      split: { status: 'creating', order_reference: 'NAMED-1' },
    });
    expect(await repo().findWithBusinessName(splitId)).toEqual({
      id: splitId,
      order_reference: 'NAMED-1',
      merchant_id: merchantId,
      business_name: 'Named Shop',
    });
    expect(await repo().findWithBusinessName(randomUUID())).toBeUndefined();
  });

  it('tells an expiry from a cancel, and a split never canceled', async () => {
    const merchantId = await insertMerchant(db());
    const expired = await insertSplit(db(), merchantId, { split: { status: 'canceled' } });
    await insertHistory(db(), expired.splitId, {
      to_status: 'canceled',
      detail: JSON.stringify({ reason: 'expired' }),
    });
    const canceled = await insertSplit(db(), merchantId, { split: { status: 'canceled' } });
    await insertHistory(db(), canceled.splitId, { to_status: 'canceled', detail: null });
    // Another kind of row reaching `canceled` (a participant's) is not the split's status row.
    const open = await insertSplit(db(), merchantId);
    await insertHistory(db(), open.splitId, { kind: 'released', to_status: 'canceled' });
    expect(await repo().cancelReason(expired.splitId)).toBe('expired');
    expect(await repo().cancelReason(canceled.splitId)).toBe('canceled');
    expect(await repo().cancelReason(open.splitId)).toBeNull();
  });
});

describe('SplitsRepository: participants, seats and refunds', () => {
  it('reads participants in position order, pending ones, and several splits’ at once', async () => {
    const merchantId = await insertMerchant(db());
    const a = await insertSplit(db(), merchantId, {
      participants: 3,
      participant: (position) => ({ status: position === 1 ? 'authorised' : 'pending' }),
    });
    const b = await insertSplit(db(), merchantId, { participants: 2 });
    expect((await repo().participantsOf(a.splitId)).map((p) => p.id)).toEqual(a.participantIds);
    expect((await repo().pendingParticipantsOf(a.splitId)).map((p) => p.id)).toEqual([
      a.participantIds[0],
      a.participantIds[2],
    ]);
    const bySplit = await repo().participantsBySplit([a.splitId, b.splitId, randomUUID()]);
    expect([...bySplit.keys()].sort()).toEqual([a.splitId, b.splitId].sort());
    expect(bySplit.get(a.splitId)?.map((p) => p.id)).toEqual(a.participantIds);
    expect(bySplit.get(b.splitId)?.map((p) => p.id)).toEqual(b.participantIds);
    expect((await repo().participantsBySplit([])).size).toBe(0);
  });

  it('answers the creators’ addresses by user id, skipping nulls and repeats', async () => {
    const email = `creator-${randomUUID()}@example.com`;
    const userId = await insertUser(db(), email);
    const emails = await repo().creatorEmails([userId, null, userId, randomUUID()]);
    expect([...emails.entries()]).toEqual([[userId, email]]);
    expect((await repo().creatorEmails([null])).size).toBe(0);
  });

  it('lists seats in order', async () => {
    const { splitId } = await insertSplit(db(), await insertMerchant(db()), { participants: 1 });
    const seats = await insertSeats(db(), splitId, 2, 1);
    expect((await repo().seatsOf(splitId)).map((s) => [s.id, s.position])).toEqual([
      [seats[0], 1],
      [seats[1], 2],
    ]);
  });

  it('finds refunds by id and by idempotency key in a business and mode, and lists a split’s oldest first', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    const key = `refund-${randomUUID()}`;
    const second = await insertRefund(db(), splitId, merchantId, [participantIds[1]], {
      created_at: at(2),
      idempotency_key: key,
    });
    const first = await insertRefund(db(), splitId, merchantId, [participantIds[0]], {
      created_at: at(1),
      reason: 'requested_by_customer',
      status: 'complete',
    });
    expect(await repo().findRefund(first)).toMatchObject({ id: first, split_id: splitId, status: 'complete' });
    expect(await repo().findRefund(randomUUID())).toBeUndefined();
    expect(await repo().findRefundByKey({ merchantId, mode: 'test' }, key)).toMatchObject({ id: second });
    expect(await repo().findRefundByKey({ merchantId, mode: 'live' }, key)).toBeUndefined();
    expect(await repo().findRefundByKey({ merchantId: await insertMerchant(db()), mode: 'test' }, key)).toBeUndefined();
    expect(await repo().refundHistory(splitId)).toEqual([
      {
        id: first,
        amount: 2000,
        refunded: 0,
        status: 'complete',
        reason: 'requested_by_customer',
        actor: 'api_key',
        created_at: at(1),
      },
      expect.objectContaining({ id: second, created_at: at(2) }),
    ]);
  });
});

describe('SplitsRepository: lists', () => {
  it('lists a business’s visible splits newest first, in one mode if asked', async () => {
    const merchantId = await insertMerchant(db());
    const old = await insertSplit(db(), merchantId, { split: { created_at: at(1) } });
    const live = await insertSplit(db(), merchantId, { split: { created_at: at(2), mode: 'live' } });
    await insertSplit(db(), merchantId, { split: { created_at: at(3), status: 'creating' } });
    await insertSplit(db(), await insertMerchant(db()), { split: { created_at: at(4) } });
    expect((await repo().listForMerchant(merchantId)).map((s) => s.id)).toEqual([live.splitId, old.splitId]);
    expect((await repo().listForMerchant(merchantId, { mode: 'test' })).map((s) => s.id)).toEqual([old.splitId]);
  });

  it('lists a login’s splits: made by them, or with a share by their user id or address in any case', async () => {
    const merchantId = await insertMerchant(db());
    const email = `mine-${randomUUID()}@example.com`;
    const userId = await insertUser(db(), email);
    const made = await insertSplit(db(), merchantId, { split: { created_by: userId, created_at: at(1) } });
    const byUser = await insertSplit(db(), merchantId, {
      split: { created_at: at(2) },
      participant: (position) => (position === 0 ? { user_id: userId } : {}),
    });
    const byEmail = await insertSplit(db(), merchantId, {
      split: { created_at: at(3) },
      participant: (position) => (position === 1 ? { email: email.toUpperCase() } : {}),
    });
    await insertSplit(db(), merchantId, { split: { created_by: userId, created_at: at(4), status: 'creating' } });
    await insertSplit(db(), merchantId, { split: { created_at: at(5) } });
    expect((await repo().listMine({ userId, email: ` ${email} ` })).map((s) => s.id)).toEqual([
      byEmail.splitId,
      byUser.splitId,
      made.splitId,
    ]);
  });

  it('pages newest first on (created_at, id), forwards and back, telling whether more lie beyond', async () => {
    const merchantId = await insertMerchant(db());
    // Five splits, two of them created at the same instant: the id breaks the tie.
    const ids: string[] = [];
    for (const minutes of [1, 2, 3, 3, 4])
      ids.push((await insertSplit(db(), merchantId, { split: { created_at: at(minutes) } })).splitId);
    const newestFirst = [ids[4], ...[ids[2], ids[3]].sort().reverse(), ids[1], ids[0]];

    const first = await repo().pageForMerchant(merchantId, {}, { limit: 2 });
    expect(first.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.hasMore).toBe(true);
    expect(first.rows[0]!.position_at).toBe('2026-01-01T00:04:00.000000Z');
    const cursor = (row: { id: string; position_at: string }) => ({ id: row.id, createdAt: row.position_at });

    const second = await repo().pageForMerchant(merchantId, {}, { limit: 2, after: cursor(first.rows[1]!) });
    expect(second.rows.map((r) => r.id)).toEqual(newestFirst.slice(2, 4));
    expect(second.hasMore).toBe(true);
    const last = await repo().pageForMerchant(merchantId, {}, { limit: 2, after: cursor(second.rows[1]!) });
    expect(last.rows.map((r) => r.id)).toEqual(newestFirst.slice(4));
    expect(last.hasMore).toBe(false);

    // Back from the last page: the two before it, still newest first.
    const back = await repo().pageForMerchant(merchantId, {}, { limit: 2, before: cursor(last.rows[0]!) });
    expect(back.rows.map((r) => r.id)).toEqual(newestFirst.slice(2, 4));
    expect(back.hasMore).toBe(true);
    const top = await repo().pageForMerchant(merchantId, {}, { limit: 2, before: cursor(back.rows[0]!) });
    expect(top.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 2));
    expect(top.hasMore).toBe(false);
  });

  it('filters a page by mode, statuses and creation time, and shows creating splits only when asked', async () => {
    const merchantId = await insertMerchant(db());
    const a = await insertSplit(db(), merchantId, { split: { created_at: at(1), status: 'captured' } });
    const b = await insertSplit(db(), merchantId, { split: { created_at: at(2), status: 'pending', mode: 'live' } });
    const c = await insertSplit(db(), merchantId, { split: { created_at: at(3), status: 'creating' } });
    const page = async (filter: Parameters<SplitsRepository['pageForMerchant']>[1]) =>
      (await repo().pageForMerchant(merchantId, filter, { limit: 10 })).rows.map((r) => r.id);
    expect(await page({})).toEqual([b.splitId, a.splitId]);
    expect(await page({ includeCreating: true })).toEqual([c.splitId, b.splitId, a.splitId]);
    expect(await page({ mode: 'live' })).toEqual([b.splitId]);
    expect(await page({ statuses: ['captured', 'creating'] })).toEqual([a.splitId]);
    expect(await page({ createdGte: at(2), includeCreating: true })).toEqual([c.splitId, b.splitId]);
    expect(await page({ createdLt: at(2) })).toEqual([a.splitId]);
  });

  it('searches by order reference, address, name, session token and split id, within the business', async () => {
    const merchantId = await insertMerchant(db());
    const other = await insertMerchant(db());
    const session = await insertSession(db(), merchantId);
    const tag = randomUUID().slice(0, 8);
    const byRef = await insertSplit(db(), merchantId, {
      split: { order_reference: `Table-${tag}-12`, created_at: at(1) },
    });
    const byEmail = await insertSplit(db(), merchantId, {
      split: { created_at: at(2) },
      participant: (position) => (position === 0 ? { email: `dana.${tag}@example.com`, name: `Dana ${tag}son` } : {}),
    });
    const bySession = await insertSplit(db(), merchantId, { split: { session_token: session, created_at: at(3) } });
    const percent = await insertSplit(db(), merchantId, {
      split: { order_reference: `50%-off-${tag}`, created_at: at(4) },
    });
    // Another business's split with the same reference and address is never found.
    await insertSplit(db(), other, {
      split: { order_reference: `Table-${tag}-12` },
      participant: () => ({ email: `dana.${tag}@example.com` }),
    });
    const search = async (q: string) =>
      (await repo().pageForMerchant(merchantId, { q }, { limit: 10 })).rows.map((r) => r.id);

    expect(await search(`TABLE-${tag}`)).toEqual([byRef.splitId]);
    expect(await search(`${tag}-1`)).toEqual([byRef.splitId]);
    expect(await search(`DANA.${tag}@EXAMPLE.COM`)).toEqual([byEmail.splitId]);
    expect(await search(`${tag}son`)).toEqual([byEmail.splitId]);
    expect(await search(session)).toEqual([bySession.splitId]);
    expect(await search(byRef.splitId.toUpperCase())).toEqual([byRef.splitId]);
    // `%` and `_` are taken literally.
    expect(await search(`50%-off-${tag}`)).toEqual([percent.splitId]);
    expect(await search(`5_%-off-${tag}`)).toEqual([]);
    expect(await search(`nobody-${tag}`)).toEqual([]);
  });

  it('searches terms shorter than three characters by the reference’s start only', async () => {
    const merchantId = await insertMerchant(db());
    const starts = await insertSplit(db(), merchantId, { split: { order_reference: 'Zq-7', created_at: at(1) } });
    await insertSplit(db(), merchantId, { split: { order_reference: 'AZq', created_at: at(2) } });
    const search = async (q: string) =>
      (await repo().pageForMerchant(merchantId, { q }, { limit: 10 })).rows.map((r) => r.id);
    expect(await search('zq')).toEqual([starts.splitId]);
    expect(await search('  zq  ')).toEqual([starts.splitId]);
  });

  it('lists pending splits whose holds run out in the window, soonest first, a sooner hold counting', async () => {
    const merchantId = await insertMerchant(db(), { name: 'Expiring Shop' });
    const now = Date.now();
    const later = await insertSplit(db(), merchantId, {
      split: { authorization_expires_at: new Date(now + 5 * HOUR) },
    });
    const soonerHold = await insertSplit(db(), merchantId, {
      split: { authorization_expires_at: new Date(now + 100 * HOUR) },
      participant: (position) => (position === 1 ? { capture_before: new Date(now + 3 * HOUR) } : {}),
    });
    const outside = await insertSplit(db(), merchantId, {
      split: { authorization_expires_at: new Date(now + 50 * HOUR) },
    });
    const notPending = await insertSplit(db(), merchantId, {
      split: { authorization_expires_at: new Date(now + 2 * HOUR), status: 'capturing' },
    });
    const mine = [later, soonerHold, outside, notPending].map((s) => s.splitId);
    const found = await repo().pendingExpiringWithBusinessName(
      { from: new Date(now + HOUR), to: new Date(now + 6 * HOUR) },
      100_000,
    );
    const ours = found.filter((s) => mine.includes(s.id));
    expect(ours.map((s) => s.id)).toEqual([soonerHold.splitId, later.splitId]);
    expect(ours[0]).toMatchObject({ business_name: 'Expiring Shop' });
    // One business's only: every row is this merchant's, and the same two are found.
    const scoped = await repo().pendingExpiringWithBusinessName(
      { from: new Date(now + HOUR), to: new Date(now + 6 * HOUR) },
      100_000,
      merchantId,
    );
    expect(scoped.map((s) => s.id)).toEqual([soonerHold.splitId, later.splitId]);
  });
});

describe('awaitingMerchant', () => {
  it('is undefined for a split without the accept step, and true only while pending', () => {
    expect(awaitingMerchant({ awaiting_merchant: null, status: 'pending' })).toBeUndefined();
    expect(awaitingMerchant({ awaiting_merchant: true, status: 'pending' })).toBe(true);
    expect(awaitingMerchant({ awaiting_merchant: true, status: 'capturing' })).toBe(false);
    expect(awaitingMerchant({ awaiting_merchant: false, status: 'pending' })).toBe(false);
  });
});
