import { join } from 'node:path';
import {
  createMerchant,
  createUser,
  eventually,
  keepDocsImages,
  type SeededParticipant,
  type Stack,
  seedSplit,
  signInDashboard,
  startStack,
} from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import {
  ARTIFACTS,
  axeViolations,
  ensureDashboardBuilt,
  launchBrowser,
  overflowing,
  personContext,
  photographOnFailure,
  settled,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A participant who held `held` and was captured `captured` after the split's creation. */
const paid = (amount: number, createdAt: Date, held: number, captured: number): SeededParticipant => ({
  amount,
  viewed: { at: createdAt },
  authorisedAt: new Date(createdAt.getTime() + held),
  capturedAt: new Date(createdAt.getTime() + captured),
});

/**
 * The Insights page in a real browser (docs/dashboard.md, "Insights"): a known set of test-mode splits
 * written into the projection, the figures, charts and tables the page shows for them, the period in
 * the address, an empty period; axe-clean, no CSP refusal (the charts draw under the dashboard's CSP),
 * nothing wider than the screen at 390 and 1280 px; the screenshots go to docs/images/insights-*.png.
 */
describe('Insights in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let email: string;

  const step = (name: string, body: () => Promise<void>) =>
    it(name, () =>
      photographOnFailure(page, name, async () => {
        const before = problems.length;
        await body();
        expect(problems.slice(before)).toEqual([]);
      }),
    );

  const at = (path: string) => startAt(page, { origin: stack.urls.gateway, path, title: 'Insights', email });
  const figure = (name: string) =>
    page
      .locator('.key-values div')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');

  /** Every chart drawn, each canvas as wide as its box (Chart.js resizes after the window does). */
  const chartsDrawn = () =>
    page.waitForFunction(() => {
      const canvases = [...(globalThis as any).document.querySelectorAll('.chart-canvas canvas')];
      return canvases.every(
        (canvas: any) =>
          canvas.style.width !== '' &&
          Math.abs(Number.parseFloat(canvas.style.width) - canvas.parentElement.clientWidth) < 2,
      );
    });

  /** Screenshots into docs/images at both widths, with axe and the width check at each. */
  const photograph = async (name: string) => {
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await settled(page);
      await chartsDrawn();
      await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
      found.push(...(await axeViolations(page)).map((v) => `${name} at ${width}px: ${v}`));
      found.push(...(await overflowing(page)).map((v) => `${name} at ${width}px: wider than the screen: ${v}`));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    keepDocsImages(ARTIFACTS, [`${name}-1280.png`, `${name}-390.png`]);
    expect(found).toEqual([]);
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    // No workflow here: the route tier (signed in by signInDashboard, not by a mailed code).
    stack = await startStack({}, { temporal: false });
    browser = await launchBrowser();
    const owner = await createUser(stack.db);
    email = owner.email;
    const { id: merchantId } = await createMerchant(stack.db, owner);
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    // Two finished groups (fully paid after 1 h and 3 h), one still open, one expired 10 days ago; six of the seven
    // people opened their pay page.
    await seedSplit(stack.db, {
      merchantId,
      status: 'captured',
      createdAt: ago(3),
      participants: [paid(2000, ago(3), 30 * MIN, HOUR), paid(1000, ago(3), 40 * MIN, 50 * MIN)],
    });
    await seedSplit(stack.db, {
      merchantId,
      status: 'captured',
      createdAt: ago(2),
      participants: [paid(3000, ago(2), HOUR, 3 * HOUR)],
    });
    await seedSplit(stack.db, {
      merchantId,
      status: 'pending',
      createdAt: ago(1),
      participants: [
        { amount: 1500, viewed: { at: ago(1) }, authorisedAt: new Date(ago(1).getTime() + HOUR) },
        { amount: 1500, reminders: { count: 1, lastRemindedAt: new Date(ago(1).getTime() + 2 * HOUR) } },
      ],
    });
    await seedSplit(stack.db, {
      merchantId,
      status: 'canceled',
      cancelReason: 'expired',
      createdAt: ago(10),
      participants: [
        { amount: 1000, status: 'canceled', viewed: { at: ago(10) }, authorisedAt: new Date(ago(10).getTime() + HOUR) },
        { amount: 1000, status: 'canceled', viewed: { at: ago(10) }, reminders: { count: 2, lastRemindedAt: ago(9) } },
      ],
    });
    page = await (await personContext(browser)).newPage();
    await signInDashboard(stack, page.context(), email);
    trackApiCalls(page);
    problems = watchProblems(page, (url, status) => status === 401 && url.includes('/api/'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  step('shows the figures of the last 30 days, each chart with its summary and table', async () => {
    await at('/dashboard/insights');
    await page.getByRole('navigation').getByRole('link', { name: 'Insights', exact: true }).waitFor();
    await figure('Groups started').filter({ hasText: /^4$/ }).waitFor();
    await figure('Finished (everyone paid)').filter({ hasText: '2 (50%)' }).waitFor();
    // Over 1 h and 3 h: the median is 2 h; the 90th percentile 1 h + 0.9 × 2 h = 2 h 48 min.
    await figure('Median time to fully paid').filter({ hasText: /^2 h$/ }).waitFor();
    await figure('90% were fully paid within').filter({ hasText: '2 h 48 min' }).waitFor();
    await figure('Average group size').filter({ hasText: '1.75 people' }).waitFor();
    // 11,000p over 7 shares.
    await figure('Average share').filter({ hasText: '£15.71' }).waitFor();
    await page
      .getByText('Of 4 groups started, 2 finished (50%), 1 expired, 0 were cancelled, 1 is still open and 0 failed.')
      .waitFor();
    await page
      .getByText(
        '6 of 7 people invited opened their pay page and 5 held their share; in the 1 group that expired or was ' +
          'cancelled, 1 of 2 never held theirs.',
      )
      .waitFor();
    await page.getByText('3 reminders went to 2 people, and 0 of them held their share afterwards.').waitFor();
    const outcomes = page.getByRole('table', { name: 'How groups ended, as a table' });
    await outcomes.getByRole('row', { name: 'Finished 2' }).waitFor();
    await outcomes.getByRole('row', { name: 'Expired 1' }).waitFor();
    const steps = page.getByRole('table', { name: 'Where people dropped off, as a table' });
    // All groups, then the groups that did not finish.
    await steps.getByRole('row', { name: 'Opened the pay page 6 2' }).waitFor();
    await steps.getByRole('row', { name: 'Held their share 5 1' }).waitFor();
    expect(await page.getByRole('img', { name: /^How groups ended: / }).count()).toBe(1);
    await photograph('insights');
  });

  step('keeps the period in the address: the last 7 days leave out the group of 10 days ago', async () => {
    await at('/dashboard/insights');
    await page.getByLabel('Period', { exact: true }).selectOption('7');
    await page.waitForURL(/\/dashboard\/insights\?days=7$/);
    await figure('Groups started').filter({ hasText: /^3$/ }).waitFor();
    await figure('Finished (everyone paid)').filter({ hasText: '2 (67%)' }).waitFor();
    // The address alone brings the same period back (a bookmark, a shared link).
    await at('/dashboard/insights?days=7');
    await eventually(
      () => page.getByLabel('Period', { exact: true }).inputValue(),
      (value) => expect(value).toBe('7'),
    );
    await figure('Groups started').filter({ hasText: /^3$/ }).waitFor();
  });

  step('chooses dates, and says so plainly when the period has no orders', async () => {
    await at('/dashboard/insights');
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2025-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/\/dashboard\/insights\?from=2025-01-01&to=2025-01-01$/);
    await page.getByText('No orders in this period').waitFor();
    await figure('Groups started').filter({ hasText: /^0$/ }).waitFor();
    await figure('Median time to fully paid').filter({ hasText: '—' }).waitFor();
    expect(await page.locator('canvas').count()).toBe(0);
    await photograph('insights-empty');
  });
});
