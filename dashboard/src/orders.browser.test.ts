import {
  createMerchant,
  createUser,
  keepDocsImages,
  type Stack,
  seedSplits,
  signInDashboard,
  startStack,
} from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import {
  ARTIFACTS,
  ensureDashboardBuilt,
  heading,
  inspect,
  launchBrowser,
  newAddress,
  photographOnFailure,
  settled,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

/**
 * Orders, 50 a page, on the paged list (docs/dashboard.md, "Orders"): next and previous pages, search
 * by e-mail served by the API's `q`, status and date filters, every choice in the address (a reload of
 * it shows the same page), and Home's recent orders asking for five. No call asks for the whole list.
 * 120 test-mode orders are seeded an hour apart from 1 November 00:30 UTC; the browser is in London,
 * where November is UTC, so a day of the filter is a UTC day.
 */
describe('orders, paged and filtered, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let email: string;
  let shopName: string;
  let reference: (n: number) => string;
  const listCalls: string[] = [];
  const found: string[] = [];

  /** The axe check and screenshots at 1280 and 390 px (inspect), kept in docs/images as the docs' pictures. */
  const look = async (name: string) => {
    found.push(...(await inspect(page, name)));
    keepDocsImages(ARTIFACTS, [`${name}-1280.png`, `${name}-390.png`]);
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    // No workflow here: the route tier (signed in by signInDashboard, not by a mailed code).
    stack = await startStack({}, { temporal: false });
    browser = await launchBrowser();
    const owner = await createUser(stack.db);
    const merchant = await createMerchant(stack.db, owner);
    email = owner.email;
    shopName = merchant.name;
    ({ reference } = await seedSplits(stack.db, {
      merchantId: merchant.id,
      count: 120,
      prefix: `ORD-${Date.now() % 100_000}`,
      statuses: ['pending', 'captured', 'canceled'],
      start: new Date('2026-11-01T00:30:00Z'),
      stepMs: 3_600_000,
    }));
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Europe/London',
      locale: 'en-GB',
    });
    context.setDefaultTimeout(15_000);
    await newAddress(context);
    await signInDashboard(stack, context, email);
    page = await context.newPage();
    trackApiCalls(page);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/checkout-splits') listCalls.push(url.search);
    });
    problems = watchProblems(page, (url, status) => status === 401 && url.includes('/api/'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const links = () => page.getByRole('table', { name: 'Orders' }).getByRole('link');
  const references = async () => links().allTextContents();
  const pager = () => page.getByRole('navigation', { name: 'Pages of orders' });
  /** The table once it shows `first` at its top and `count` rows. */
  const showing = async (first: string, count: number) => {
    await links().first().filter({ hasText: first }).waitFor();
    await settled(page);
    expect(await links().count()).toBe(count);
  };
  const range = (from: number, to: number, keep: (n: number) => boolean = () => true) =>
    Array.from({ length: from - to + 1 }, (_, i) => from - i)
      .filter(keep)
      .map(reference);

  it('shows 50 a page, newest first, with next and previous pages that have addresses of their own', () =>
    photographOnFailure(page, 'orders-pages', async () => {
      await startAt(page, { origin: stack.urls.gateway, path: '/dashboard/orders', title: 'Orders', email });
      await showing(reference(120), 50);
      expect(await references()).toEqual(range(120, 71));
      expect(await pager().getByRole('link', { name: 'Previous page' }).count()).toBe(0);
      await look('orders-first-page');

      await pager().getByRole('link', { name: 'Next page' }).click();
      await showing(reference(70), 50);
      expect(page.url()).toContain('after=');
      await pager().getByRole('link', { name: 'Next page' }).click();
      await showing(reference(20), 20);
      expect(await pager().getByRole('link', { name: 'Next page' }).count()).toBe(0);
      await pager().getByRole('link', { name: 'Previous page' }).click();
      await showing(reference(70), 50);
      expect(page.url()).toContain('before=');
      expect(await references()).toEqual(range(70, 21));
      // The page's address is the page: reloading it shows the same orders.
      await page.reload();
      await heading(page, 'Orders');
      await showing(reference(70), 50);
      await pager().getByRole('link', { name: 'First page' }).click();
      await showing(reference(120), 50);
      expect(new URL(page.url()).search).toBe('');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('finds an order by a participant e-mail through the API search', () =>
    photographOnFailure(page, 'orders-search', async () => {
      await startAt(page, { origin: stack.urls.gateway, path: '/dashboard/orders', title: 'Orders', email });
      const payer = `${reference(77).toLowerCase()}-1@example.test`;
      await page.getByLabel('Search by name, e-mail, order reference or id').fill(payer.toUpperCase());
      await showing(reference(77), 1);
      expect(new URL(page.url()).searchParams.get('q')).toBe(payer.toUpperCase());
      expect(listCalls.some((search) => new URLSearchParams(search).get('q') === payer.toUpperCase())).toBe(true);
      await look('orders-search');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('filters by status and by days, keeps them in the address, and a reload of it shows the same', () =>
    photographOnFailure(page, 'orders-filters', async () => {
      await startAt(page, { origin: stack.urls.gateway, path: '/dashboard/orders', title: 'Orders', email });
      await page.getByLabel('Status').selectOption('captured');
      await showing(reference(118), 40);
      await page.getByLabel('Created from').fill('2026-11-03');
      await page.getByLabel('Created to').fill('2026-11-03');
      // 3 November, 00:30 to 23:30: orders 48 to 71; captured ones are those numbered 1 more than a multiple of 3.
      const expected = range(71, 48, (n) => n % 3 === 1);
      await showing(expected[0]!, expected.length);
      expect(await references()).toEqual(expected);
      const address = new URL(page.url()).searchParams;
      expect(Object.fromEntries(address)).toEqual({ status: 'captured', from: '2026-11-03', to: '2026-11-03' });
      await look('orders-filtered');

      await page.reload();
      await heading(page, 'Orders');
      await showing(expected[0]!, expected.length);
      expect(await page.getByLabel('Status').inputValue()).toBe('captured');
      expect(await page.getByLabel('Created from').inputValue()).toBe('2026-11-03');

      await page.getByRole('link', { name: 'Clear filters' }).click();
      await showing(reference(120), 50);
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('shows the five newest on Home, and no call ever asked for the whole list', () =>
    photographOnFailure(page, 'orders-home', async () => {
      await startAt(page, { origin: stack.urls.gateway, path: '/dashboard', title: shopName, email });
      const recent = page.getByRole('region', { name: 'Recent orders' });
      await recent.getByRole('link', { name: reference(120) }).waitFor();
      await settled(page);
      expect(await recent.getByRole('listitem').allTextContents()).toEqual(
        range(120, 116).map((ref) => expect.stringContaining(ref)),
      );
      expect(listCalls.some((search) => new URLSearchParams(search).get('limit') === '5')).toBe(true);
      const limits = listCalls.map((search) => new URLSearchParams(search).get('limit'));
      expect(limits.filter((limit) => limit !== '50' && limit !== '5')).toEqual([]);
      expect(problems).toEqual([]);
    }));
});
