import { createDb, type Db } from '..';
import { CheckoutSessionExpiriesRepository, RemindersRepository } from './reminders';
import { insertMerchant, insertSession, insertSplit } from './test-support/rows';

/** RemindersRepository and CheckoutSessionExpiriesRepository against the run's migrated Postgres database alone. */
let db: Db;
let merchantId: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 4);
  merchantId = await insertMerchant(db);
});
afterAll(() => db.destroy());

const repo = () => new RemindersRepository(db);
const HOUR = 3600_000;

describe('RemindersRepository', () => {
  it("takes a participant's slot once per interval, counting reminders", async () => {
    const { splitId, participantIds } = await insertSplit(db, merchantId);
    const participant = { id: participantIds[0]!, split_id: splitId };
    const t0 = new Date(Date.now() - 13 * HOUR);
    expect(await repo().claimSlot(participant, t0, new Date(t0.getTime() - 12 * HOUR))).toBe(1);
    const t1 = new Date(t0.getTime() + HOUR);
    expect(await repo().claimSlot(participant, t1, new Date(t1.getTime() - 12 * HOUR))).toBeNull();
    const now = new Date();
    // Racing claims: one wins.
    const raced = await Promise.all(
      [1, 2, 3].map(() => repo().claimSlot(participant, now, new Date(now.getTime() - 12 * HOUR))),
    );
    expect(raced.filter((n) => n !== null)).toEqual([2]);

    expect(await repo().lastReminded([...participantIds])).toEqual([
      { participant_id: participant.id, last_reminded_at: now },
    ]);
    expect(await repo().lastReminded([])).toEqual([]);
  });

  it("counts a session's remind calls", async () => {
    const token = await insertSession(db, merchantId);
    expect(await repo().remindCallCount(token)).toBe(0);
    await repo().recordRemindCall({ sessionToken: token, actor: 'user:1', reminded: 2, skipped: 1 });
    await repo().recordRemindCall({ sessionToken: token, actor: 'api_key:2', reminded: 0, skipped: 3 });
    expect(await repo().remindCallCount(token)).toBe(2);
    const calls = await db
      .selectFrom('checkout_remind_calls')
      .select(['actor', 'reminded', 'skipped'])
      .where('session_token', '=', token)
      .orderBy('id')
      .execute();
    expect(calls).toEqual([
      { actor: 'user:1', reminded: 2, skipped: 1 },
      { actor: 'api_key:2', reminded: 0, skipped: 3 },
    ]);
  });
});

describe('CheckoutSessionExpiriesRepository', () => {
  it('records a session as expired once and finds when', async () => {
    const token = await insertSession(db, merchantId);
    const expiries = new CheckoutSessionExpiriesRepository(db);
    expect(await expiries.find(token)).toBeUndefined();
    const at = await expiries.record(token);
    expect(at).toBeInstanceOf(Date);
    expect(await expiries.find(token)).toEqual({ expired_at: at });
    await expect(expiries.record(token)).rejects.toThrow();
  });
});
