import { CompiledQuery } from 'kysely';
import { createDb, type Db } from '.';
import { preparedStatement } from './prepared-statements';

const ADD_ONE = preparedStatement('test_prepared_add_one', 'SELECT $1::int + 1 AS n');

describe('prepared statements', () => {
  let db: Db;
  beforeAll(() => {
    // One connection, so the statements below all see the same session's prepared statements.
    db = createDb(process.env.DATABASE_URL!, 1);
  });
  afterAll(() => db.destroy());

  const preparedNames = async () =>
    (
      await db.executeQuery<{ name: string }>(CompiledQuery.raw('SELECT name FROM pg_prepared_statements', []))
    ).rows.map((row) => row.name);

  it('sends a registered text as a named statement, prepared once per connection, with the same answers', async () => {
    for (const value of [1, 41]) {
      const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw(ADD_ONE, [value]));
      expect(rows).toEqual([{ n: value + 1 }]);
    }
    expect((await preparedNames()).filter((name) => name === 'test_prepared_add_one')).toHaveLength(1);
  });

  it('sends every other text unnamed', async () => {
    const before = await preparedNames();
    const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw('SELECT $1::int + 2 AS n', [1]));
    expect(rows).toEqual([{ n: 3 }]);
    expect(await preparedNames()).toEqual(before);
  });

  it('refuses a second text under a name already taken', () => {
    expect(() => preparedStatement('test_prepared_add_one', 'SELECT 2')).toThrow('is taken');
  });
});
