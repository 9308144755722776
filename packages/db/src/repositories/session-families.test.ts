import { randomUUID } from 'node:crypto';
import { sha256Hex } from '@groupsplit/core';
import { SessionFamiliesRepository } from './session-families';
import { useTestDb } from './test-support/db';
import { startBlocked } from './test-support/locks';
import { insertUser } from './test-support/rows';

/** SessionFamiliesRepository against the run's migrated Postgres database alone. Each test signs in its own login. */
const db = useTestDb();
const repo = () => new SessionFamiliesRepository(db());
const DAY = 24 * 3600_000;

const start = (userId: string, userAgent = 'Firefox') =>
  repo().start({ userId, userAgent, clientIp: '203.0.113.1', absoluteMs: 30 * DAY });

async function accessToken(userId: string, familyId: string | null) {
  const row = await db()
    .insertInto('auth_sessions')
    .values({
      user_id: userId,
      token_hash: `hash-${randomUUID()}`,
      expires_at: new Date(Date.now() + DAY),
      family_id: familyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const revokedAt = async (sessionId: string) =>
  (await db().selectFrom('auth_sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirstOrThrow())
    .revoked_at;

describe('SessionFamiliesRepository', () => {
  it('starts a family with its first credential, stored only as its hash', async () => {
    const userId = await insertUser(db());
    const started = await start(userId);
    expect(started.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const stored = await db()
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', started.familyId)
      .execute();
    expect(stored).toEqual([
      expect.objectContaining({ token_hash: sha256Hex(started.refreshToken), rotated_at: null }),
    ]);

    const presented = await repo().presented(sha256Hex(started.refreshToken));
    expect(presented).toEqual({
      rotatedAt: null,
      family: expect.objectContaining({
        id: started.familyId,
        user_id: userId,
        user_agent: 'Firefox',
        revoked_at: null,
      }),
    });
    expect(await repo().presented(sha256Hex('no such credential'))).toBeUndefined();
  });

  it('rotates: the old credential is marked, a new one issued, and the family stamped with the new address', async () => {
    const userId = await insertUser(db());
    const { familyId, refreshToken } = await start(userId);
    await db()
      .updateTable('session_families')
      .set({ last_used_at: new Date(Date.now() - DAY) })
      .where('id', '=', familyId)
      .execute();

    const next = await repo().rotate(familyId, sha256Hex(refreshToken), '198.51.100.7');
    expect(next).not.toBe(refreshToken);
    expect((await repo().presented(sha256Hex(refreshToken)))?.rotatedAt).toBeInstanceOf(Date);
    const fresh = await repo().presented(sha256Hex(next));
    expect(fresh?.rotatedAt).toBeNull();
    expect(fresh?.family.client_ip).toBe('198.51.100.7');
    expect(fresh?.family.last_used_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('holds the family locked while a refresh runs; a concurrent refresh sees the rotation made meanwhile', async () => {
    const userId = await insertUser(db());
    const { familyId, refreshToken } = await start(userId);
    const hash = sha256Hex(refreshToken);
    const second = await db()
      .transaction()
      .execute(async (first) => {
        expect((await new SessionFamiliesRepository(first).presented(hash))?.rotatedAt).toBeNull();
        // The second refresh read the credential unrotated, then queued on the family's lock.
        const queued = await startBlocked(db(), (trx) => new SessionFamiliesRepository(trx).presented(hash));
        await new SessionFamiliesRepository(first).rotate(familyId, hash, '203.0.113.1');
        return queued;
      });
    expect((await second.done)?.rotatedAt).toBeInstanceOf(Date);
  });

  it('tells a known device and an earlier sign-in from a first one', async () => {
    const userId = await insertUser(db());
    const first = await start(userId, 'Firefox');
    expect(await repo().deviceHistory(userId, 'Firefox', first.familyId)).toEqual({
      signedInBefore: false,
      knownDevice: false,
    });
    const second = await start(userId, 'Safari');
    expect(await repo().deviceHistory(userId, 'Firefox', second.familyId)).toEqual({
      signedInBefore: true,
      knownDevice: true,
    });
    expect(await repo().deviceHistory(userId, 'Chrome', second.familyId)).toEqual({
      signedInBefore: true,
      knownDevice: false,
    });
    // Another login's families do not count.
    const other = await insertUser(db());
    const theirs = await start(other, 'Edge');
    expect(await repo().deviceHistory(other, 'Firefox', theirs.familyId)).toEqual({
      signedInBefore: false,
      knownDevice: false,
    });
  });

  it('revokes a family once, ending its live access tokens and no others', async () => {
    const userId = await insertUser(db());
    const { familyId } = await start(userId);
    const other = await start(userId);
    const mine = await accessToken(userId, familyId);
    const theirs = await accessToken(userId, other.familyId);
    const loose = await accessToken(userId, null);
    expect(await repo().familyOfAccessToken(mine)).toBe(familyId);
    expect(await repo().familyOfAccessToken(loose)).toBeNull();
    expect(await repo().familyOfAccessToken(randomUUID())).toBeNull();

    expect(await repo().revoke(familyId, 'signed_out')).toBe(true);
    const ended = await revokedAt(mine);
    expect(ended).toBeInstanceOf(Date);
    expect(await revokedAt(theirs)).toBeNull();
    expect(await revokedAt(loose)).toBeNull();
    expect(await repo().ofUser(userId, familyId)).toMatchObject({ revoked_reason: 'signed_out', revoked_at: ended });

    // Already ended: false, and the first reason and time stay.
    expect(await repo().revoke(familyId, 'refresh_token_reused')).toBe(false);
    expect(await repo().ofUser(userId, familyId)).toMatchObject({ revoked_reason: 'signed_out', revoked_at: ended });
    expect(await revokedAt(mine)).toEqual(ended);
  });

  it('ends live access tokens by token id or by login, leaving ended ones as they were', async () => {
    const userId = await insertUser(db());
    const one = await accessToken(userId, null);
    const two = await accessToken(userId, null);
    const someoneElse = await accessToken(await insertUser(db()), null);
    await repo().endAccessTokens('id', one);
    const first = await revokedAt(one);
    expect(first).toBeInstanceOf(Date);
    expect(await revokedAt(two)).toBeNull();

    await repo().endAccessTokens('user_id', userId, new Date(Date.now() + DAY));
    expect(await revokedAt(one)).toEqual(first);
    expect((await revokedAt(two))?.getTime()).toBeGreaterThan(Date.now());
    expect(await revokedAt(someoneElse)).toBeNull();
  });

  it('lists a login’s live families, most recently used first, and finds one only for its own login', async () => {
    const userId = await insertUser(db());
    const older = await start(userId);
    const newer = await start(userId);
    const idle = await start(userId);
    const expired = await start(userId);
    const revoked = await start(userId);
    const setUsed = (familyId: string, msAgo: number) =>
      db()
        .updateTable('session_families')
        .set({ last_used_at: new Date(Date.now() - msAgo) })
        .where('id', '=', familyId)
        .execute();
    await setUsed(older.familyId, 3 * 3600_000);
    await setUsed(newer.familyId, 3600_000);
    await setUsed(idle.familyId, 2 * DAY);
    await db()
      .updateTable('session_families')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.familyId)
      .execute();
    await repo().revoke(revoked.familyId, 'revoked_by_user');

    expect((await repo().active(userId, DAY)).map((f) => f.id)).toEqual([newer.familyId, older.familyId]);
    expect(await repo().ofUser(userId, older.familyId)).toMatchObject({ id: older.familyId, client_ip: '203.0.113.1' });
    expect(await repo().ofUser(await insertUser(db()), older.familyId)).toBeUndefined();
  });
});
