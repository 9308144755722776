import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { ApiKeysRepository } from './api-keys';
import { insertMerchant } from './test-support/rows';

/** ApiKeysRepository (and the lookup's count in `rate_limits`) against the run's migrated Postgres database alone. */
let db: Db;
let merchantId: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 4);
  merchantId = await insertMerchant(db);
});
afterAll(() => db.destroy());

const repo = () => new ApiKeysRepository(db);

const newKey = (overrides: { mode?: 'test' | 'live'; merchantId?: string; createdAt?: Date } = {}) =>
  repo().create({
    merchantId: overrides.merchantId ?? merchantId,
    name: 'Key',
    mode: overrides.mode ?? 'test',
    keyHash: `hash-${randomUUID()}`,
    lastFour: 'abcd',
    createdBy: null,
    ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
  });

describe('ApiKeysRepository', () => {
  it('creates keys, lists the business newest first, finds by hash and revokes once', async () => {
    const business = await insertMerchant(db);
    const old = await newKey({ merchantId: business, createdAt: new Date(Date.now() - 60_000) });
    const recent = await newKey({ merchantId: business, mode: 'live' });
    expect(old).toMatchObject({
      merchant_id: business,
      name: 'Key',
      mode: 'test',
      revoked_at: null,
      last_used_at: null,
    });
    expect((await repo().listOf(business)).map((k) => k.id)).toEqual([recent.id, old.id]);
    expect(await repo().findByHash(old.key_hash)).toEqual({ id: old.id, merchant_id: business });
    expect(await repo().find(business, old.id)).toMatchObject({ id: old.id });
    expect(await repo().find(merchantId, old.id)).toBeUndefined();

    expect(await repo().revoke(merchantId, old.id)).toBeUndefined();
    const revoked = await repo().revoke(business, old.id);
    expect(revoked).toMatchObject({ id: old.id, revoked_at: expect.any(Date) });
    expect(await repo().revoke(business, old.id)).toBeUndefined();
    expect((await repo().listOf(business)).map((k) => k.id)).toEqual([recent.id, old.id]);
  });

  it('looks up an unrevoked key by hash, counting it in a bucket only when its mode agrees', async () => {
    const key = await newKey();
    expect(await repo().lookUp(key.key_hash, 'test')).toEqual({
      id: key.id,
      merchant_id: merchantId,
      mode: 'test',
      last_used_at: null,
    });
    const bucket = { keyPrefix: `test-bucket-${randomUUID()}:`, durationMs: 60_000 };
    expect(await repo().lookUp(key.key_hash, 'test', bucket)).toMatchObject({ id: key.id, counted_points: 1 });
    expect(await repo().lookUp(key.key_hash, 'test', bucket)).toMatchObject({ counted_points: 2 });
    expect(await repo().lookUp(key.key_hash, 'live', bucket)).toMatchObject({ id: key.id, counted_points: null });
    const stored = await db
      .selectFrom('rate_limits')
      .select('points')
      .where('key', '=', `${bucket.keyPrefix}${key.id}`)
      .executeTakeFirstOrThrow();
    expect(stored.points).toBe(2);

    await repo().revoke(merchantId, key.id);
    expect(await repo().lookUp(key.key_hash, 'test')).toBeUndefined();
    expect(await repo().lookUp(`hash-${randomUUID()}`, 'test', bucket)).toBeUndefined();
  });

  it('stamps last use at most once per window', async () => {
    const key = await newKey();
    await repo().touchLastUsed(key.id, new Date(Date.now() - 60_000));
    const first = (await repo().find(merchantId, key.id))?.last_used_at;
    expect(first).toBeInstanceOf(Date);
    await repo().touchLastUsed(key.id, new Date(Date.now() - 60_000));
    expect((await repo().find(merchantId, key.id))?.last_used_at).toEqual(first);
    await repo().touchLastUsed(key.id, new Date(Date.now() + 1000));
    expect((await repo().find(merchantId, key.id))?.last_used_at?.getTime()).toBeGreaterThanOrEqual(first!.getTime());
  });
});
