import { randomUUID } from 'node:crypto';
import { SplitHistoryRepository } from './split-history';
import { useTestDb } from './test-support/db';
import { insertHistory, insertMerchant, insertSplit } from './test-support/rows';

/** SplitHistoryRepository against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitHistoryRepository(db());

const historyOf = (splitId: string) =>
  db()
    .selectFrom('split_history')
    .select(['participant_id', 'kind', 'actor', 'from_status', 'to_status', 'detail', 'dedupe_key'])
    .where('split_id', '=', splitId)
    .orderBy('id')
    .execute();

describe('SplitHistoryRepository', () => {
  it('appends a row once per dedupe key, with its participant, statuses and detail', async () => {
    const {
      splitId,
      participantIds: [participantId],
    } = await insertSplit(db(), await insertMerchant(db()));
    const dedupeKey = `authorised:${randomUUID()}`;
    const row = {
      splitId,
      participantId,
      kind: 'authorised',
      actor: 'system',
      dedupeKey,
      from: 'pending',
      to: 'authorised',
      detail: { card: 'visa' },
    };
    await repo().add(row);
    await repo().add({ ...row, detail: { card: 'changed' } });
    await Promise.all([repo().add(row), repo().add(row)]);
    await repo().add({ splitId, kind: 'note', actor: 'support:sam', dedupeKey: `note:${randomUUID()}` });

    expect(await historyOf(splitId)).toEqual([
      {
        participant_id: participantId,
        kind: 'authorised',
        actor: 'system',
        from_status: 'pending',
        to_status: 'authorised',
        detail: { card: 'visa' },
        dedupe_key: dedupeKey,
      },
      expect.objectContaining({ kind: 'note', participant_id: null, from_status: null, to_status: null, detail: null }),
    ]);
  });

  it('answers whether a cause happened, its detail, and whether the split ever waited for support', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId } = await insertSplit(db(), merchantId);
    const other = await insertSplit(db(), merchantId);
    const withDetail = `k:${randomUUID()}`;
    const withoutDetail = `k:${randomUUID()}`;
    await insertHistory(db(), splitId, {
      kind: 'refund',
      dedupe_key: withDetail,
      detail: JSON.stringify({ amount: 5 }),
    });
    await insertHistory(db(), splitId, { kind: 'note', dedupe_key: withoutDetail });
    await insertHistory(db(), other.splitId, { kind: 'stuck' });

    expect(await repo().has(withDetail)).toBe(true);
    expect(await repo().has(`k:${randomUUID()}`)).toBe(false);
    expect(await repo().detailOf(withDetail)).toEqual({ amount: 5 });
    expect(await repo().detailOf(withoutDetail)).toBeNull();
    expect(await repo().detailOf(`k:${randomUUID()}`)).toBeUndefined();

    // Only the split's own `stuck` row counts.
    expect(await repo().waitedForSupport(splitId)).toBe(false);
    expect(await repo().waitedForSupport(other.splitId)).toBe(true);
    await insertHistory(db(), splitId, { kind: 'stuck' });
    expect(await repo().waitedForSupport(splitId)).toBe(true);
  });
});
