import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { updateByKey, valueByKey, valuesByKey, whereKey } from './query-helpers';

/** The repositories' shared query starts against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 2);
});
afterAll(() => db.destroy());

/** Three logins: two sharing a name made for this test, one with another name. */
async function logins() {
  const name = `Key ${randomUUID()}`;
  const rows = await db
    .insertInto('users')
    .values([
      { email: `a-${randomUUID()}@example.com`, name },
      { email: `b-${randomUUID()}@example.com`, name },
      { email: `c-${randomUUID()}@example.com`, name: `${name} (other)` },
    ])
    .returning(['id', 'email'])
    .execute();
  const [a, b, c] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
  return { name, a, b, c };
}

describe('the rows picked by a key', () => {
  it('are the rows whose every key column is equal, finished by the caller', async () => {
    const { name, a, b } = await logins();
    expect(await whereKey(db, 'users', { id: a.id, name }).select('email').executeTakeFirst()).toEqual({
      email: a.email,
    });
    expect(await whereKey(db, 'users', { id: a.id, name: 'someone else' }).selectAll().executeTakeFirst()).toBe(
      undefined,
    );
    const both = await whereKey(db, 'users', { name }).select('id').orderBy('email').execute();
    expect(both).toEqual([{ id: a.id }, { id: b.id }]);
  });

  it('refuse a key column without a value, and a key with no column (it would pick every row)', async () => {
    const { a } = await logins();
    const missing = undefined as unknown as string;
    expect(() => whereKey(db, 'users', { id: a.id, email: missing })).toThrow('No value for users.email');
    expect(() => whereKey(db, 'users', {})).toThrow('No key for users');
    await expect(valueByKey(db, 'users', 'email', { id: missing })).rejects.toThrow('No value for users.id');
    expect(() => updateByKey(db, 'users', { id: missing }, { name: 'Renamed' })).toThrow('No value for users.id');
  });
});

describe('one column of the rows picked by a key', () => {
  it('is the value of the one row, or undefined when there is none', async () => {
    const { a } = await logins();
    expect(await valueByKey(db, 'users', 'email', { id: a.id })).toBe(a.email);
    expect(await valueByKey(db, 'users', 'email', { id: randomUUID() })).toBeUndefined();
  });

  it('is every matching row’s value', async () => {
    const { name, a, b } = await logins();
    expect((await valuesByKey(db, 'users', 'email', { name })).sort()).toEqual([a.email, b.email].sort());
    expect(await valuesByKey(db, 'users', 'email', { name: `none ${randomUUID()}` })).toEqual([]);
  });
});

describe('an update of the rows picked by a key', () => {
  it('writes only those rows, and takes further conditions and a returning list', async () => {
    const { name, a, b, c } = await logins();
    const renamed = await updateByKey(db, 'users', { id: a.id }, { name: `${name} renamed` })
      .where('identity_verified', '=', false)
      .returning('id')
      .execute();
    expect(renamed).toEqual([{ id: a.id }]);
    expect(await valueByKey(db, 'users', 'name', { id: a.id })).toBe(`${name} renamed`);
    expect(await valueByKey(db, 'users', 'name', { id: b.id })).toBe(name);
    expect(await valueByKey(db, 'users', 'name', { id: c.id })).toBe(`${name} (other)`);
    const none = await updateByKey(db, 'users', { id: b.id }, { name: 'never' })
      .where('identity_verified', '=', true)
      .returning('id')
      .execute();
    expect(none).toEqual([]);
  });
});
