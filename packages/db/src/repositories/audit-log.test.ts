import { randomUUID } from 'node:crypto';
import { AuditLogRepository } from './audit-log';
import { useTestDb } from './test-support/db';
import { insertMerchant, insertUser } from './test-support/rows';

/** AuditLogRepository against the run's migrated Postgres database alone. Each test reads only its own business's rows. */
const db = useTestDb();
const repo = () => new AuditLogRepository(db());

const rowsOf = (merchantId: string) =>
  db()
    .selectFrom('audit_log')
    .select(['actor_user_id', 'actor_role', 'action', 'before', 'after', 'outcome', 'dedupe_key'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();

describe('AuditLogRepository', () => {
  it('records who did what, with before and after as JSON, accepted unless said otherwise', async () => {
    const merchantId = await insertMerchant(db());
    const userId = await insertUser(db());
    await repo().record({
      merchantId,
      actorUserId: userId,
      actorRole: 'owner',
      action: 'team.role_changed',
      before: { role: 'member' },
      after: { role: 'admin' },
    });
    await repo().record({
      merchantId,
      actorUserId: null,
      actorRole: 'support',
      action: 'split.cancel',
      outcome: 'refused',
    });

    expect(await rowsOf(merchantId)).toEqual([
      {
        actor_user_id: userId,
        actor_role: 'owner',
        action: 'team.role_changed',
        before: { role: 'member' },
        after: { role: 'admin' },
        outcome: 'accepted',
        dedupe_key: null,
      },
      {
        actor_user_id: null,
        actor_role: 'support',
        action: 'split.cancel',
        before: null,
        after: null,
        outcome: 'refused',
        dedupe_key: null,
      },
    ]);
  });

  it('writes an action with a dedupe key once however often it is retried; rows without one all stay', async () => {
    const merchantId = await insertMerchant(db());
    const dedupeKey = `support:${randomUUID()}`;
    const action = { merchantId, actorUserId: null, actorRole: 'support', action: 'merchant.pause', dedupeKey };
    await repo().record({ ...action, after: { paused: true } });
    await repo().record({ ...action, after: { paused: 'again' } });
    await Promise.all([repo().record(action), repo().record(action)]);
    await repo().record({ merchantId, actorUserId: null, actorRole: 'system', action: 'x' });
    await repo().record({ merchantId, actorUserId: null, actorRole: 'system', action: 'x' });

    const rows = await rowsOf(merchantId);
    expect(rows.filter((row) => row.dedupe_key === dedupeKey)).toEqual([
      expect.objectContaining({ after: { paused: true } }),
    ]);
    expect(rows.filter((row) => row.action === 'x')).toHaveLength(2);
  });

  it('writes inside the caller’s transaction: rolled back with it', async () => {
    const merchantId = await insertMerchant(db());
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await new AuditLogRepository(trx).record({ merchantId, actorUserId: null, actorRole: 'system', action: 'y' });
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(merchantId)).toEqual([]);
  });
});
