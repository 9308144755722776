import { randomUUID } from 'node:crypto';
import { AuditLogRepository } from './audit-log';
import { SplitTimelineRepository } from './split-timeline';
import { useTestDb } from './test-support/db';
import { insertHistory, insertMerchant, insertSession, insertSplit, insertUser } from './test-support/rows';

/** SplitTimelineRepository (the reads behind an order's timeline) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitTimelineRepository(db());
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

async function logEmail(values: { recipient: string; merchantId: string | null; template: string; createdAt: Date }) {
  const id = randomUUID();
  await db()
    .insertInto('emails')
    .values({
      id,
      recipient: values.recipient,
      template: values.template,
      subject: 'Your share of ORDER-1',
      merchant_id: values.merchantId,
      status: 'sent',
      error: null,
      created_at: values.createdAt,
      sent_at: values.createdAt,
    })
    .execute();
  return id;
}

async function firstAttempt(values: { recipient: string; merchantId: string; createdAt: Date }) {
  const id = randomUUID();
  await db()
    .insertInto('email_first_attempts')
    .values({
      id,
      recipient: values.recipient,
      request: JSON.stringify({
        template: 'splits.invitation',
        merchantId: values.merchantId,
        data: { order_reference: 'ORDER-1' },
      }),
      status: 'sent',
      error: null,
      created_at: values.createdAt,
    })
    .execute();
  return id;
}

describe('SplitTimelineRepository', () => {
  it('reads the split’s history oldest first, its pay-page views and its session’s remind calls', async () => {
    const merchantId = await insertMerchant(db());
    const session = await insertSession(db(), merchantId, {
      customer_email: 'buyer@example.com',
      metadata: JSON.stringify({ table: '4' }),
    });
    const { splitId, participantIds } = await insertSplit(db(), merchantId, { split: { session_token: session } });
    const other = await insertSplit(db(), merchantId);
    const first = await insertHistory(db(), splitId, { kind: 'opened', to_status: 'creating' });
    const second = await insertHistory(db(), splitId, {
      kind: 'authorised',
      participant_id: participantIds[0],
      detail: JSON.stringify({ last4: '4242' }),
    });
    await insertHistory(db(), other.splitId, { kind: 'opened' });
    expect(await repo().history(splitId)).toEqual([
      expect.objectContaining({ id: first, kind: 'opened', to_status: 'creating', participant_id: null }),
      expect.objectContaining({
        id: second,
        kind: 'authorised',
        participant_id: participantIds[0],
        detail: { last4: '4242' },
      }),
    ]);

    await db()
      .insertInto('pay_page_views')
      .values([
        { participant_id: participantIds[1], email: 'b@example.com', split_id: splitId },
        { participant_id: other.participantIds[0], email: 'c@example.com', split_id: other.splitId },
      ])
      .execute();
    expect(await repo().payPageViews(splitId)).toEqual([
      { participant_id: participantIds[1], email: 'b@example.com', first_viewed_at: expect.any(Date) },
    ]);

    await db()
      .insertInto('checkout_remind_calls')
      .values([
        { session_token: session, actor: 'user:1', reminded: 2, skipped: 0 },
        { session_token: session, actor: 'api_key', reminded: 0, skipped: 2 },
      ])
      .execute();
    expect(await repo().remindCalls(session)).toEqual([
      { actor: 'user:1', reminded: 2, skipped: 0, created_at: expect.any(Date) },
      { actor: 'api_key', reminded: 0, skipped: 2, created_at: expect.any(Date) },
    ]);
    expect(await repo().remindCalls(await insertSession(db(), merchantId))).toEqual([]);

    expect(await repo().session(session)).toEqual({
      line_items: [{ description: 'Dinner', amount: 6000, quantity: 1 }],
      metadata: { table: '4' },
      customer_email: 'buyer@example.com',
      order_reference: 'ORDER-1',
    });
    expect(await repo().session('no-such-session')).toBeUndefined();
  });

  it('reads participant e-mails to the addresses from this business since the order, both logs', async () => {
    const merchantId = await insertMerchant(db());
    const otherMerchant = await insertMerchant(db());
    const tag = randomUUID();
    const ann = `ann-${tag}@example.com`;
    const bob = `bob-${tag}@example.com`;
    const since = at(10);
    const invitation = await logEmail({
      recipient: ann.toUpperCase(),
      merchantId,
      template: 'splits.invitation',
      createdAt: at(11),
    });
    const receipt = await logEmail({ recipient: bob, merchantId, template: 'receipts.charged', createdAt: at(12) });
    // Not on the timeline: before the order, another business, a template not about the order, another address.
    await logEmail({ recipient: ann, merchantId, template: 'splits.invitation', createdAt: at(9) });
    await logEmail({ recipient: ann, merchantId: otherMerchant, template: 'splits.invitation', createdAt: at(11) });
    await logEmail({ recipient: ann, merchantId, template: 'sign_in.code', createdAt: at(11) });
    await logEmail({
      recipient: `carl-${tag}@example.com`,
      merchantId,
      template: 'splits.invitation',
      createdAt: at(11),
    });
    const attempt = await firstAttempt({ recipient: ann, merchantId, createdAt: at(11) });
    await firstAttempt({ recipient: ann, merchantId: otherMerchant, createdAt: at(11) });
    await firstAttempt({ recipient: ann, merchantId, createdAt: at(1) });

    const { logged, firstAttempts } = await repo().emails({
      merchantId,
      recipients: [` ${ann} `, bob.toUpperCase()],
      since,
    });
    expect(logged.map((e) => e.id).sort()).toEqual([invitation, receipt].sort());
    expect(logged.find((e) => e.id === receipt)).toMatchObject({
      recipient: bob,
      template: 'receipts.charged',
      status: 'sent',
    });
    expect(firstAttempts).toEqual([
      expect.objectContaining({
        id: attempt,
        recipient: ann,
        template: 'splits.invitation',
        order_reference: 'ORDER-1',
        status: 'sent',
      }),
    ]);
    expect(await repo().emails({ merchantId, recipients: [], since })).toEqual({ logged: [], firstAttempts: [] });
  });

  it('reads which addresses asked to stop e-mails, ignoring case', async () => {
    const stopped = `Stop-${randomUUID()}@Example.com`;
    await db().insertInto('email_suppressions').values({ email: stopped }).execute();
    expect(await repo().suppressions([stopped.toUpperCase(), `go-${randomUUID()}@example.com`])).toEqual([
      { email: stopped.toLowerCase(), created_at: expect.any(Date) },
    ]);
    expect(await repo().suppressions([])).toEqual([]);
  });

  it('reads the audit rows naming the split before or after, in order, for its business only', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId } = await insertSplit(db(), merchantId);
    const audit = new AuditLogRepository(db());
    await audit.record({
      merchantId,
      actorUserId: null,
      actorRole: 'support',
      action: 'split.cancel',
      after: { split_id: splitId },
    });
    await audit.record({
      merchantId,
      actorUserId: null,
      actorRole: 'support',
      action: 'split.note',
      before: { split_id: splitId },
      outcome: 'refused',
    });
    await audit.record({
      merchantId,
      actorUserId: null,
      actorRole: 'support',
      action: 'split.cancel',
      after: { split_id: randomUUID() },
    });
    await audit.record({
      merchantId: await insertMerchant(db()),
      actorUserId: null,
      actorRole: 'support',
      action: 'x',
      after: { split_id: splitId },
    });
    expect(await repo().audit(merchantId, splitId)).toEqual([
      expect.objectContaining({
        action: 'split.cancel',
        outcome: 'accepted',
        after: { split_id: splitId },
        before: null,
      }),
      expect.objectContaining({ action: 'split.note', outcome: 'refused', before: { split_id: splitId } }),
    ]);
  });

  it('names the creating account’s address', async () => {
    const email = `creator-${randomUUID()}@example.com`;
    expect(await repo().creatorEmail(await insertUser(db(), email))).toBe(email);
    expect(await repo().creatorEmail(randomUUID())).toBeNull();
  });
});
