import { randomUUID } from 'node:crypto';
import { ReceiptsRepository } from './receipts';
import { useTestDb } from './test-support/db';
import {
  insertEvent,
  insertHistory,
  insertMerchant,
  insertRefund,
  insertSession,
  insertSplit,
  insertUser,
} from './test-support/rows';

/** ReceiptsRepository (what receipts are made from, and their once-only claims) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new ReceiptsRepository(db());
const HOUR = 3600_000;

describe('ReceiptsRepository', () => {
  it('hands over only receipt events not yet receipted and not samples', async () => {
    const merchantId = await insertMerchant(db());
    const paid = await insertEvent(db(), merchantId, { type: 'checkout_split.paid' });
    const authorised = await insertEvent(db(), merchantId, { type: 'checkout_split.participant_authorised' });
    const sample = await insertEvent(db(), merchantId, { type: 'checkout_split.paid', sample: true });
    const notReceipt = await insertEvent(db(), merchantId, { type: 'checkout_split.created' });
    const done = await insertEvent(db(), merchantId, { type: 'checkout_split.refunded', receipts_at: new Date() });

    const pending = await repo().pendingEvents({ ids: [paid, authorised, sample, notReceipt, done] });
    expect(pending.map((e) => e.id).sort()).toEqual([paid, authorised].sort());
    expect(pending.find((e) => e.id === paid)).toMatchObject({
      type: 'checkout_split.paid',
      merchant_id: merchantId,
      mode: 'test',
    });
    expect(await repo().pendingEvents({ ids: [] })).toEqual([]);

    await repo().markReceipted(paid);
    expect((await repo().pendingEvents({ ids: [paid, authorised] })).map((e) => e.id)).toEqual([authorised]);
    await repo().markReceipted(authorised);
  });

  it('sweeps events older than a time, oldest first, as many as asked', async () => {
    const merchantId = await insertMerchant(db());
    const longAgo = (minutes: number) => new Date(Date.UTC(1999, 0, 1, 0, minutes));
    const second = await insertEvent(db(), merchantId, { type: 'checkout_split.canceled', created_at: longAgo(2) });
    const first = await insertEvent(db(), merchantId, { type: 'checkout_split.paid', created_at: longAgo(1) });
    const tooNew = await insertEvent(db(), merchantId, { type: 'checkout_split.paid', created_at: longAgo(5) });
    try {
      expect((await repo().pendingEvents({ olderThan: longAgo(3), limit: 10 })).map((e) => e.id)).toEqual([
        first,
        second,
      ]);
      expect((await repo().pendingEvents({ olderThan: longAgo(3), limit: 1 })).map((e) => e.id)).toEqual([first]);
    } finally {
      // Left pending, events this old would be any receipt sweep's in a run beside this file.
      for (const id of [first, second, tooNew]) await repo().markReceipted(id);
    }
  });

  it('reads the split as receipts show it: business, the hosted order’s lines and the organiser', async () => {
    const merchantId = await insertMerchant(db(), { name: 'Receipt Shop', business_email: 'receipts@shop.example' });
    const organiserEmail = `org-${randomUUID()}@example.com`;
    const organiser = await insertUser(db(), organiserEmail);
    const session = await insertSession(db(), merchantId);
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      split: { session_token: session, created_by: organiser, order_reference: 'RECEIPT-1' },
      participant: (position) => ({ name: `Payer ${position}` }),
    });
    expect(await repo().split(splitId)).toMatchObject({
      id: splitId,
      order_reference: 'RECEIPT-1',
      total_amount: 6000,
      session_token: session,
      awaiting_merchant: null,
      business_name: 'Receipt Shop',
      business_email: 'receipts@shop.example',
      line_items: [{ description: 'Dinner', amount: 6000, quantity: 1 }],
      organiser_email: organiserEmail,
    });
    expect((await repo().participants(splitId)).map((p) => [p.id, p.name])).toEqual(
      participantIds.map((id, position) => [id, `Payer ${position}`]),
    );
    // A split made through the API: no session, no organiser.
    const plain = await insertSplit(db(), merchantId);
    expect(await repo().split(plain.splitId)).toMatchObject({ line_items: null, organiser_email: null });
    expect(await repo().split(randomUUID())).toBeUndefined();
  });

  it('names who canceled the split, the latest status row into canceled', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId } = await insertSplit(db(), merchantId, { split: { status: 'canceled' } });
    expect(await repo().cancelActor(splitId)).toBeNull();
    await insertHistory(db(), splitId, { to_status: 'canceling', actor: 'user:someone' });
    await insertHistory(db(), splitId, { to_status: 'canceled', actor: 'api_key:first' });
    await insertHistory(db(), splitId, { to_status: 'canceled', actor: 'system' });
    expect(await repo().cancelActor(splitId)).toBe('system');
  });

  it('lists only the slices of a refund that reached the card', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId, participantIds } = await insertSplit(db(), merchantId, { participants: 3 });
    const refundId = await insertRefund(db(), splitId, merchantId, participantIds);
    await db()
      .updateTable('split_refund_slices')
      .set({ status: 'succeeded', customer_fee: 30 })
      .where('refund_id', '=', refundId)
      .where('participant_id', '=', participantIds[1])
      .execute();
    await db()
      .updateTable('split_refund_slices')
      .set({ status: 'failed' })
      .where('refund_id', '=', refundId)
      .where('participant_id', '=', participantIds[2])
      .execute();
    expect(await repo().refundedSlices(refundId)).toEqual([
      { participant_id: participantIds[1], amount: 2000, customer_fee: 30 },
    ]);
  });

  it('gives the organiser one notice of a kind per split every 12 hours, whatever the address’s case', async () => {
    const { splitId } = await insertSplit(db(), await insertMerchant(db()));
    const notice = { splitId, recipient: 'Org@Example.com', kind: 'one_left' };
    const now = new Date('2026-03-01T09:00:00Z');
    expect(await repo().claimOrganiserNotice(notice, now)).toBe(true);
    expect(
      await repo().claimOrganiserNotice(
        { ...notice, recipient: 'org@example.com' },
        new Date(now.getTime() + 11 * HOUR),
      ),
    ).toBe(false);
    expect(await repo().claimOrganiserNotice({ ...notice, kind: 'everyone_paid' }, now)).toBe(true);
    expect(await repo().claimOrganiserNotice(notice, new Date(now.getTime() + 12 * HOUR))).toBe(true);
    expect(await repo().claimOrganiserNotice(notice, new Date(now.getTime() + 13 * HOUR))).toBe(false);
    const rows = await db()
      .selectFrom('organiser_notices')
      .selectAll()
      .where('split_id', '=', splitId)
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      { split_id: splitId, recipient: 'org@example.com', kind: 'everyone_paid', last_sent_at: now },
      {
        split_id: splitId,
        recipient: 'org@example.com',
        kind: 'one_left',
        last_sent_at: new Date(now.getTime() + 12 * HOUR),
      },
    ]);
  });

  it('lets one of several racing notices send', async () => {
    const { splitId } = await insertSplit(db(), await insertMerchant(db()));
    const notice = { splitId, recipient: 'org@example.com', kind: 'everyone_paid' };
    const results = await Promise.all([0, 1, 2, 3].map(() => repo().claimOrganiserNotice(notice)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
