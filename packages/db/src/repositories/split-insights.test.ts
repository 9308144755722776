import type { SplitStatus } from '../schema/splits';
import { SplitInsightsRepository } from './split-insights';
import { useTestDb } from './test-support/db';
import { insertHistory, insertMerchant, insertSplit } from './test-support/rows';

/** SplitInsightsRepository (the Insights page's figures) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitInsightsRepository(db());
const T = Date.parse('2026-02-01T12:00:00Z');
const after = (seconds: number) => new Date(T + seconds * 1000);

describe('SplitInsightsRepository', () => {
  it('answers zeros and nulls for a period with no splits', async () => {
    const merchantId = await insertMerchant(db());
    expect(await repo().forPeriod({ merchantId, mode: 'test', from: after(0), to: after(3600) })).toEqual({
      started: 0,
      finished: 0,
      open: 0,
      expired: 0,
      cancelled: 0,
      failed: 0,
      medianSecondsToPaid: null,
      p90SecondsToPaid: null,
      invited: 0,
      opened: 0,
      held: 0,
      unfinishedGroups: 0,
      unfinishedInvited: 0,
      unfinishedOpened: 0,
      unfinishedHeld: 0,
      remindersSent: 0,
      peopleReminded: 0,
      heldAfterReminder: 0,
      averageSharePence: null,
    });
  });

  it('counts how groups ended, how long paying took, who opened, held and was reminded', async () => {
    const merchantId = await insertMerchant(db());
    const split = (status: SplitStatus, participants = 2, createdAt = after(0), extra = {}) =>
      insertSplit(db(), merchantId, { participants, split: { status, created_at: createdAt, ...extra } });
    const set = (id: string, values: Record<string, unknown>) =>
      db().updateTable('split_participants').set(values).where('id', '=', id).execute();
    const view = async (participantId: string, splitId: string, email?: string) => {
      const current = await db()
        .selectFrom('split_participants')
        .select('email')
        .where('id', '=', participantId)
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('pay_page_views')
        .values({ participant_id: participantId, split_id: splitId, email: email ?? current.email })
        .execute();
    };
    const remind = (participantId: string, splitId: string, count: number, at: Date) =>
      db()
        .insertInto('checkout_participant_reminders')
        .values({ participant_id: participantId, split_id: splitId, reminder_count: count, last_reminded_at: at })
        .execute();

    // Finished: fully paid 300 s and 100 s after creation; one payer held after their reminder.
    const paid = await split('captured', 2, after(0));
    await set(paid.participantIds[0], { authorised_at: after(50), captured_at: after(100) });
    await set(paid.participantIds[1], { authorised_at: after(60), captured_at: after(300) });
    await view(paid.participantIds[0], paid.splitId);
    await remind(paid.participantIds[0], paid.splitId, 2, after(40));
    const refunded = await split('refunded', 1, after(10));
    await set(refunded.participantIds[0], { amount: 5000, authorised_at: after(20), captured_at: after(110) });
    // Open: one held before their reminder, one reminded and still pending.
    const open = await split('pending', 2, after(20));
    await set(open.participantIds[0], { authorised_at: after(30) });
    await remind(open.participantIds[0], open.splitId, 1, after(35));
    await remind(open.participantIds[1], open.splitId, 1, after(35));
    // Expired: one held (released since), one opened; a view under an address replaced since does not count.
    const expired = await split('canceled', 2, after(30));
    await insertHistory(db(), expired.splitId, {
      to_status: 'canceled',
      detail: JSON.stringify({ reason: 'expired' }),
    });
    await set(expired.participantIds[0], { authorised_at: after(40), status: 'canceled' });
    await view(expired.participantIds[1], expired.splitId);
    await view(expired.participantIds[0], expired.splitId, 'replaced@example.com');
    // Cancelled: a cancel, and one still canceling. Failed: a capture that failed.
    const canceled = await split('canceled', 2, after(40));
    await insertHistory(db(), canceled.splitId, {
      to_status: 'canceled',
      detail: JSON.stringify({ reason: 'requested' }),
    });
    await split('canceling', 2, after(50));
    await split('capture_failed', 2, after(60));
    // Not counted: still creating, outside the period, the other mode, another business.
    await split('creating', 2, after(70));
    await split('captured', 2, after(3600));
    await split('captured', 2, after(80), { mode: 'live' });
    await insertSplit(db(), await insertMerchant(db()), { split: { status: 'captured', created_at: after(80) } });

    const figures = await repo().forPeriod({ merchantId, mode: 'test', from: after(0), to: after(3600) });
    expect(figures).toEqual({
      started: 7,
      finished: 2,
      open: 1,
      expired: 1,
      cancelled: 2,
      failed: 1,
      // 100 s and 300 s: the median between them, the 90th percentile 90 % of the way.
      medianSecondsToPaid: 200,
      p90SecondsToPaid: 280,
      invited: 13,
      opened: 2,
      held: 5,
      unfinishedGroups: 3,
      unfinishedInvited: 6,
      unfinishedOpened: 1,
      unfinishedHeld: 1,
      remindersSent: 4,
      peopleReminded: 3,
      heldAfterReminder: 1,
      averageSharePence: (12 * 2000 + 5000) / 13,
    });

    // The reminded payer still pending holds after their reminder.
    await set(open.participantIds[1], { authorised_at: after(36) });
    expect(await repo().forPeriod({ merchantId, mode: 'test', from: after(0), to: after(3600) })).toMatchObject({
      held: 6,
      heldAfterReminder: 2,
    });
  });
});
