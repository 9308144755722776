import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { SplitIdempotencyKeysRepository } from './split-idempotency-keys';

/** SplitIdempotencyKeysRepository against the run's migrated Postgres database alone (no services, no Temporal). */
let db: Db;
let merchantId: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 4);
  const merchant = await db
    .insertInto('merchants')
    .values({
      name: `Repository test ${randomUUID().slice(0, 8)}`,
      legal_name: 'Shop Ltd',
      business_type: 'sole_trader',
      business_address: '1 High Street, London, N1 1AA',
      business_email: 'hello@shop.example',
      business_phone: '+44 20 7946 0000',
      verification_status: 'verified',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
});
afterAll(() => db.destroy());

const repo = () => new SplitIdempotencyKeysRepository(db);
const scopeFor = () => ({ merchantId, mode: 'test' as const, key: `key-${randomUUID()}` });

describe('SplitIdempotencyKeysRepository', () => {
  it('names a new split id on first use and the same id, with the first hash, afterwards', async () => {
    const scope = scopeFor();
    const first = await repo().claim(scope, 'hash-1', 24);
    expect(first).toEqual({ splitId: expect.any(String), requestHash: 'hash-1', claimed: true });
    expect(await repo().claim(scope, 'hash-2', 24)).toEqual({
      splitId: first.splitId,
      requestHash: 'hash-1',
      claimed: false,
    });
    // The same key in the other mode is another key.
    const live = await repo().claim({ ...scope, mode: 'live' }, 'hash-1', 24);
    expect(live.claimed).toBe(true);
    expect(live.splitId).not.toBe(first.splitId);
  });

  it('concurrent first uses get one split id', async () => {
    const scope = scopeFor();
    const claims = await Promise.all([1, 2, 3].map(() => repo().claim(scope, 'hash', 24)));
    expect(new Set(claims.map((claim) => claim.splitId)).size).toBe(1);
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
  });

  it('forgets a key used the remembered hours ago or more', async () => {
    const scope = scopeFor();
    const old = await repo().claim(scope, 'hash-1', 24);
    await db
      .updateTable('split_idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where('idempotency_key', '=', scope.key)
      .execute();
    const anew = await repo().claim(scope, 'hash-2', 24);
    expect(anew).toEqual({ splitId: expect.any(String), requestHash: 'hash-2', claimed: true });
    expect(anew.splitId).not.toBe(old.splitId);
  });

  it('lets a key go only while it names the given split', async () => {
    const scope = scopeFor();
    const first = await repo().claim(scope, 'hash-1', 24);
    await repo().release(scope, randomUUID());
    expect((await repo().claim(scope, 'hash-1', 24)).claimed).toBe(false);
    await repo().release(scope, first.splitId);
    const again = await repo().claim(scope, 'hash-2', 24);
    expect(again.claimed).toBe(true);
    expect(again.splitId).not.toBe(first.splitId);
  });
});
