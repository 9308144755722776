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
    expect(locked.body).toEqual({
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
});
