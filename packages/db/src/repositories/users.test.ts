import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { AuthSessionsRepository, UsersRepository } from './users';

/** UsersRepository and AuthSessionsRepository against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const users = () => new UsersRepository(db);

describe('UsersRepository', () => {
  it('creates an account on first sign-in and finds it again whatever case it was stored in', async () => {
    const email = `new-${randomUUID()}@example.com`;
    const created = await users().findOrCreate(email);
    expect(created).toEqual({ id: expect.any(String), email });
    expect(await users().findOrCreate(email)).toEqual(created);

    const upper = `Mixed-${randomUUID()}@Example.com`;
    const stored = await db.insertInto('users').values({ email: upper }).returning('id').executeTakeFirstOrThrow();
    expect(await users().findOrCreate(upper.toLowerCase())).toEqual({ id: stored.id, email: upper });
  });

  it('reads e-mail and name, and marks identities verified', async () => {
    const a = await db
      .insertInto('users')
      .values({ email: `a-${randomUUID()}@example.com`, name: 'Ann' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const b = await users().findOrCreate(`b-${randomUUID()}@example.com`);
    expect(await users().get(a.id)).toEqual(a);
    await expect(users().get(randomUUID())).rejects.toThrow();
    expect(await users().nameOf(a.id)).toBe('Ann');
    expect(await users().nameOf(b.id)).toBeNull();
    expect(await users().nameOf(randomUUID())).toBeNull();

    await users().markIdentityVerified([a.id, b.id]);
    const rows = await db.selectFrom('users').select('identity_verified').where('id', 'in', [a.id, b.id]).execute();
    expect(rows.map((r) => r.identity_verified)).toEqual([true, true]);
  });
});

describe('AuthSessionsRepository', () => {
  it('finds an active session by its token hash, with its user; not once expired or revoked', async () => {
    const user = await users().findOrCreate(`s-${randomUUID()}@example.com`);
    const sessions = new AuthSessionsRepository(db);
    const live = `hash-${randomUUID()}`;
    const expired = `hash-${randomUUID()}`;
    const revoked = `hash-${randomUUID()}`;
    await sessions.create({
      userId: user.id,
      tokenHash: live,
      expiresAt: new Date(Date.now() + 60_000),
      familyId: null,
    });
    await sessions.create({ userId: user.id, tokenHash: expired, expiresAt: new Date(Date.now() - 1), familyId: null });
    await sessions.create({
      userId: user.id,
      tokenHash: revoked,
      expiresAt: new Date(Date.now() + 60_000),
      familyId: null,
    });
    await db.updateTable('auth_sessions').set({ revoked_at: new Date() }).where('token_hash', '=', revoked).execute();

    expect(await sessions.findActive(live)).toEqual({
      sessionId: expect.any(String),
      userId: user.id,
      email: user.email,
    });
    expect(await sessions.findActive(expired)).toBeUndefined();
    expect(await sessions.findActive(revoked)).toBeUndefined();
  });
});
