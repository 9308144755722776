import { mailTo, type Stack, startStack, uniqueEmail, waitForMail, waitUntil } from '@groupsplit/testing';
import { requestCode, signIn } from '../../test-support/sign-in';
import { dashboardOrigins } from './refresh-guard';

const COOKIE = 'groupsplit_refresh';
const DASHBOARD = { 'x-requested-with': 'groupsplit-dashboard', 'sec-fetch-site': 'same-origin' };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

type Answer = { status: number; body: any; headers: Headers };

/** The refresh credential a Set-Cookie header carries ('' when it clears it), and the header itself. */
function setCookie(res: Answer): { value: string; header: string } | undefined {
  const header = res.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE}=`));
  if (!header) return undefined;
  return { value: header.slice(COOKIE.length + 1).split(';')[0] as string, header };
}

/** Signs in by the mailed code from one browser, returning its access token and refresh cookie. */
async function dashboardSignIn(stack: Stack, email: string, userAgent = CHROME) {
  const code = await requestCode(stack, email);
  const res = await stack.api.post('/api/auth/email/verify', { email, code }, { headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  const cookie = setCookie(res);
  if (!cookie) throw new Error('no refresh cookie was set');
  return { token: res.body.access_token as string, user: res.body.user, cookie: cookie.value, header: cookie.header };
}

const refresh = (stack: Stack, cookie: string | undefined, headers: Record<string, string> = DASHBOARD) =>
  stack.api.post('/api/auth/session/refresh', undefined, {
    headers: { ...headers, ...(cookie ? { cookie: `${COOKIE}=${cookie}` } : {}) },
  });

const ENDED = { error: 'The session has ended. Sign in again.', code: 'session_ended' };

describe('dashboard sessions that survive a reload', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('sets an HttpOnly, SameSite=Strict refresh cookie at sign-in (not Secure over plain http), storing only its hash', async () => {
    const email = uniqueEmail('cookie');
    const { header, cookie, user } = await dashboardSignIn(stack, email);
    expect(stack.config.PUBLIC_BASE_URL).toMatch(/^http:\/\//);
    expect(header).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect(header).not.toContain('Secure');
    const maxAge = Number(/Max-Age=(\d+)/.exec(header)![1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    const families = await stack.db.selectFrom('session_families').selectAll().where('user_id', '=', user.id).execute();
    expect(families).toEqual([
      expect.objectContaining({ user_agent: CHROME, client_ip: expect.stringMatching(/^10\./), revoked_at: null }),
    ]);
    const tokens = await stack.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', families[0]!.id)
      .execute();
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify([families, tokens])).not.toContain(cookie);
  });

  it('exchanges the cookie for a short-lived access token and a new cookie on every use; the bearer works, the cookie alone does not', async () => {
    const { cookie, user } = await dashboardSignIn(stack, uniqueEmail('rotate'));
    const before = Date.now();
    const first = await refresh(stack, cookie);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_at: expect.any(String),
      user: { id: user.id, email: user.email, consent_required: true },
    });
    const lifetime = new Date(first.body.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(15 * 60_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 1000);
    const next = setCookie(first)!.value;
    expect(next).not.toBe(cookie);
    expect((await stack.api.get('/api/auth/consent', { token: first.body.access_token })).status).toBe(200);
    // No cookie authenticates anything but the refresh.
    const cookieOnly = await stack.api.get('/api/auth/consent', { headers: { cookie: `${COOKIE}=${next}` } });
    expect(cookieOnly.status).toBe(401);

    const second = await refresh(stack, next);
    expect(second.status).toBe(200);
    expect(setCookie(second)!.value).not.toBe(next);
  });

  it('treats a rotated cookie used again as theft: the whole family and all its access tokens end, and the reason is recorded', async () => {
    const { cookie, token: signInToken, user } = await dashboardSignIn(stack, uniqueEmail('stolen'));
    const rotated = await refresh(stack, cookie);
    const current = setCookie(rotated)!.value;
    const replay = await refresh(stack, cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject(ENDED);
    expect(setCookie(replay)!.value).toBe('');
    // The rightful holder's newest cookie and every token of the family are dead too.
    expect((await refresh(stack, current)).status).toBe(401);
    for (const token of [signInToken, rotated.body.access_token]) {
      expect((await stack.api.get('/api/auth/consent', { token })).status).toBe(401);
    }
    const family = await stack.db
      .selectFrom('session_families')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(family).toEqual(
      expect.objectContaining({ revoked_at: expect.any(Date), revoked_reason: 'refresh_token_reused' }),
    );
  });

  it('refuses a cross-site refresh and one without the dashboard header, with 403 and a stable code, rotating nothing', async () => {
    const { cookie } = await dashboardSignIn(stack, uniqueEmail('csrf'));
    const crossSite = {
      error: 'Refused: the session can only be refreshed from the dashboard itself.',
      code: 'cross_site_refused',
    };
    const otherOrigin = await refresh(stack, cookie, { ...DASHBOARD, origin: 'https://evil.example' });
    expect({ status: otherOrigin.status, body: otherOrigin.body }).toMatchObject({ status: 403, body: crossSite });
    const sameSite = await refresh(stack, cookie, { ...DASHBOARD, 'sec-fetch-site': 'same-site' });
    expect({ status: sameSite.status, body: sameSite.body }).toMatchObject({ status: 403, body: crossSite });
    const noHeader = await refresh(stack, cookie, { 'sec-fetch-site': 'same-origin', origin: stack.urls.gateway });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body).toMatchObject({
      error: 'Refused: send X-Requested-With: groupsplit-dashboard to refresh the session.',
      code: 'refresh_header_required',
    });
    // None of them used the cookie up.
    const fine = await refresh(stack, cookie, { ...DASHBOARD, origin: stack.urls.gateway });
    expect(fine.status).toBe(200);
  });

  it('in development accepts the dashboard reached as localhost or 127.0.0.1, and no other port or host', async () => {
    // The stack's PUBLIC_BASE_URL is http://127.0.0.1:<port>; the same page opened as localhost keeps its session.
    const { port } = new URL(stack.urls.gateway);
    let { cookie } = await dashboardSignIn(stack, uniqueEmail('loopback'));
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const res = await refresh(stack, cookie, { ...DASHBOARD, origin });
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
      cookie = setCookie(res)!.value;
    }
    for (const origin of [`http://localhost:${Number(port) + 1}`, `https://localhost:${port}`, 'http://localhost']) {
      const res = await refresh(stack, cookie, { ...DASHBOARD, origin });
      expect({ origin, status: res.status, code: res.body.code }).toEqual({
        origin,
        status: 403,
        code: 'cross_site_refused',
      });
    }
  });

  it('answers 401 session_ended without a cookie or with an unknown one', async () => {
    const none = await refresh(stack, undefined);
    expect({ status: none.status, body: none.body }).toMatchObject({ status: 401, body: ENDED });
    const unknown = await refresh(stack, 'x'.repeat(43));
    expect({ status: unknown.status, body: unknown.body }).toMatchObject({ status: 401, body: ENDED });
  });

  it('sign-out ends the family and clears the cookie', async () => {
    const { cookie } = await dashboardSignIn(stack, uniqueEmail('leaver'));
    const refreshed = await refresh(stack, cookie);
    const out = await stack.api.post('/api/auth/sign-out', undefined, { token: refreshed.body.access_token });
    expect(out.status).toBe(200);
    expect(setCookie(out)!.value).toBe('');
    expect((await refresh(stack, setCookie(refreshed)!.value)).status).toBe(401);
  });

  it('lists the active sessions with device and address, signs one out, and signs out everywhere', async () => {
    const email = uniqueEmail('many-devices');
    const laptop = await dashboardSignIn(stack, email, CHROME);
    const phone = await dashboardSignIn(stack, email, FIREFOX);
    const list = await stack.api.get('/api/auth/sessions', { token: laptop.token });
    expect(list.status).toBe(200);
    expect(list.body.sessions).toEqual([
      expect.objectContaining({ device: 'Firefox on Windows', current: false, user_agent: FIREFOX }),
      expect.objectContaining({ device: 'Chrome on Linux', current: true, ip_address: expect.stringMatching(/^10\./) }),
    ]);
    const phoneId = list.body.sessions[0].id;
    expect(
      (await stack.api.post(`/api/auth/sessions/${phoneId}/revoke`, undefined, { token: laptop.token })).status,
    ).toBe(200);
    expect((await stack.api.get('/api/auth/consent', { token: phone.token })).status).toBe(401);
    expect((await refresh(stack, phone.cookie)).status).toBe(401);
    const again = await stack.api.post(`/api/auth/sessions/${phoneId}/revoke`, undefined, { token: laptop.token });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 404, code: 'session_not_found' });
    // Another login cannot end this one's session.
    const stranger = await dashboardSignIn(stack, uniqueEmail('stranger'));
    const laptopId = list.body.sessions[1].id;
    const foreign = await stack.api.post(`/api/auth/sessions/${laptopId}/revoke`, undefined, { token: stranger.token });
    expect(foreign.status).toBe(404);

    const tablet = await dashboardSignIn(stack, email, CHROME);
    const everywhere = await stack.api.post('/api/auth/sessions/revoke-all', undefined, { token: tablet.token });
    expect(everywhere.status).toBe(200);
    expect(setCookie(everywhere)!.value).toBe('');
    for (const device of [laptop, tablet]) {
      expect((await stack.api.get('/api/auth/consent', { token: device.token })).status).toBe(401);
      expect((await refresh(stack, device.cookie)).status).toBe(401);
    }
  });

  it('e-mails the owner on a sign-in from a new device, not on the first sign-in nor a known device', async () => {
    const email = uniqueEmail('new-device');
    await dashboardSignIn(stack, email, CHROME);
    await dashboardSignIn(stack, email, CHROME);
    const at = new Date();
    await dashboardSignIn(stack, email, FIREFOX);
    const mail = await waitForMail(email, {
      subject: 'New sign-in to groupsplit',
      after: new Date(at.getTime() - 1000),
    });
    expect(mail.Text).toContain('Firefox on Windows');
    const notices = (await mailTo(email)).filter((m) => m.Subject === 'New sign-in to groupsplit');
    expect(notices).toHaveLength(1);
    const all = await stack.api.get('/api/auth/sessions', { token: (await signIn(stack, email)).access_token });
    expect(all.status).toBe(200);
  });
});

describe('dashboard session timeouts (small values in this stack)', () => {
  let stack: Stack;
  const IDLE_MS = 1500;
  const ABSOLUTE_MS = 4000;
  beforeAll(async () => {
    stack = await startStack({ SESSION_IDLE_TIMEOUT_MS: IDLE_MS, SESSION_ABSOLUTE_TIMEOUT_MS: ABSOLUTE_MS });
  });
  afterAll(() => stack.stop());

  const familyOf = (userId: string) =>
    stack.db.selectFrom('session_families').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

  it('ends a family unused for the idle timeout, with its access tokens', async () => {
    const { cookie, user, token } = await dashboardSignIn(stack, uniqueEmail('idle'));
    const family = await familyOf(user.id);
    await waitUntil(
      'the idle timeout to pass',
      async () => Date.now(),
      (now) => now > family.last_used_at.getTime() + IDLE_MS,
    );
    const late = await refresh(stack, cookie);
    expect({ status: late.status, body: late.body }).toMatchObject({ status: 401, body: ENDED });
    expect(await familyOf(user.id)).toEqual(expect.objectContaining({ revoked_reason: 'idle_timeout' }));
    expect((await stack.api.get('/api/auth/consent', { token })).status).toBe(401);
  });

  it('ends a family at its absolute end however often it is refreshed, and no token outlives it', async () => {
    const { cookie, user } = await dashboardSignIn(stack, uniqueEmail('absolute'));
    const family = await familyOf(user.id);
    expect(family.expires_at.getTime() - family.created_at.getTime()).toBeLessThanOrEqual(ABSOLUTE_MS + 1000);
    // Refreshed well inside the idle timeout each time, until the absolute end refuses it.
    let current = cookie;
    const answers = await waitUntil(
      'the absolute end to refuse a refresh',
      async () => {
        const res = await refresh(stack, current);
        if (res.status === 200) {
          expect(new Date(res.body.expires_at).getTime()).toBeLessThanOrEqual(family.expires_at.getTime());
          current = setCookie(res)!.value;
        }
        return res;
      },
      (res) => res.status !== 200,
    );
    expect({ status: answers.status, body: answers.body }).toMatchObject({ status: 401, body: ENDED });
    expect(Date.now()).toBeGreaterThanOrEqual(family.expires_at.getTime());
    expect(await familyOf(user.id)).toEqual(expect.objectContaining({ revoked_reason: 'absolute_timeout' }));
  });
});

describe('the origins a refresh is accepted from', () => {
  it('in production only PUBLIC_BASE_URL’s, even on a loopback address', () => {
    expect([...dashboardOrigins({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://127.0.0.1:3000' })]).toEqual([
      'http://127.0.0.1:3000',
    ]);
    expect([...dashboardOrigins({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://pay.example.com/' })]).toEqual([
      'https://pay.example.com',
    ]);
  });

  it('in development every loopback name of the same scheme and port, and nothing else for a public host', () => {
    expect([...dashboardOrigins({ NODE_ENV: 'development', PUBLIC_BASE_URL: 'http://localhost:3000' })]).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect([...dashboardOrigins({ NODE_ENV: 'development', PUBLIC_BASE_URL: 'https://pay.example.com' })]).toEqual([
      'https://pay.example.com',
    ]);
  });
});
