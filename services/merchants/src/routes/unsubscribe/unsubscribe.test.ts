import { unsubscribeToken, unsubscribeUrl } from '@groupsplit/shared';
import { type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import { sendEmail } from '@groupsplit/workflows/client';
import { sql } from 'kysely';

describe('one-click unsubscribe from participant e-mails', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  const suppressed = (email: string) =>
    stack.db
      .selectFrom('email_suppressions')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .execute();

  it('the link from unsubscribeUrl suppresses the address and shows a confirmation page, without signing in', async () => {
    const email = uniqueEmail('Payer');
    const link = new URL(unsubscribeUrl(stack.config, email));
    expect(link.origin).toBe(new URL(stack.config.PUBLIC_BASE_URL).origin);
    expect(link.pathname).toBe('/api/email/unsubscribe');

    const res = await stack.api.get(`${link.pathname}${link.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('You are unsubscribed');
    expect(res.text).toContain(email.toLowerCase());
    expect(await suppressed(email)).toHaveLength(1);

    // Clicking again is harmless, also with the parameters a mail client adds to links.
    expect((await stack.api.get(`${link.pathname}${link.search}`)).status).toBe(200);
    expect((await stack.api.get(`${link.pathname}${link.search}&utm_source=newsletter`)).status).toBe(200);
    expect(await suppressed(email)).toHaveLength(1);

    // The worker now skips participant mail to that address.
    const result = await sendEmail(
      stack.temporal,
      { to: email, template: 'auth.sign_in_code', data: { code: '000000', validMinutes: 10 }, category: 'participant' },
      { taskQueue: stack.config.TEMPORAL_TASK_QUEUE, wait: { attempts: 1 } },
    );
    expect(result?.status).toBe('suppressed');
  });

  it('accepts the RFC 8058 one-click POST', async () => {
    const email = uniqueEmail('oneclick');
    const link = new URL(unsubscribeUrl(stack.config, email));
    const res = await stack.api.post(`${link.pathname}${link.search}`, 'List-Unsubscribe=One-Click', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await suppressed(email)).toHaveLength(1);
  });

  it('refuses a forged, altered or missing token with 400 and suppresses nothing', async () => {
    const victim = uniqueEmail('victim');
    const forged = unsubscribeToken('some-other-secret-entirely', victim);
    const genuine = unsubscribeToken(stack.config.INTERNAL_SIGNING_SECRET, uniqueEmail('real'));
    const swapped = `${Buffer.from(victim).toString('base64url')}.${genuine.split('.')[1]}`;
    for (const token of [forged, swapped, 'garbage', `${genuine}.extra`]) {
      const res = await stack.api.get(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'This unsubscribe link is not valid.',
        code: 'invalid_unsubscribe_link',
      });
    }
    const missing = await stack.api.get('/api/email/unsubscribe');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('invalid_unsubscribe_link');
    expect(await suppressed(victim)).toEqual([]);
  });
});
