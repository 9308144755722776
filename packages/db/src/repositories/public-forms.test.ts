import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { PublicFormsRepository } from './public-forms';
import { ConsentsRepository } from './users';

/** PublicFormsRepository and ConsentsRepository against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

describe('PublicFormsRepository', () => {
  it('stores a submission and answers its id and time', async () => {
    const email = `form-${randomUUID()}@example.com`;
    const row = await new PublicFormsRepository(db).submit({
      form: 'waitlist',
      email,
      name: 'Sam',
      company: null,
      message: null,
      ip: '203.0.113.5',
    });
    expect(row).toEqual({ id: expect.any(String), created_at: expect.any(Date) });
    expect(
      await db.selectFrom('public_form_submissions').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ form: 'waitlist', email, name: 'Sam', ip: '203.0.113.5' });
  });
});

describe('ConsentsRepository', () => {
  it('records acceptance of exact versions once', async () => {
    const user = await db
      .insertInto('users')
      .values({ email: `consent-${randomUUID()}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const consents = new ConsentsRepository(db);
    const versions = { terms: '2026-01', privacy: '2026-02' };
    expect(await consents.hasAccepted(user.id, versions)).toBe(false);
    await consents.accept(user.id, versions);
    await consents.accept(user.id, versions);
    expect(await consents.hasAccepted(user.id, versions)).toBe(true);
    expect(await consents.hasAccepted(user.id, { ...versions, terms: '2026-03' })).toBe(false);
    const rows = await db.selectFrom('consents').select('user_id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });
});
