import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AXE_RUN_OPTIONS, chromiumLaunchOptions, mailIds, waitForMail } from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Helpers of the pages' browser tests (not a test file itself): chromium, axe-core, screenshots, the keyboard. */
export const ROOT = join(__dirname, '..', '..', '..', '..', '..');
export const ARTIFACTS = join(ROOT, 'test-artifacts');

/** A headless chromium with a throw-away profile, phone-sized until told otherwise. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'groupsplit-chromium-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    viewport: { width: 390, height: 844 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * A new tab for one person: its own client address (the test gateway trusts loopback's
 * X-Forwarded-For), so the people of a test do not share per-IP rate limits, as in life.
 * Collects script errors and failed requests for `expect(errors).toEqual([])`.
 */
export async function personPage(context: BrowserContext) {
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Failed loads are checked by URL below (the browser's own /favicon.ico probe is expected to 404).
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('response', (response) => {
    const expected404 = response.url().endsWith('/favicon.ico') || response.url().includes('/pay/');
    if (response.status() >= 400 && !expected404) errors.push(`${response.status()} ${response.url()}`);
  });
  return { page, errors };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA, and
 * axe's best practices). axe is evaluated through the DevTools protocol, so the page's strict CSP
 * stays as it is and no CDN is involved.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Once per document: a state checked at both widths compiles axe's half a megabyte of script once.
  const loaded = await page.evaluate(() => typeof (globalThis as any).axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    `axe.run(document, ${AXE_RUN_OPTIONS}).then((result) => result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    })))`,
  );
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const WIDTHS = [390, 1280] as const;

/**
 * One state of a page, checked at both widths: no serious or critical axe violation, nothing wider
 * than the window (no sideways scrolling), and a full-page screenshot `test-artifacts/<name>-<width>.png`.
 */
export async function checkState(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect({ state: name, width, violations: await seriousViolations(page) }).toEqual({
      state: name,
      width,
      violations: [],
    });
    const overflow = await page.evaluate(() => {
      const browser = globalThis as any;
      return browser.document.documentElement.scrollWidth - browser.innerWidth;
    });
    expect({ state: name, width, overflow }).toEqual({ state: name, width, overflow: 0 });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** What has the keyboard focus: its tag, id, type, and accessible-ish text (label, aria-label, text). */
export function focused(page: Page) {
  return page.evaluate(() => {
    const { document } = globalThis as any;
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: 'body', id: '', type: '', value: '', text: '' };
    const input = el;
    const label = input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? '';
    return {
      tag: el.tagName.toLowerCase() as string,
      id: el.id as string,
      type: (input.type ?? '') as string,
      value: (input.value ?? '') as string,
      text: `${label} ${el.textContent ?? ''}`.replace(/\s+/g, ' ').trim() as string,
    };
  });
}

/**
 * Presses Tab (only Tab) until the focused element matches, as a keyboard user would; fails if
 * it is not reached within `maxPresses`.
 */
export async function tabTo(
  page: Page,
  matches: (el: Awaited<ReturnType<typeof focused>>) => boolean,
  what: string,
  maxPresses = 40,
) {
  const seen: string[] = [];
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const el = await focused(page);
    if (matches(el)) return el;
    seen.push(`${el.tag}#${el.id} "${el.text.slice(0, 40)}"`);
  }
  throw new Error(`never reached ${what} with Tab; focus went through: ${seen.join(' → ')}`);
}

/**
 * Submits a form that answers with a new page (`submit` clicks or presses the key) and waits for that
 * page. The old page is marked first, so the wait is for a document without the mark: waiting for
 * the load state would be answered at once by the old page, and an element both pages can show
 * (an error alert) would be found on the old one.
 */
export async function submitForNewPage(page: Page, submit: () => Promise<void>) {
  await page.evaluate(() => {
    (globalThis as any).document.documentElement.dataset.answered = 'no';
  });
  await submit();
  await page.locator('html:not([data-answered])').waitFor({ state: 'attached' });
}

/** The pay page's state (`data-state` of its state section) and its refusal, if it shows one. */
export async function payOutcome(page: Page) {
  const refusal = page.locator('#pay-status .error[role="alert"]');
  return {
    state: await page.locator('#pay-status').getAttribute('data-state'),
    refusal: (await refusal.count()) > 0 ? await refusal.textContent() : null,
  };
}

/** The shares typed into the checkout page's "How would you like to pay?" step, in order. */
export function shareAmounts(page: Page) {
  return page
    .locator('.person-amount')
    .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
}

const CODE_IN_MAIL = /sign-in code is (\d{6})/;

/** Signs in on a hosted page (checkout or join) with the code the mail server received, as a person would. */
export async function signInByCode(page: Page, email: string) {
  await page.getByLabel('E-mail address', { exact: true }).fill(email);
  // A code sent to this address a moment ago (the same person signing in again) is not this one.
  const earlier = await mailIds(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = CODE_IN_MAIL.exec((await waitForMail(email, { subject: 'sign-in code', exceptIds: earlier })).Text)![1]!;
  await page.getByLabel(/6-digit code/).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}
