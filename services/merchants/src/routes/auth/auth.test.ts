import { sha256Hex } from '@groupsplit/shared';
import { createUser, mailTo, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import { sql } from 'kysely';
import { countSignInMails, nextCodeFromMail, requestCode, signIn } from '../../test-support/sign-in';

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mail code sign-in', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('answers 202 { ok: true }, mails a 6-digit code, and verifying it creates the account and a 12-hour bearer', async () => {
    const email = uniqueEmail('newcomer');
    const start = await stack.api.post('/api/auth/email/start', { email });
    expect(start.status).toBe(202);
    expect(start.body).toEqual({ ok: true });
    const code = await nextCodeFromMail(email, 0);
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = await mailTo(email);
    expect(mail!.HTML).toContain(code);
    expect(mail!.Subject).not.toContain(code);

    const before = Date.now();
    const res = await stack.api.post('/api/auth/email/verify', { email, code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_at: expect.any(String),
      user: { id: expect.any(String), email, consent_required: true },
    });
    const lifetime = new Date(res.body.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(12 * 3600_000 + 1000);
    // At least 128 bits of randomness: 32 bytes in base64url is 43 characters.
    expect(res.body.access_token.length).toBeGreaterThanOrEqual(43);

    const user = await stack.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.id).toBe(res.body.user.id);
    const sessions = await stack.db.selectFrom('auth_sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toBe(sha256Hex(res.body.access_token));
    expect(JSON.stringify(sessions)).not.toContain(res.body.access_token);

    // The token works at once: exempt routes answer, others want consent first.
    const consent = await stack.api.get('/api/auth/consent', { token: res.body.access_token });
    expect(consent.status).toBe(200);
    const workspaces = await stack.api.get('/api/merchants/workspaces', { token: res.body.access_token });
    expect(workspaces.status).toBe(403);
    expect(workspaces.body).toMatchObject({ error: 'Consent required', code: 'consent_required' });
  });

  it('gives the same answer for an address with an account, signs that account in, and creates no second one', async () => {
    const existing = await createUser(stack.db);
    const unknown = uniqueEmail('nobody');
    const [forExisting, forUnknown] = await Promise.all([
      stack.api.post('/api/auth/email/start', { email: existing.email }),
      stack.api.post('/api/auth/email/start', { email: unknown }),
    ]);
    expect(forExisting.status).toBe(forUnknown.status);
    expect(forExisting.body).toEqual(forUnknown.body);
    expect(forExisting.text).toBe(forUnknown.text);

    const code = await nextCodeFromMail(existing.email, 0);
    const res = await stack.api.post('/api/auth/email/verify', { email: existing.email.toUpperCase(), code });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: existing.id, email: existing.email, consent_required: false });
    const count = await stack.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(sql<string>`lower(email)`, '=', existing.email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a wrong code with 400 invalid_code and still accepts the right one afterwards', async () => {
    const email = uniqueEmail('typo');
    const code = await requestCode(stack, email);
    const wrong = await stack.api.post('/api/auth/email/verify', { email, code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: 'That code is not right. Check the e-mail and try again.',
      code: 'invalid_code',
    });
    expect(
      await stack.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
    const right = await stack.api.post('/api/auth/email/verify', { email, code });
    expect(right.status).toBe(200);
  });

  it('allows at most 5 wrong tries: after them even the right code is refused', async () => {
    const email = uniqueEmail('guesser');
    // The tries come from the connection that asked for the code, one of them in another letter case.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const code = await requestCode(stack, email, ip);
    for (let i = 0; i < 5; i++) {
      const as = i === 2 ? ` ${email.toUpperCase()} ` : email;
      const res = await stack.api.post('/api/auth/email/verify', { email: as, code: wrongCode(code) }, { ip });
      expect(res.body.code).toBe('invalid_code');
    }
    const right = await stack.api.post('/api/auth/email/verify', { email, code }, { ip });
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ error: 'Too many wrong codes. Ask for a new one.', code: 'too_many_attempts' });

    // A new code starts a fresh count.
    const fresh = await requestCode(stack, email);
    expect((await stack.api.post('/api/auth/email/verify', { email, code: fresh })).status).toBe(200);
  });

  it('refuses an expired code (10 minutes) and a used one with 400 code_expired', async () => {
    const email = uniqueEmail('late');
    const code = await requestCode(stack, email);
    const row = await stack.db
      .selectFrom('sign_in_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const validFor = row.expires_at.getTime() - row.created_at.getTime();
    expect(validFor).toBeGreaterThan(10 * 60_000 - 5000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000 + 5000);
    expect(row.code_hash).not.toContain(code);

    await stack.db
      .updateTable('sign_in_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const expired = await stack.api.post('/api/auth/email/verify', { email, code });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      error: 'That code has expired or was already used. Ask for a new one.',
      code: 'code_expired',
    });

    const fresh = await requestCode(stack, email);
    expect((await stack.api.post('/api/auth/email/verify', { email, code: fresh })).status).toBe(200);
    const reused = await stack.api.post('/api/auth/email/verify', { email, code: fresh });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('code_expired');
  });

  it('replaces the earlier code when a new one is asked for', async () => {
    const email = uniqueEmail('twice');
    const first = await requestCode(stack, email);
    const second = await requestCode(stack, email);
    expect(await countSignInMails(email)).toBe(2);
    if (first !== second) {
      const old = await stack.api.post('/api/auth/email/verify', { email, code: first });
      expect(old.body.code).toBe('invalid_code');
    }
    expect((await stack.api.post('/api/auth/email/verify', { email, code: second })).status).toBe(200);
  });

  it('refuses a code for an address that never asked for one', async () => {
    const res = await stack.api.post('/api/auth/email/verify', { email: uniqueEmail('never'), code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_code');
  });

  it('validates the bodies with clear 400s', async () => {
    const noEmail = await stack.api.post('/api/auth/email/start', {});
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({
      error: 'Enter a valid email address',
      code: 'validation_failed',
      details: [{ field: 'email', message: 'Enter your email address' }],
    });
    const badEmail = await stack.api.post('/api/auth/email/start', { email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    const noCode = await stack.api.post('/api/auth/email/verify', { email: uniqueEmail('x') });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({
      error: 'Enter your email address and the 6-digit code from the e-mail',
      code: 'validation_failed',
      details: [{ field: 'code', message: 'Enter the 6-digit code from the e-mail' }],
    });
  });

  it('signs out: the token is revoked at once and then answers 401', async () => {
    const { access_token: token, user } = await signIn(stack, uniqueEmail('leaver'));
    expect((await stack.api.get('/api/auth/consent', { token })).status).toBe(200);
    const out = await stack.api.post('/api/auth/sign-out', undefined, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    const session = await stack.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).toBeInstanceOf(Date);
    const after = await stack.api.get('/api/merchants/workspaces', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'Unauthorized', code: 'unauthorized' });
    const again = await stack.api.post('/api/auth/sign-out', undefined, { token });
    expect(again.status).toBe(401);
  });

  it('signing out ends only that session', async () => {
    const email = uniqueEmail('two-devices');
    const phone = await signIn(stack, email);
    const laptop = await signIn(stack, email);
    await stack.api.post('/api/auth/sign-out', undefined, { token: phone.access_token });
    expect((await stack.api.get('/api/auth/consent', { token: phone.access_token })).status).toBe(401);
    expect((await stack.api.get('/api/auth/consent', { token: laptop.access_token })).status).toBe(200);
  });
});
