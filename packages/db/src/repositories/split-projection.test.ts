import { randomUUID } from 'node:crypto';
import { SplitProjectionRepository } from './split-projection';
import { useTestDb } from './test-support/db';
import { startBlocked } from './test-support/locks';
import { insertMerchant, insertSplit, participantRow, splitRow } from './test-support/rows';

/** SplitProjectionRepository (the split workflow's status writes) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitProjectionRepository(db());
let merchantId: string;
beforeAll(async () => {
  merchantId = await insertMerchant(db());
});

const splitOf = (splitId: string) =>
  db()
    .selectFrom('splits')
    .select(['status', 'failure_reason', 'disputed_at', 'awaiting_merchant', 'updated_at'])
    .where('id', '=', splitId)
    .executeTakeFirstOrThrow();
const statuses = async (splitId: string) =>
  (
    await db()
      .selectFrom('split_participants')
      .select('status')
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute()
  ).map((p) => p.status);
const historyOf = (splitId: string) =>
  db()
    .selectFrom('split_history')
    .select(['kind', 'actor', 'from_status', 'to_status', 'detail', 'dedupe_key'])
    .where('split_id', '=', splitId)
    .orderBy('id')
    .execute();

describe('SplitProjectionRepository', () => {
  it('opens a split with its shares and its opened row once, however often the step is retried', async () => {
    const split = splitRow(merchantId, { status: 'creating', total_amount: 4000 });
    const splitId = split.id as string;
    const [share0, share1] = [participantRow(splitId, 0), participantRow(splitId, 1)];
    const shares = [share0, share1];
    const opened = { splitId, kind: 'opened', actor: 'system', dedupeKey: `opened:${splitId}`, to: 'creating' };
    await repo().open(split, shares, opened);
    await repo().open({ ...split, total_amount: 9999 }, [{ ...share0, amount: 9999 }, share1], opened);

    expect(await repo().statusOf(splitId)).toBe('creating');
    const stored = await db()
      .selectFrom('splits')
      .select('total_amount')
      .where('id', '=', splitId)
      .executeTakeFirstOrThrow();
    expect(stored.total_amount).toBe(4000);
    const participants = await db()
      .selectFrom('split_participants')
      .select(['id', 'amount'])
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();
    expect(participants).toEqual([
      { id: share0.id, amount: 2000 },
      { id: share1.id, amount: 2000 },
    ]);
    expect(await historyOf(splitId)).toEqual([
      {
        kind: 'opened',
        actor: 'system',
        from_status: null,
        to_status: 'creating',
        detail: null,
        dedupe_key: `opened:${splitId}`,
      },
    ]);
    expect(await repo().statusOf(randomUUID())).toBeUndefined();
  });

  it('moves a split only from the status it is at, with the participants still holding money and one history row', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      participant: (position) => ({ status: (['pending', 'authorised', 'canceled'] as const)[position] }),
    });
    const move = {
      splitId,
      from: 'pending' as const,
      to: 'canceling' as const,
      actor: 'user:someone',
      dedupeKey: `status:${splitId}:canceling`,
      reason: 'expired',
      participants: { ids: participantIds, to: 'canceled' as const },
    };
    // Not at `capturing`: nothing written at all.
    expect(await repo().moveIfAt({ ...move, from: 'capturing' })).toBe(false);
    expect((await splitOf(splitId)).status).toBe('pending');
    expect(await historyOf(splitId)).toEqual([]);

    expect(await repo().moveIfAt(move)).toBe(true);
    expect(await splitOf(splitId)).toMatchObject({ status: 'canceling', failure_reason: null });
    expect(await statuses(splitId)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(await historyOf(splitId)).toEqual([
      {
        kind: 'status',
        actor: 'user:someone',
        from_status: 'pending',
        to_status: 'canceling',
        detail: { reason: 'expired' },
        dedupe_key: move.dedupeKey,
      },
    ]);
    // Repeated: no longer at `pending`.
    expect(await repo().moveIfAt(move)).toBe(false);
    expect(await historyOf(splitId)).toHaveLength(1);
  });

  it('moves only participants still pending or authorised', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      participant: (position) => ({ status: (['authorised', 'captured', 'refunded'] as const)[position] }),
    });
    await repo().moveIfAt({
      splitId,
      from: 'pending',
      to: 'capturing',
      actor: 'system',
      dedupeKey: `status:${randomUUID()}`,
      participants: { ids: participantIds, to: 'canceled' },
    });
    expect(await statuses(splitId)).toEqual(['canceled', 'captured', 'refunded']);
  });

  it('keeps the failure reason on a failed split', async () => {
    const { splitId } = await insertSplit(db(), merchantId, { split: { status: 'creating' } });
    expect(
      await repo().moveIfAt({
        splitId,
        from: 'creating',
        to: 'creation_failed',
        actor: 'system',
        dedupeKey: `status:${randomUUID()}`,
        reason: 'card_declined',
      }),
    ).toBe(true);
    expect(await splitOf(splitId)).toMatchObject({ status: 'creation_failed', failure_reason: 'card_declined' });
  });

  it('lets exactly one of two concurrent moves from the same status win', async () => {
    const { splitId } = await insertSplit(db(), merchantId);
    const results = await Promise.all(
      (['capturing', 'canceling'] as const).map((to) =>
        repo().moveIfAt({ splitId, from: 'pending', to, actor: 'system', dedupeKey: `status:${randomUUID()}` }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const history = await historyOf(splitId);
    expect(history).toHaveLength(1);
    expect((await splitOf(splitId)).status).toBe(history[0]!.to_status);
  });

  it('moves under the caller’s lock without checking the status, the history row once per dedupe key', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participant: (position) => ({ status: position === 0 ? 'pending' : 'captured' }),
    });
    const dedupeKey = `status:${randomUUID()}`;
    await db()
      .transaction()
      .execute(async (trx) => {
        const projection = new SplitProjectionRepository(trx);
        expect(await projection.lockStatus(splitId)).toBe('pending');
        const move = {
          splitId,
          from: 'pending' as const,
          to: 'capture_failed' as const,
          actor: 'system',
          dedupeKey,
          reason: 'processor_down',
          participants: { ids: participantIds, to: 'canceled' as const },
        };
        await projection.move(move);
        await projection.move(move);
      });
    expect(await splitOf(splitId)).toMatchObject({ status: 'capture_failed', failure_reason: 'processor_down' });
    expect(await statuses(splitId)).toEqual(['canceled', 'captured']);
    expect(await historyOf(splitId)).toEqual([
      expect.objectContaining({ dedupe_key: dedupeKey, detail: { reason: 'processor_down' } }),
    ]);
    expect(await repo().lockStatus(randomUUID())).toBeUndefined();
  });

  it('holds the split locked until the transaction ends: a second locker queues behind it', async () => {
    const { splitId } = await insertSplit(db(), merchantId);
    const queued = await db()
      .transaction()
      .execute(async (trx) => {
        expect(await new SplitProjectionRepository(trx).lock(splitId)).toMatchObject({
          id: splitId,
          status: 'pending',
        });
        const waiting = await startBlocked(db(), (other) => new SplitProjectionRepository(other).lockStatus(splitId));
        await new SplitProjectionRepository(trx).setStatus(splitId, 'refunded');
        return waiting;
      });
    // It read the status the first transaction committed.
    expect(await queued.done).toBe('refunded');
  });

  it('marks captured only from capturing', async () => {
    const { splitId } = await insertSplit(db(), merchantId);
    expect(await repo().markCaptured(splitId)).toBe(false);
    expect((await splitOf(splitId)).status).toBe('pending');
    await repo().setStatus(splitId, 'capturing');
    expect(await repo().markCaptured(splitId)).toBe(true);
    expect((await splitOf(splitId)).status).toBe('captured');
    expect(await repo().markCaptured(splitId)).toBe(false);
  });

  it('keeps the first dispute time', async () => {
    const { splitId } = await insertSplit(db(), merchantId);
    const first = new Date('2026-05-01T10:00:00Z');
    await repo().markDisputed(splitId, first);
    await repo().markDisputed(splitId, new Date('2026-05-02T10:00:00Z'));
    expect((await splitOf(splitId)).disputed_at).toEqual(first);
  });

  it('sets the merchant accept flag only on a pending split that uses it', async () => {
    const uses = await insertSplit(db(), merchantId, { split: { awaiting_merchant: false } });
    const doesNot = await insertSplit(db(), merchantId);
    const capturing = await insertSplit(db(), merchantId, { split: { awaiting_merchant: false, status: 'capturing' } });
    expect(await repo().setAwaitingMerchant(uses.splitId, true)).toBe(true);
    expect((await splitOf(uses.splitId)).awaiting_merchant).toBe(true);
    expect(await repo().setAwaitingMerchant(doesNot.splitId, true)).toBe(false);
    expect((await splitOf(doesNot.splitId)).awaiting_merchant).toBeNull();
    expect(await repo().setAwaitingMerchant(capturing.splitId, true)).toBe(false);
    expect((await splitOf(capturing.splitId)).awaiting_merchant).toBe(false);
  });

  it('reads the split and its participants in position order for its events', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      participant: (position) => ({ refunded_amount: position * 100 }),
    });
    const { split, participants } = await repo().forEvent(splitId);
    expect(split).toMatchObject({ id: splitId, status: 'pending', merchant_id: merchantId });
    expect(participants.map((p) => [p.id, p.refunded_amount])).toEqual([
      [participantIds[0], 0],
      [participantIds[1], 100],
      [participantIds[2], 200],
    ]);
    await expect(repo().forEvent(randomUUID())).rejects.toThrow();
  });
});
