import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AXE_RUN_OPTIONS, chromiumLaunchOptions, type MailMessage, mailTo, waitUntil } from '@groupsplit/testing';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Helpers of the dashboard's browser tests (real stack, Debian's chromium, axe-core). */
export const ROOT = join(__dirname, '..', '..', '..');
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'dashboard');

/** Builds the dashboard when its sources changed (npm test did already; a bare `jest` run may not have). */
export function ensureDashboardBuilt() {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/lib/dashboard.mjs')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`dashboard build failed: ${result.stderr || result.stdout}`);
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch(chromiumLaunchOptions());
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * One person's browser. The test stack trusts 127.0.0.1 as a proxy, so each person gets an address of
 * their own (X-Forwarded-For), as real people have: the per-IP rate limits then count each one apart.
 */
export async function personContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
  context.setDefaultTimeout(15_000);
  return context;
}

/** A fresh address for this person, so a long test does not spend one address's sensitive-operation budget. */
export const newAddress = (context: BrowserContext) => context.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });

/** Everything that went wrong in a page that nobody asked for: script errors, CSP refusals, failed loads. */
export function watchProblems(page: Page, allowed: (url: string, status: number) => boolean = () => false) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Failed loads are judged by their response below; the rest (CSP refusals above all) are problems.
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !allowed(response.url(), status)) problems.push(`${status} ${response.url()}`);
  });
  return problems;
}

/** In-app navigation, the way a link does it: a full page load would forget the signed-in session. */
export async function goTo(page: Page, path: string) {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/**
 * Runs one test's body and, when it fails, photographs the page and names the screenshot and the page's
 * address in the error: a browser failure under load is otherwise a bare timeout with nothing to look at.
 */
export async function photographOnFailure(page: Page | undefined, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    if (!page || page.isClosed()) throw error;
    const file = join(ARTIFACTS, `failed-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`);
    const shot = await page.screenshot({ path: file, fullPage: true }).then(
      () => `screenshot ${file}`,
      (reason: Error) => `no screenshot (${reason.message})`,
    );
    if (error instanceof Error) error.message += `\n  at page ${page.url()}; ${shot}`;
    throw error;
  }
}

export async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const apiCallsInFlight = new WeakMap<Page, Set<Request>>();

/** Keeps count of the page's API calls in flight, for `settled`. Call it once, when the page is made. */
export function trackApiCalls(page: Page) {
  const calls = new Set<Request>();
  apiCallsInFlight.set(page, calls);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.add(request);
  });
  page.on('requestfinished', (request) => calls.delete(request));
  page.on('requestfailed', (request) => calls.delete(request));
}

/**
 * Waits until the page has nothing left to change by itself: no API call in flight, no loading
 * placeholder, and still so after the page has drawn two more frames (Preact runs a render's effects,
 * which start its reads, after the next frame). Every page re-reads the business on each page change,
 * so a page whose heading is showing may still have calls out: a test that changes the world behind
 * the page (revokes the session, pauses the workspace) or drives it by keyboard does so on a settled
 * page, or a late answer redraws the page under its next step.
 */
export async function settled(page: Page, timeoutMs = 15_000) {
  const calls = apiCallsInFlight.get(page);
  if (!calls) throw new Error('settled(page) needs trackApiCalls(page) when the page is made');
  const busy = async () => [
    ...[...calls].map((call) => `${call.method()} ${new URL(call.url()).pathname}`),
    ...((await page.locator('.loading').count()) > 0 ? ['a loading placeholder'] : []),
  ];
  await waitUntil(
    'the page settling',
    async () => {
      const before = await busy();
      if (before.length > 0) return before;
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const { requestAnimationFrame } = globalThis as any;
            requestAnimationFrame(() => requestAnimationFrame(resolve));
          }),
      );
      return busy();
    },
    (busyWith) => busyWith.length === 0,
    timeoutMs,
  );
}

const SIGN_IN_TITLE = 'Sign in to your dashboard';

/**
 * Where a step of a browser suite starts: opens `path` in the app, signs `email` in again when the
 * session is gone (a full page load or an earlier step's failure forgets it), switches back to test
 * mode, and waits for the page's heading on a settled page at desktop width. So every step starts
 * from a known page, and one step that failed half-way does not fail the next one too.
 */
export async function startAt(
  page: Page,
  place: { origin: string; path: string; title: string | RegExp; email: string },
) {
  await page.setViewportSize({ width: 1280, height: 900 });
  if (page.url().startsWith(`${place.origin}/dashboard`)) await goTo(page, place.path);
  else await page.goto(`${place.origin}${place.path}`);
  const target = page.getByRole('heading', { level: 1, name: place.title });
  const signInPage = page.getByRole('heading', { level: 1, name: SIGN_IN_TITLE });
  await target.or(signInPage).waitFor();
  await settled(page);
  // Settled, the page shows what it will keep showing: a one-shot look is safe here.
  if (await signInPage.isVisible()) await signIn(page, place.email);
  await target.waitFor();
  const testMode = page.getByRole('switch', { name: 'Test mode' });
  if ((await testMode.getAttribute('aria-checked')) !== 'true') {
    await testMode.click();
    await page.getByRole('switch', { name: 'Test mode', checked: true }).waitFor();
    await target.waitFor();
  }
  await settled(page);
}

const CODE_IN_MAIL = /sign-in code is (\d{6})/;

async function newMail(to: string, subject: string, earlier: Set<string>, timeoutMs = 15_000): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await mailTo(to)).find((m) => !earlier.has(m.ID) && m.Subject.includes(subject));
    if (fresh) return fresh;
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} about "${subject}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in on the sign-in page with the code the mail server received. */
export async function signIn(page: Page, email: string) {
  await heading(page, SIGN_IN_TITLE);
  await page.getByLabel('E-mail address').fill(email);
  // Signing in twice within a second happens here: tell the new code's mail from the last one by id.
  const earlier = new Set((await mailTo(email)).map((message) => message.ID));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const mail = await newMail(email, 'sign-in code', earlier);
  const code = CODE_IN_MAIL.exec(mail.Text)?.[1];
  if (!code) throw new Error(`no code in the sign-in mail: ${mail.Text}`);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Evaluates axe-core in the page unless this document has it already: a page checked at two widths, or
 * through several states of the app without a full load, compiles its half a megabyte of script once.
 */
async function injectAxe(page: Page) {
  if (await page.evaluate(`typeof axe === 'object' && typeof axe.run === 'function'`)) return;
  await page.evaluate(AXE_SOURCE);
}

/**
 * The serious and critical accessibility violations axe-core finds on the page. axe is evaluated
 * through the DevTools protocol, so the page's CSP (no inline script) does not have to make room for it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = (await page.evaluate(
    `axe.run(document, ${AXE_RUN_OPTIONS}).then((result) => result.violations)`,
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Elements that stick out past the right edge of the window (a layout that does not fit the width). */
export async function overflowing(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const limit = document.documentElement.clientWidth + 1;
    if (document.documentElement.scrollWidth <= limit) return [];
    // The page scrolls sideways: name the outermost elements past the edge (a table inside its scrolling
    // wrapper counts only if something escapes the wrapper's clipping).
    const wide = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > limit;
    });
    return wide
      .filter((el) => !wide.includes(el.parentElement))
      .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') + ' ' + Math.round(el.getBoundingClientRect().right) + 'px');
  })()`)) as string[];
}

/**
 * Screenshots of the page at a desktop (1280 px) and a phone (390 px) width, with the axe check at
 * each width; returns the violations found, prefixed by the page's name.
 */
export async function inspect(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // A function, not a string: the page's CSP refuses evaluating strings inside it.
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    found.push(...(await axeViolations(page)).map((v) => `${name} at ${width}px: ${v}`));
    found.push(...(await overflowing(page)).map((v) => `${name} at ${width}px: wider than the screen: ${v}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}
