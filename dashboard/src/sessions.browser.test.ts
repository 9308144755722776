import { createMerchant, createUser, mailTo, type Stack, startStack, waitUntil } from '@groupsplit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ensureDashboardBuilt,
  heading,
  inspect,
  launchBrowser,
  newAddress,
  personContext,
  photographOnFailure,
  settled,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

const SIGN_IN = 'Sign in to your dashboard';
const COOKIE = 'groupsplit_refresh';
const OTHER_DEVICE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

/**
 * Sessions that survive a reload (docs/dashboard.md, "Session"), in a real browser against the whole
 * stack: the refresh cookie keeps a reload, a new tab and a deep link signed in, script cannot read it,
 * and sign-out, sign-out everywhere, the idle timeout and a stolen old cookie each end the session.
 * Each step starts from a known page (`startAt`, signed in) in a browser context of its own where it
 * needs a fresh session, and waits on the page it means, never on time.
 */
describe('dashboard sessions in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let shopName: string;
  let email: string;
  let userId: string;
  const a11y: string[] = [];
  let page: Page | undefined;

  /** A person's browser with its own address and a watched, tracked first page. */
  const openBrowser = async (options: { userAgent?: string } = {}) => {
    const context = options.userAgent
      ? await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: options.userAgent })
      : await personContext(browser);
    await newAddress(context);
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return { context, page: await openTab(context) };
  };
  /** A tab: 401s of the API are how an ended session shows, so they are expected; anything else is a problem. */
  const openTab = async (context: BrowserContext) => {
    const tab = await context.newPage();
    trackApiCalls(tab);
    const seen = watchProblems(tab, (url, status) => status === 401 && url.includes('/api/'));
    tabs.push(seen);
    return tab;
  };
  const tabs: string[][] = [];
  const allProblems = () => tabs.flat();
  const signedInAt = (tab: Page, path: string, title: string | RegExp) =>
    startAt(tab, { origin: stack.urls.gateway, path, title, email });
  const step = (name: string, body: () => Promise<void>) =>
    it(name, () =>
      photographOnFailure(page, name, async () => {
        const [a11yBefore, problemsBefore] = [a11y.length, allProblems().length];
        await body();
        expect(a11y.slice(a11yBefore)).toEqual([]);
        expect(allProblems().slice(problemsBefore)).toEqual([]);
      }),
    );
  const family = (where: 'newest' | 'oldest' = 'newest') =>
    stack.db
      .selectFrom('session_families')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', where === 'newest' ? 'desc' : 'asc')
      .executeTakeFirstOrThrow();
  const codeMails = async () => (await mailTo(email)).filter((m) => m.Subject.includes('sign-in code')).length;

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    browser = await launchBrowser();
    const owner = await createUser(stack.db);
    const merchant = await createMerchant(stack.db, owner);
    shopName = merchant.name;
    email = owner.email;
    userId = owner.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  step(
    'signs in once: a reload, a new tab and a deep link keep the session, and script cannot read the cookie',
    async () => {
      const { context, page: tab } = await openBrowser();
      page = tab;
      await signedInAt(tab, '/dashboard', shopName);
      const codes = await codeMails();
      expect(codes).toBe(1);

      expect(await tab.evaluate('document.cookie')).toBe('');
      const cookies = await context.cookies();
      expect(
        cookies.map(({ name, httpOnly, sameSite, path, secure }) => ({ name, httpOnly, sameSite, path, secure })),
      ).toEqual([
        // Plain http on 127.0.0.1: not Secure (docs/security.md); over https it is __Host- and Secure.
        { name: COOKIE, httpOnly: true, sameSite: 'Strict', path: '/', secure: false },
      ]);
      expect(await tab.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })')).toBe('{}');

      await tab.reload();
      await heading(tab, shopName);

      const newTab = await openTab(context);
      await newTab.goto(`${stack.urls.gateway}/dashboard/settings`);
      await heading(newTab, 'Business details');

      const deepLink = await openTab(context);
      await deepLink.goto(`${stack.urls.gateway}/dashboard/settings/security`);
      await heading(deepLink, 'Security');
      await deepLink.getByRole('table', { name: 'Active sessions' }).getByText('(this browser)').waitFor();
      await settled(deepLink);
      a11y.push(...(await inspect(deepLink, 'settings-security')));
      // Still the one code: nothing above asked for another.
      expect(await codeMails()).toBe(codes);
      await newTab.close();
      await deepLink.close();
    },
  );

  step(
    'lists sessions with their device; "Sign out" on another device ends that one, which is told by e-mail',
    async () => {
      const { page: tab } = await openBrowser();
      page = tab;
      await signedInAt(tab, '/dashboard', shopName);
      const other = await openBrowser({ userAgent: OTHER_DEVICE });
      await signedInAt(other.page, '/dashboard', shopName);
      await waitUntil(
        'the new-device e-mail',
        () => mailTo(email),
        (mails) =>
          mails.some((m) => m.Subject === 'New sign-in to groupsplit' && m.Text.includes('Firefox on Windows')),
      );

      await signedInAt(tab, '/dashboard/settings/security', 'Security');
      const table = tab.getByRole('table', { name: 'Active sessions' });
      const row = table.getByRole('row').filter({ hasText: 'Firefox on Windows' });
      await row.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
      const dialog = tab.getByRole('dialog', { name: 'Sign out this session?' });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await tab.getByText('Firefox on Windows is signed out.').waitFor();
      await row.waitFor({ state: 'detached' });

      await other.page.reload();
      await heading(other.page, SIGN_IN);
    },
  );

  step('opened as localhost instead of 127.0.0.1 (development), a reload keeps the session too', async () => {
    const { page: tab } = await openBrowser();
    page = tab;
    // The stack's PUBLIC_BASE_URL is http://127.0.0.1:<port>: the same dashboard under its other loopback name.
    const localhost = stack.urls.gateway.replace('127.0.0.1', 'localhost');
    expect(localhost).not.toBe(stack.urls.gateway);
    await startAt(tab, { origin: localhost, path: '/dashboard/orders', title: 'Orders', email });
    expect(new URL(tab.url()).hostname).toBe('localhost');
    await tab.reload();
    await heading(tab, 'Orders');
    await settled(tab);
    await tab.reload();
    await heading(tab, 'Orders');
    await settled(tab);
    expect(new URL(tab.url()).pathname).toBe('/dashboard/orders');
  });

  step('"Sign out" ends the session: a reload stays signed out', async () => {
    const { page: tab } = await openBrowser();
    page = tab;
    await signedInAt(tab, '/dashboard', shopName);
    await tab.getByRole('button', { name: 'Sign out' }).click();
    await heading(tab, SIGN_IN);
    await tab.goto(`${stack.urls.gateway}/dashboard/orders`);
    await heading(tab, SIGN_IN);
    expect(new URL(tab.url()).searchParams.get('next')).toBe('/dashboard/orders');
  });

  step('"Sign out everywhere" ends every browser of this login', async () => {
    const first = await openBrowser();
    const second = await openBrowser();
    page = first.page;
    await signedInAt(first.page, '/dashboard', shopName);
    await signedInAt(second.page, '/dashboard', shopName);
    await signedInAt(first.page, '/dashboard/settings/security', 'Security');
    await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await heading(first.page, SIGN_IN);
    await second.page.reload();
    await heading(second.page, SIGN_IN);
    await first.page.reload();
    await heading(first.page, SIGN_IN);
  });

  step('the idle timeout ends the session: a reload after it goes to sign-in', async () => {
    const { page: tab } = await openBrowser();
    page = tab;
    await signedInAt(tab, '/dashboard/orders', 'Orders');
    const current = await family();
    // Two hours without a refresh, as the server counts them (SESSION_IDLE_TIMEOUT_MS).
    await stack.db
      .updateTable('session_families')
      .set({ last_used_at: new Date(Date.now() - stack.config.SESSION_IDLE_TIMEOUT_MS - 1000) })
      .where('id', '=', current.id)
      .execute();
    await tab.reload();
    await heading(tab, SIGN_IN);
    expect(new URL(tab.url()).searchParams.get('next')).toBe('/dashboard/orders');
    expect(await family()).toEqual(expect.objectContaining({ id: current.id, revoked_reason: 'idle_timeout' }));
  });

  step(
    'a stolen refresh cookie used after it was rotated ends the whole session, for the thief and the owner',
    async () => {
      const { context, page: tab } = await openBrowser();
      page = tab;
      await signedInAt(tab, '/dashboard', shopName);
      // What malware on the machine could copy (a page's script cannot: HttpOnly).
      const stolen = (await context.cookies()).find((c) => c.name === COOKIE);
      if (!stolen) throw new Error('no refresh cookie');
      await tab.reload();
      await heading(tab, shopName);
      await waitUntil(
        'the reload to rotate the cookie',
        async () => (await context.cookies()).find((c) => c.name === COOKIE)?.value,
        (value) => value !== undefined && value !== stolen.value,
      );

      const thief = await openBrowser();
      await thief.context.addCookies([{ ...stolen }]);
      await thief.page.goto(`${stack.urls.gateway}/dashboard`);
      await heading(thief.page, SIGN_IN);
      expect(await family()).toEqual(expect.objectContaining({ revoked_reason: 'refresh_token_reused' }));

      await tab.reload();
      await heading(tab, SIGN_IN);
    },
  );

  step('refuses a cross-site refresh, and the session carries on', async () => {
    const { page: tab } = await openBrowser();
    page = tab;
    await signedInAt(tab, '/dashboard', shopName);
    // Another site (the processor emulator's origin) posts to the refresh route with the browser's cookies.
    // Its refused call is the point, so its page is not watched for problems.
    const attacker = await tab.context().newPage();
    await attacker.goto(`${stack.urls.emulator}/another-site`);
    const refused = attacker.waitForResponse((r) => r.url().endsWith('/api/auth/session/refresh'));
    await attacker.evaluate(
      `fetch(${JSON.stringify(`${stack.urls.gateway}/api/auth/session/refresh`)}, { method: 'POST', credentials: 'include', mode: 'no-cors' }).catch(() => undefined)`,
    );
    const answer = await refused;
    expect(answer.status()).toBe(403);
    // 403 is the cross-site refusal (its body is opaque to a no-cors caller): no cookie at all would be 401.
    await attacker.close();
    await tab.reload();
    await heading(tab, shopName);
  });
});

describe('dashboard access tokens refreshed before they expire (10-second tokens in this stack)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack({ SESSION_ACCESS_TOKEN_TTL_MS: 10_000 });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('replaces the token in the background, so the page keeps working after the first token lapsed', () =>
    photographOnFailure(page, 'refresh-before-expiry', async () => {
      const owner = await createUser(stack.db);
      await createMerchant(stack.db, owner);
      const context = await personContext(browser);
      page = await context.newPage();
      trackApiCalls(page);
      await page.goto(`${stack.urls.gateway}/dashboard/orders`);
      await heading(page, SIGN_IN);
      await startAt(page, {
        origin: stack.urls.gateway,
        path: '/dashboard/orders',
        title: 'Orders',
        email: owner.email,
      });
      // Watched from here: before signing in, the load's refresh was (rightly) a 401; no call may be one now.
      const problems = watchProblems(page);
      // Signed in by code, then reloaded once: from here on every token lasts 10 seconds.
      await page.reload();
      await heading(page, 'Orders');
      const family = await stack.db
        .selectFrom('session_families')
        .select('id')
        .where('user_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      const firstToken = await stack.db
        .selectFrom('auth_sessions')
        .select(['expires_at'])
        .where('family_id', '=', family.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      // Two background refreshes, and the token the reload got has expired by then.
      await waitUntil(
        'two refreshes after the reload, past the first token',
        async () => {
          const tokens = await stack.db
            .selectFrom('refresh_tokens')
            .select('created_at')
            .where('family_id', '=', family.id)
            .execute();
          return { count: tokens.length, now: Date.now() };
        },
        ({ count, now }) => count >= 4 && now > firstToken.expires_at.getTime(),
        60_000,
      );
      await page.getByRole('navigation').getByRole('link', { name: 'Team', exact: true }).click();
      await heading(page, 'Team');
      await settled(page);
      expect(await page.getByRole('heading', { level: 1, name: SIGN_IN }).count()).toBe(0);
      expect(problems).toEqual([]);
    }));
});
