import { type Stack, startStack, uniqueEmail, waitForMail } from '@groupsplit/testing';
import { requestCode } from '../../test-support/sign-in';

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Wrong sign-in codes are counted per e-mail address across codes and source addresses
 * (docs/rate-limits.md, "Sign-in codes per address"). Every request here comes from a fresh
 * client address (the API client's default), so the per-IP `sign_in` bucket never bites.
 */
describe('sign-in codes per address', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('after 10 wrong codes for one address within an hour, across new codes and callers, even the right code gets 429; the owner is e-mailed and the lock-out recorded', async () => {
    const email = uniqueEmail('target');
    let wrong = 0;
    // A new code used to reset the count: 4 + 4 + 2 wrong tries over three codes.
    for (const tries of [4, 4, 2]) {
      const code = await requestCode(stack, email);
      for (let i = 0; i < tries; i++) {
        const res = await stack.api.post('/api/auth/email/verify', { email, code: wrongCode(code) });
        wrong++;
        expect({ wrong, status: res.status, code: res.body.code }).toEqual({
          wrong,
          status: 400,
          code: 'invalid_code',
        });
      }
    }
    const code = await requestCode(stack, email);
    const locked = await stack.api.post('/api/auth/email/verify', { email, code });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      error: 'Too many wrong codes for this address. Try again in 60 minutes.',
      code: 'rate_limited',
    });
    expect(Math.ceil(Number(locked.headers.get('retry-after')) / 60)).toBe(60);

    const mail = await waitForMail(email, { subject: 'Sign-in to groupsplit paused' });
    expect(mail.Text).toContain('10 wrong sign-in codes for this e-mail address within an hour');
    const lockouts = await stack.db.selectFrom('sign_in_lockouts').selectAll().where('email', '=', email).execute();
    expect(lockouts).toEqual([
      expect.objectContaining({ email, wrong_codes: 10, client_ip: expect.stringMatching(/^10\./) }),
    ]);
    // Another address is not affected.
    const other = uniqueEmail('bystander');
    const otherCode = await requestCode(stack, other);
    expect((await stack.api.post('/api/auth/email/verify', { email: other, code: otherCode })).status).toBe(200);
  });

  it('sends at most 10 codes an hour to one address, whoever asks; the eleventh is 429 with Retry-After, in any letter case', async () => {
    const email = uniqueEmail('inbox');
    for (let i = 0; i < 10; i++) {
      const res = await stack.api.post('/api/auth/email/start', { email });
      expect([i, res.status]).toEqual([i, 202]);
    }
    const eleventh = await stack.api.post('/api/auth/email/start', { email: email.toUpperCase() });
    const minutes = Math.ceil(Number(eleventh.headers.get('retry-after')) / 60);
    expect([eleventh.status, eleventh.body, minutes > 0 && minutes <= 60]).toMatchObject([
      429,
      {
        error: `Too many sign-in codes for this address. Use the latest code we sent, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        code: 'rate_limited',
      },
      true,
    ]);
    // Another address is not affected.
    expect((await stack.api.post('/api/auth/email/start', { email: uniqueEmail('other') })).status).toBe(202);
  });

  it('addresses idle for a day past their window are swept by later wrong codes; locked and recent ones stay', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const rows = {
      idle: { key: `email:idle-${uniqueEmail()}`, window_ends_at: hoursAgo(25), paused_until: hoursAgo(24) },
      locked: {
        key: `email:locked-${uniqueEmail()}`,
        window_ends_at: hoursAgo(30),
        paused_until: new Date(Date.now() + 3_600_000),
      },
      recent: { key: `email:recent-${uniqueEmail()}`, window_ends_at: hoursAgo(23), paused_until: null },
    };
    await stack.db
      .insertInto('sign_in_failure_counters')
      .values(Object.values(rows).map((row) => ({ ...row, count: 4, streak: 0 })))
      .execute();
    const email = uniqueEmail('sweeper');
    const code = await requestCode(stack, email);
    expect((await stack.api.post('/api/auth/email/verify', { email, code: wrongCode(code) })).status).toBe(400);
    const left = await stack.db
      .selectFrom('sign_in_failure_counters')
      .select('key')
      .where(
        'key',
        'in',
        Object.values(rows).map((row) => row.key),
      )
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([rows.locked.key, rows.recent.key].sort());
  });
});
