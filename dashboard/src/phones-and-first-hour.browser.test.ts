import { join } from 'node:path';
import { apiKeyRecordFields, generateApiKey, randomToken, recordEvent, splitEventData } from '@groupsplit/shared';
import {
  addBillingCard,
  createMerchant,
  createUser,
  keepDocsImages,
  type Stack,
  seedSplits,
  startStack,
} from '@groupsplit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS,
  axeViolations,
  ensureDashboardBuilt,
  goTo,
  heading,
  inspect,
  launchBrowser,
  newAddress,
  photographOnFailure,
  settled,
  signIn,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

const PHONE = { width: 390, height: 844 };

/**
 * Phones and the first hour (docs/dashboard.md, "Phones", "Home", "Search", "Terms"): every table read on
 * a phone as cards with nothing cut or off screen, the header one line; Home's Get started in test mode
 * with the sample checkout opening in a new tab and coming back to Orders; the terms and privacy notice
 * linked from the consent step; the business-type error in the list's words; "amy" finding Amy's order.
 */
describe('phones and the first hour, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let email: string;
  let shopName: string;
  let merchantId: string;
  let reference: (n: number) => string;
  let orderId: string;
  const found: string[] = [];

  /** The axe check and screenshots at 1280 and 390 px (inspect), kept in docs/images as the docs' pictures. */
  const look = async (target: Page, name: string) => {
    found.push(...(await inspect(target, name)));
    keepDocsImages(ARTIFACTS, [`${name}-1280.png`, `${name}-390.png`]);
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    browser = await launchBrowser();
    const owner = await createUser(stack.db);
    const merchant = await createMerchant(stack.db, owner);
    email = owner.email;
    shopName = merchant.name;
    merchantId = merchant.id;
    // Every test checkout needs a test billing card (the take_split gate).
    await addBillingCard(stack, merchant.id, 'test');
    ({ reference } = await seedSplits(stack.db, {
      merchantId: merchant.id,
      count: 8,
      prefix: `PH-${Date.now() % 100_000}`,
      statuses: ['pending', 'captured', 'canceled', 'partially_refunded', 'capture_failed'],
    }));
    // The longest status there is, and Amy, who organised an order (her own share carries her name).
    const waiting = await stack.db
      .updateTable('splits')
      .set({ awaiting_merchant: true })
      .where('order_reference', '=', reference(5))
      .returning('id')
      .executeTakeFirstOrThrow();
    orderId = waiting.id;
    const amy = await createUser(stack.db, { email: `amy.pond.${Date.now()}@example.test` });
    await stack.db.updateTable('splits').set({ created_by: amy.id }).where('id', '=', orderId).execute();
    await stack.db
      .updateTable('split_participants')
      .set({ name: 'Amy Pond', email: amy.email })
      .where('split_id', '=', orderId)
      .where('position', '=', 0)
      .execute();
    // API keys, one revoked, and a webhook log with long responses.
    for (const [name, revoked] of [
      ['Production server with a long name', false],
      ['Old key', true],
    ] as const) {
      const key = generateApiKey('test');
      await stack.db
        .insertInto('api_keys')
        .values({
          merchant_id: merchant.id,
          name,
          mode: 'test',
          ...apiKeyRecordFields(key),
          ...(revoked ? { revoked_at: new Date() } : {}),
        })
        .execute();
    }
    const eventId = await stack.db.transaction().execute((trx) =>
      recordEvent(trx, {
        merchantId: merchant.id,
        mode: 'test',
        type: 'checkout_split.paid',
        data: splitEventData({
          split: { id: 'x', status: 'captured', orderReference: 'O', currency: 'gbp', totalAmountPence: 100 },
          participants: [],
          session: null,
        }),
        dedupeKey: `phone-log:${randomToken(8)}`,
      }),
    );
    const base = Date.now() - 100_000;
    await stack.db
      .insertInto('webhook_deliveries')
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          delivery_id: `webhook:${eventId}:${i}`,
          event_id: eventId!,
          merchant_id: merchant.id,
          mode: 'test' as const,
          event_type: 'checkout_split.paid',
          trigger: 'event' as const,
          attempt: 1,
          url: 'https://shop.example.com/hooks/groupsplit',
          outcome: i % 2 === 0 ? ('failed' as const) : ('succeeded' as const),
          status_code: i % 2 === 0 ? 500 : 200,
          response_excerpt:
            i % 2 === 0 ? 'Internal Server Error: the order service did not answer in time, try again later' : 'ok',
          duration_ms: 12,
          error: i % 2 === 0 ? 'Endpoint answered HTTP 500' : null,
          started_at: new Date(base + i * 1000),
          created_at: new Date(base + i * 1000 + 20),
        })),
      )
      .execute();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Europe/London',
      locale: 'en-GB',
    });
    context.setDefaultTimeout(15_000);
    await newAddress(context);
    page = await context.newPage();
    trackApiCalls(page);
    problems = watchProblems(page, (url, status) => status === 401 && url.includes('/api/'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const at = (path: string, title: string | RegExp) =>
    startAt(page, { origin: stack.urls.gateway, path, title, email });

  /**
   * At 390 px: where the page's content starts, and every table row's cells, status chips, buttons and
   * links that are not fully on screen (past either edge) or are cut (by their own box or an ancestor's
   * clipping).
   */
  async function onPhone(name: string) {
    await page.setViewportSize(PHONE);
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading'));
    await settled(page);
    const report = await page.evaluate(() => {
      const doc = (globalThis as any).document;
      const width = doc.documentElement.clientWidth;
      const cut: string[] = [];
      const rows = [...doc.querySelectorAll('main tbody tr')];
      const describe = (el: any) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      for (const row of rows) {
        for (const el of row.querySelectorAll('td, th, .chip, button, a')) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) {
            if (el.matches('td, th') && (el.textContent ?? '').trim() === '') continue;
            cut.push(`${describe(el)} is not shown`);
            continue;
          }
          if (box.left < -0.5 || box.right > width + 0.5)
            cut.push(`${describe(el)} is off screen (${box.left}–${box.right})`);
          if (el.scrollWidth > el.clientWidth + 1 && !el.matches('td, th')) cut.push(`${describe(el)} is cut`);
          for (let up = el.parentElement; up && up !== doc.body; up = up.parentElement) {
            if ((globalThis as any).getComputedStyle(up).overflowX === 'visible') continue;
            const frame = up.getBoundingClientRect();
            if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) cut.push(`${describe(el)} is clipped`);
          }
        }
      }
      const main = doc.querySelector('main h1').getBoundingClientRect();
      return { rows: rows.length, cut, contentTop: main.top + (globalThis as any).scrollY };
    });
    await page.screenshot({ path: join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    return report;
  }

  it('shows Orders, an order, API keys and the webhook log as cards at 390 px, nothing cut or off screen', () =>
    photographOnFailure(page, 'phone-tables', async () => {
      const pages: [string, string, string | RegExp, number][] = [
        ['orders', '/dashboard/orders', 'Orders', 8],
        ['order', `/dashboard/orders/${orderId}`, reference(5), 1],
        ['api-keys', '/dashboard/developers/api-keys', 'API keys', 2],
        ['webhook-log', '/dashboard/developers/webhooks', 'Webhooks', 4],
      ];
      for (const [name, path, title, atLeast] of pages) {
        await at(path, title);
        const report = await onPhone(`phone-${name}`);
        expect({ name, cut: report.cut }).toEqual({ name, cut: [] });
        expect(report.rows).toBeGreaterThanOrEqual(atLeast);
        // The header is one line: the page's heading within the first 120 px.
        expect({ name, top: report.contentTop < 120 }).toEqual({ name, top: true });
      }
      await at('/dashboard/orders', 'Orders');
      // "Waiting for your acceptance", whole, on its card.
      await page.setViewportSize(PHONE);
      await page.getByRole('table', { name: 'Orders' }).getByText('Waiting for your acceptance').waitFor();
      await look(page, 'phone-orders');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('moves the business, account and sign-out into the menu on a phone', () =>
    photographOnFailure(page, 'phone-menu', async () => {
      await at('/dashboard', shopName);
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Menu' }).click();
      const nav = page.getByRole('navigation', { name: `${shopName} navigation` });
      await nav.getByRole('button', { name: 'Sign out' }).waitFor();
      await nav.getByLabel('Business').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'phone-menu-390.png'), fullPage: true });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.locator('header').getByRole('button', { name: 'Sign out' }).waitFor();
      expect(problems).toEqual([]);
    }));

  it("Home in test mode: Get started, a sample checkout opening in a new tab, and what's needed to go live", () =>
    photographOnFailure(page, 'get-started', async () => {
      await at('/dashboard', shopName);
      const steps = page.getByRole('list', { name: 'Get started' }).getByRole('listitem');
      await steps.first().waitFor();
      await settled(page);
      expect(await steps.count()).toBe(4);
      const step = (title: string) => steps.filter({ hasText: title });
      await step('Add a return domain').getByText('To do').waitFor();
      await step('Create an API key').getByText('Done').waitFor();
      await step('Set a webhook URL and send a test event').getByText('To do').waitFor();
      // The go-live checklist is shown in test mode too, under its own title; no invoice gates anywhere.
      await page.getByRole('heading', { name: 'What you need to go live' }).waitFor();
      await page.getByRole('list', { name: 'Go-live checklist' }).getByRole('listitem').first().waitFor();
      expect(await page.getByText('Send invoices').count()).toBe(0);
      // One button per action: no fix appears twice.
      const buttons = await page.locator('main').getByRole('link').allTextContents();
      const actions = buttons.filter((text) => /Verify|billing card|Connect/i.test(text));
      expect(actions).toEqual([...new Set(actions)]);
      await look(page, 'home-get-started');

      // Skipping the domain marks it Skipped.
      await step('Add a return domain').getByRole('button', { name: 'Skip for now' }).click();
      await step('Add a return domain').getByText('Skipped').waitFor();

      // The sample checkout opens in a new tab, a £20 test order whose way back is the dashboard's Orders.
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        step('Open a test checkout')
          .getByRole('button', { name: /Open a test checkout/ })
          .click(),
      ]);
      await tab.waitForURL(/\/checkout\/[A-Za-z0-9_-]+$/);
      await tab.getByRole('heading', { level: 1, name: /^SAMPLE-/ }).waitFor();
      await tab.locator('#order-total', { hasText: '£20.00' }).waitFor();
      expect(await tab.locator('#return-link').getAttribute('href')).toBe(`${stack.urls.gateway}/dashboard/orders`);
      // The hosted page it opens, at both widths: axe-clean and photographed.
      for (const width of [1280, 390]) {
        await tab.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await tab.screenshot({ path: join(ARTIFACTS, `sample-checkout-${width}.png`), fullPage: true });
        found.push(...(await axeViolations(tab)).map((v) => `sample checkout at ${width}px: ${v}`));
      }
      await tab.close();
      await step('Open a test checkout')
        .getByRole('status')
        .getByRole('link', { name: /SAMPLE-.*£20\.00/ })
        .waitFor();
      const row = await stack.db
        .selectFrom('checkout_sessions')
        .select(['mode', 'amount', 'api_key_id'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ mode: 'test', amount: 2000, api_key_id: null });
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('finds Amy\'s order by "amy", and names its organiser', () =>
    photographOnFailure(page, 'search-amy', async () => {
      await at('/dashboard/orders', 'Orders');
      await page.getByLabel('Search by name, e-mail, order reference or id').fill('amy');
      const table = page.getByRole('table', { name: 'Orders' });
      await page.waitForURL(/q=amy/);
      await table
        .getByRole('link')
        .first()
        .filter({ hasText: reference(5) })
        .waitFor();
      await settled(page);
      expect(await table.getByRole('link').allTextContents()).toEqual([reference(5)]);
      // Her order's organiser: her name, her address under it.
      const organiser = table.locator('td[data-label="Organiser"]');
      expect(await organiser.textContent()).toMatch(/^Amy Pondamy\.pond\.\d+@example\.test$/);
      await look(page, 'orders-search-amy');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('links the terms and privacy notice from the consent step, and names the business types in its error', async () => {
    const newcomer = await createUser(stack.db, { consent: false });
    const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    own.setDefaultTimeout(15_000);
    await newAddress(own);
    const tab = await own.newPage();
    trackApiCalls(tab);
    const tabProblems = watchProblems(tab, (url, status) => status === 401 && url.includes('/api/'));
    await photographOnFailure(tab, 'terms-and-type', async () => {
      await tab.goto(`${stack.urls.gateway}/dashboard`);
      await signIn(tab, newcomer.email);
      await heading(tab, 'Terms and privacy');
      for (const [name, path, title] of [
        ['terms of service', '/docs/terms', 'Terms of service'],
        ['privacy notice', '/docs/privacy', 'Privacy notice'],
      ]) {
        const link = tab.getByRole('link', { name: new RegExp(`^${name}`) });
        expect(await link.getAttribute('href')).toBe(path);
        const [opened] = await Promise.all([own.waitForEvent('page'), link.click()]);
        await opened.getByRole('heading', { level: 1, name: title }).waitFor();
        await opened.close();
      }
      await look(tab, 'consent-terms-links');
      await tab.getByLabel(/I accept the terms of service/).check();
      await tab.getByRole('button', { name: 'Accept and continue' }).click();
      await heading(tab, 'Register your business');
      await tab.getByRole('button', { name: 'Register business' }).click();
      const error =
        'Choose a business type: Sole trader, Limited company, Partnership, Limited liability partnership (LLP), Charity or Other.';
      await tab.locator('.field-error', { hasText: error }).waitFor();
      expect(await tab.getByText('sole_trader').count()).toBe(0);
      await settled(tab);
      await look(tab, 'register-business-type-error');
    });
    await own.close();
    expect(found).toEqual([]);
    expect(tabProblems.filter((p) => !p.includes('/api/merchants/register'))).toEqual([]);
  });

  it('answers on the Orders page that the sample checkout comes back to', () =>
    photographOnFailure(page, 'sample-return', async () => {
      await at('/dashboard', shopName);
      await goTo(page, '/dashboard/orders');
      await heading(page, 'Orders');
      expect(problems).toEqual([]);
    }));
});
