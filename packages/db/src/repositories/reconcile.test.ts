import { randomUUID } from 'node:crypto';
import { type ReconcilePlan, ReconcileRepository } from './reconcile';
import { useTestDb } from './test-support/db';
import { insertEvent, insertHistory, insertMerchant, insertSplit, participantRow, splitRow } from './test-support/rows';

/** ReconcileRepository (support's `reconcile` after a restore) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new ReconcileRepository(db());
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 0, minutes));

const auditOf = (merchantId: string) =>
  db()
    .selectFrom('audit_log')
    .select(['actor_role', 'action', 'before', 'after', 'dedupe_key'])
    .where('merchant_id', '=', merchantId)
    .execute();

function plan(merchantId: string, splitId: string, overrides: Partial<ReconcilePlan> = {}): ReconcilePlan {
  return {
    splitId,
    merchantId,
    participants: [],
    history: [],
    events: [],
    audit: {
      actor: 'support:sam',
      before: { status: 'pending' },
      after: { status: 'captured' },
      dedupeKey: `reconcile:${randomUUID()}`,
    },
    ...overrides,
  };
}

describe('ReconcileRepository', () => {
  it('reads the split, its participants in order, its history and which events the outbox has', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId, participantIds } = await insertSplit(db(), merchantId, { participants: 3 });
    await insertHistory(db(), splitId, { kind: 'opened', to_status: 'creating', dedupe_key: `opened:${splitId}` });
    expect(await repo().split(splitId)).toMatchObject({ id: splitId, status: 'pending' });
    expect(await repo().split(randomUUID())).toBeUndefined();
    expect((await repo().participants(splitId)).map((p) => p.id)).toEqual(participantIds);
    expect(await repo().history(splitId)).toEqual([
      {
        kind: 'opened',
        participant_id: null,
        from_status: null,
        to_status: 'creating',
        dedupe_key: `opened:${splitId}`,
      },
    ]);
    const key = `paid:${randomUUID()}`;
    await insertEvent(db(), merchantId, { dedupe_key: key });
    expect(await repo().eventKeys([key, `paid:${randomUUID()}`])).toEqual(new Set([key]));
    expect(await repo().eventKeys([])).toEqual(new Set());
  });

  it('rebuilds a split the restored database lost: its row, shares, history, events and one audit row, once', async () => {
    const merchantId = await insertMerchant(db());
    const split = splitRow(merchantId, { status: 'captured' });
    const splitId = split.id as string;
    const shares = [
      participantRow(splitId, 0, { status: 'captured' }),
      participantRow(splitId, 1, { status: 'captured' }),
    ];
    const eventId = randomUUID();
    const eventKey = `paid:${splitId}`;
    const full = plan(merchantId, splitId, {
      open: { split, shares },
      history: [
        { splitId, kind: 'opened', actor: 'system', dedupeKey: `opened:${splitId}`, to: 'creating', at: at(1) },
        {
          splitId,
          kind: 'status',
          actor: 'system',
          dedupeKey: `captured:${splitId}`,
          from: 'capturing',
          to: 'captured',
          at: at(5),
        },
      ],
      events: [
        {
          id: eventId,
          merchantId,
          mode: 'test',
          type: 'checkout_split.paid',
          data: { id: splitId },
          dedupeKey: eventKey,
          createdAt: at(5),
        },
      ],
    });
    await repo().apply(full);
    await repo().apply(full);

    expect(await repo().split(splitId)).toMatchObject({ status: 'captured' });
    expect((await repo().participants(splitId)).map((p) => p.id)).toEqual(shares.map((s) => s.id));
    const history = await db()
      .selectFrom('split_history')
      .select(['dedupe_key', 'created_at'])
      .where('split_id', '=', splitId)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { dedupe_key: `opened:${splitId}`, created_at: at(1) },
      { dedupe_key: `captured:${splitId}`, created_at: at(5) },
    ]);
    const events = await db()
      .selectFrom('webhook_events')
      .select(['id', 'payload', 'created_at'])
      .where('dedupe_key', '=', eventKey)
      .execute();
    expect(events).toEqual([{ id: eventId, payload: { id: splitId }, created_at: at(5) }]);
    // Left undispatched, the event would be the sweeper's of a stack running beside this file.
    await db().updateTable('webhook_events').set({ dispatched_at: new Date() }).where('id', '=', eventId).execute();
    expect(await auditOf(merchantId)).toEqual([
      {
        actor_role: 'support',
        action: 'split.reconcile',
        before: { status: 'pending' },
        after: { status: 'captured' },
        dedupe_key: full.audit.dedupeKey,
      },
    ]);
  });

  it('sets the split’s and its own participants’ columns, never another split’s participant', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    const other = await insertSplit(db(), merchantId);
    await repo().apply(
      plan(merchantId, splitId, {
        split: { status: 'captured', awaiting_merchant: false },
        participants: [
          { id: participantIds[0], set: { status: 'captured' } },
          { id: other.participantIds[0], set: { status: 'captured' } },
        ],
      }),
    );
    expect(await repo().split(splitId)).toMatchObject({ status: 'captured', awaiting_merchant: false });
    expect((await repo().participants(splitId)).map((p) => p.status)).toEqual(['captured', 'pending']);
    expect((await repo().participants(other.splitId)).map((p) => p.status)).toEqual(['pending', 'pending']);
  });

  it('writes nothing when any part of the plan fails, the audit row included', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    await expect(
      repo().apply(
        plan(merchantId, splitId, {
          split: { status: 'captured' },
          history: [
            { splitId, kind: 'status', actor: 'system', dedupeKey: `k:${randomUUID()}`, to: 'captured', at: at(1) },
          ],
          participants: [{ id: participantIds[0], set: { status: 'lost' as 'captured' } }],
        }),
      ),
    ).rejects.toThrow(/check constraint/);
    expect(await repo().split(splitId)).toMatchObject({ status: 'pending' });
    expect(await repo().history(splitId)).toEqual([]);
    expect(await auditOf(merchantId)).toEqual([]);
  });
});
