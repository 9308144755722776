import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { EmailSuppressionsRepository, EmailsRepository } from './emails';

/** EmailsRepository and EmailSuppressionsRepository against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const emails = () => new EmailsRepository(db);
const suppressions = () => new EmailSuppressionsRepository(db);
const address = () => `someone-${randomUUID()}@example.com`;
const row = (id: string) => ({
  id,
  recipient: address(),
  template: 'checkout.invite',
  subject: 'Hi',
  merchantId: null,
});

describe('EmailsRepository', () => {
  it('inserts an e-mail once, updates it and reads its status with its first attempt', async () => {
    const id = randomUUID();
    await emails().insertSending(row(id));
    await emails().insertSending({ ...row(id), subject: 'Another' });
    expect(await emails().findStatus(id)).toEqual({ status: 'sending', first_attempt: null });
    expect(await emails().update(id, { attempts: (eb) => eb('attempts', '+', 1) })).toEqual({
      template: 'checkout.invite',
    });
    await emails().update(id, { status: 'failed', error: 'refused' });
    const stored = await db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ subject: 'Hi', status: 'failed', error: 'refused', attempts: 1 });
    expect(await emails().update(randomUUID(), { status: 'sent' })).toBeUndefined();
    expect(await emails().findStatus(randomUUID())).toBeUndefined();
  });

  it('claims first attempts once, suppressed for an unsubscribed participant, and records their outcome', async () => {
    const suppressed = address();
    await suppressions().suppress(suppressed.toUpperCase());
    const [a, b, c, taken] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await emails().insertSending(row(taken));
    const claims = [
      { id: a, to: address(), request: { id: a, n: 1 }, participant: true },
      { id: b, to: suppressed, request: { id: b }, participant: true },
      { id: c, to: suppressed, request: { id: c }, participant: false },
      { id: taken, to: address(), request: { id: taken }, participant: false },
    ];
    const claimed = await emails().claimFirstAttempts(claims);
    expect(claimed).toHaveLength(3);
    expect(claimed).toEqual(
      expect.arrayContaining([
        { id: a, status: 'sending' },
        { id: b, status: 'suppressed' },
        { id: c, status: 'sending' },
      ]),
    );
    expect(await emails().claimFirstAttempts(claims)).toEqual([]);

    await emails().recordFirstAttempts([
      { id: a, status: 'sent', error: null },
      { id: b, status: 'handed_over', error: 'late' },
    ]);
    await emails().recordFirstAttempts([]);
    const attempts = await db
      .selectFrom('email_first_attempts')
      .select(['id', 'status', 'error', 'request'])
      .where('id', 'in', [a, b, c])
      .execute();
    expect(Object.fromEntries(attempts.map((f) => [f.id, f.status]))).toEqual({
      [a]: 'sent',
      [b]: 'suppressed',
      [c]: 'sending',
    });
    expect(attempts.find((f) => f.id === a)?.request).toEqual({ id: a, n: 1 });

    // The e-mail's status read sees its first attempt.
    await emails().insertSending(row(a));
    expect(await emails().findStatus(a)).toEqual({ status: 'sending', first_attempt: 'sent' });
  });

  it('finds first attempts left sending past the lease with no e-mail row, oldest first', async () => {
    const [old, older, fresh, takenUp] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const mineIds: string[] = [old, older, fresh, takenUp];
    await emails().claimFirstAttempts(
      [old, older, fresh, takenUp].map((id) => ({ id, to: address(), request: { id }, participant: false })),
    );
    const age = (id: string, ms: number) =>
      db
        .updateTable('email_first_attempts')
        .set({ created_at: new Date(Date.now() - ms) })
        .where('id', '=', id)
        .execute();
    await age(old, 120_000);
    await age(older, 240_000);
    await age(takenUp, 240_000);
    await emails().insertSending(row(takenUp));
    const stale = (await emails().staleFirstAttempts(60_000, 10_000)) as { id: string }[];
    const mine = stale.map((r) => r.id).filter((id) => mineIds.includes(id));
    expect(mine).toEqual([older, old]);
  });
});

describe('EmailSuppressionsRepository', () => {
  it('suppresses an address once and matches it whatever the case', async () => {
    const email = address();
    expect(await suppressions().isSuppressed(email)).toBe(false);
    await suppressions().suppress(email);
    await suppressions().suppress(email);
    expect(await suppressions().isSuppressed(email.toUpperCase())).toBe(true);
    const other = address();
    expect(await suppressions().suppressedAmong([email.toUpperCase(), other])).toEqual(new Set([email]));
    expect(await suppressions().suppressedAmong([])).toEqual(new Set());
  });
});
