import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { SignInCodesRepository } from './sign-in';

/** SignInCodesRepository (sign_in_codes and sign_in_attacks) against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const repo = () => new SignInCodesRepository(db);
const address = () => `signin-${randomUUID()}@example.com`;
const code = (hash: string, requestedIp = '203.0.113.1') => ({
  codeHash: hash,
  expiresAt: new Date(Date.now() + 600_000),
  requestedIp,
  createdAt: new Date(),
});

describe('SignInCodesRepository', () => {
  it('issues one code per address; a new one replaces the old and its wrong tries', async () => {
    const email = address();
    expect(await repo().requestedIp(email)).toBeUndefined();
    await repo().issue(email, code('hash-1'));
    const first = await db.transaction().execute((trx) => new SignInCodesRepository(trx).lock(email));
    expect(first).toMatchObject({ code_hash: 'hash-1', failed_attempts: 0, consumed_at: null });
    await repo().countWrongTry(first!.id);
    await repo().countWrongTry(first!.id);
    expect(await repo().lock(email)).toMatchObject({ failed_attempts: 2 });

    await repo().issue(email, code('hash-2', '198.51.100.7'));
    expect(await repo().lock(email)).toMatchObject({ id: first!.id, code_hash: 'hash-2', failed_attempts: 0 });
    expect(await repo().requestedIp(email)).toEqual({ requested_ip: '198.51.100.7' });

    await repo().consume(first!.id);
    expect((await repo().lock(email))?.consumed_at).toBeInstanceOf(Date);
  });

  it('records one attack per address while its guard lasts', async () => {
    const email = address();
    const attack = { email, wrongCodes: 20, guardedUntil: new Date(Date.now() + 3600_000), clientIp: '203.0.113.9' };
    expect(await repo().recordAttack(attack)).toBe(true);
    expect(await repo().recordAttack(attack)).toBe(false);

    const other = address();
    expect(await repo().recordAttack({ ...attack, email: other, guardedUntil: new Date(Date.now() - 1000) })).toBe(
      true,
    );
    expect(await repo().recordAttack({ ...attack, email: other })).toBe(true);
    const rows = await db.selectFrom('sign_in_attacks').select('wrong_codes').where('email', '=', other).execute();
    expect(rows).toEqual([{ wrong_codes: 20 }, { wrong_codes: 20 }]);
  });
});
