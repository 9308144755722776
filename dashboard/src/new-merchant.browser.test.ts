import { createUser, eventually, mailTo, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ensureDashboardBuilt,
  heading,
  inspect,
  launchBrowser,
  personContext,
  photographOnFailure,
  settled,
  signIn,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';
import { seedLiveWebhookDelivered } from './test-support/live-webhook';

/**
 * A new merchant from the first sign-in to "You can take live payments", in one browser: register, reload on
 * pages, open an order in a new tab, connect the live processor and add the live billing card on the processor's
 * own pages in new tabs, create a live API key. The sign-in code is typed once (every reload and tab after it
 * is signed in by the refresh cookie) and no pm_ id is typed anywhere.
 *
 * One step is written into the tables instead of done in the browser: the live webhook URL and its delivered
 * test event. A live webhook URL must be public https (docs/webhooks.md) and the test stack has no public
 * endpoint to receive the event; go-live.browser.test.ts does the same.
 */
describe('a new merchant going live, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const found: string[] = [];
  const ownerEmail = uniqueEmail('newowner');
  const businessName = `Bike Shed ${Math.random().toString(36).slice(2, 7)}`;
  const companyNumber = `BS${Math.floor(Math.random() * 1e6)}`;
  const reference = `BS-${Math.floor(Math.random() * 1e6)}`;

  // 401: the refresh before signing in; 404: /me before registering; 409: the opening tab checking a card page
  // that is still open.
  const allowed = (url: string, status: number) =>
    (status === 401 && url.includes('/api/')) ||
    (status === 404 && url.endsWith('/api/merchants/me')) ||
    (status === 409 && url.includes('/billing/card-setup/'));

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    browser = await launchBrowser();
    context = await personContext(browser);
    page = await context.newPage();
    trackApiCalls(page);
    problems = watchProblems(page, allowed);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A new tab of this person's browser, watched like the first. */
  const newTab = async (opened: Promise<Page>) => {
    const tab = await opened;
    trackApiCalls(tab);
    const tabProblems = watchProblems(tab, allowed);
    return { tab, tabProblems };
  };
  const nav = (target: Page, name: string) =>
    target.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  const toLive = async (target: Page) => {
    await target.getByRole('switch', { name: 'Test mode' }).click();
    await target.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
  };
  const step = (target: Page, title: string) =>
    target.getByRole('list', { name: 'Go-live checklist' }).getByRole('listitem').filter({ hasText: title });

  it(
    'registers, takes an order, connects, adds the live card and goes live, typing one sign-in code',
    () =>
      photographOnFailure(page, 'new-merchant', async () => {
        // Sign in (the one code), accept the terms, register.
        await page.goto(`${stack.urls.gateway}/dashboard`);
        await signIn(page, ownerEmail);
        await heading(page, 'Terms and privacy');
        await page.getByLabel(/I accept the terms of service/).check();
        await page.getByRole('button', { name: 'Accept and continue' }).click();
        await heading(page, 'Register your business');
        const form = {
          'Trading name': businessName,
          'Legal name': `${businessName} Ltd`,
          'Address line 1': '2 Mill Lane',
          'Town or city': 'Leeds',
          Postcode: 'LS1 1AA',
          'Business e-mail': 'hello@bikeshed.example',
          'Business phone': '+44 113 496 0000',
          'Company number': companyNumber,
        };
        await page.getByLabel('Business type').selectOption('limited_company');
        for (const [label, value] of Object.entries(form)) await page.getByLabel(label).fill(value);
        await page.getByRole('button', { name: 'Register business' }).click();
        await heading(page, businessName);
        const merchant = await stack.db
          .selectFrom('merchants')
          .select('id')
          .where('company_number', '=', companyNumber)
          .executeTakeFirstOrThrow();

        // A reload on a page keeps the session.
        await settled(page);
        await page.reload();
        await heading(page, businessName);

        // Test mode: a test billing card and a test key, so the shop can take an order.
        await nav(page, 'Billing');
        await heading(page, 'Billing');
        await page.getByLabel('Visa ending 4242').check();
        await page.getByRole('button', { name: 'Save card' }).click();
        await page.getByText('The billing card is on file.').waitFor();
        await settled(page);
        await page.reload();
        await heading(page, 'Billing');
        await page.getByRole('definition').filter({ hasText: 'Visa ending 4242' }).waitFor();
        await nav(page, 'Developers');
        await heading(page, 'Developers');
        await page.getByLabel('Allowed return domain').fill('bikeshed.example');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Integration settings saved.').waitFor();
        await nav(page, 'API keys');
        await heading(page, 'API keys');
        await page.getByLabel('Key name').fill('Shop server (test)');
        await page.getByRole('button', { name: 'Create test key' }).click();
        const testKey = (await eventually(
          () => page.locator('#new-api-key').textContent(),
          (key) => expect(key).toMatch(/^svc_test_/),
        )) as string;
        await page.getByRole('button', { name: 'Done' }).click();

        // The shop's server takes an order with that key; a buyer starts a group for it.
        const buyer = await createUser(stack.db);
        const session = await stack.api.post(
          '/api/merchants/checkout/sessions',
          { amount: 40, order_reference: reference, return_url: 'https://bikeshed.example/thanks' },
          { apiKey: testKey },
        );
        expect(session.body).toMatchObject({ token: expect.any(String) });
        const split = await stack.api.post(
          `/api/merchants/checkout/sessions/${session.body.token}/split`,
          {
            mode: 'split',
            participants: [
              { email: buyer.email, amount: 15 },
              { email: uniqueEmail('friend'), amount: 25 },
            ],
          },
          { token: buyer.token },
        );
        expect(split.status).toBe(201);

        // The order, opened in a new tab from the Orders page: signed in there too.
        await nav(page, 'Orders');
        await heading(page, 'Orders');
        const link = page.getByRole('link', { name: reference });
        const href = await link.getAttribute('href');
        expect(href).toBe(`/dashboard/orders/${split.body.split_id}`);
        const order = await newTab(context.newPage());
        await order.tab.goto(`${stack.urls.gateway}${href}`);
        await heading(order.tab, reference);
        await settled(order.tab);
        await order.tab.reload();
        await heading(order.tab, reference);
        await settled(order.tab);
        await order.tab.close();

        // Live: the checklist, then each step on its page.
        await nav(page, 'Home');
        await toLive(page);
        await step(page, 'Connect the payment processor').getByText('To do').waitFor();
        await step(page, 'Connect the payment processor').getByRole('link', { name: 'Payments', exact: true }).click();
        await heading(page, 'Payments');
        await page.getByRole('button', { name: 'Connect live processor account' }).click();
        const onboarding = await newTab(
          Promise.all([
            context.waitForEvent('page'),
            page.getByRole('link', { name: "Open the processor's onboarding (new tab)" }).click(),
          ]).then(([tab]) => tab),
        );
        await onboarding.tab.getByRole('button', { name: 'Complete onboarding' }).click();
        await heading(onboarding.tab, 'Payments');
        await onboarding.tab.getByText('Back from onboarding').waitFor();
        await settled(onboarding.tab);
        await onboarding.tab.close();
        await page.getByRole('button', { name: 'Check the status again' }).click();
        await page.getByText('Your live account can take payments.').waitFor();

        await nav(page, 'Billing');
        await heading(page, 'Billing');
        await page.getByText('No card on file for live mode.').waitFor();
        const card = await newTab(
          Promise.all([
            context.waitForEvent('page'),
            page.getByRole('button', { name: 'Add card on a secure page' }).click(),
          ]).then(([tab]) => tab),
        );
        await heading(card.tab, 'Add a card');
        await card.tab.getByLabel('Card number').fill('4242 4242 4242 4242');
        await card.tab.getByLabel('Expiry date (MM / YY)').fill('09 / 33');
        await card.tab.getByLabel('Security code (CVC)').fill('321');
        await card.tab.getByRole('button', { name: 'Save card' }).click();
        await heading(card.tab, 'Billing');
        await card.tab.getByText('Visa ending 4242', { exact: true }).waitFor();
        await settled(card.tab);
        await card.tab.close();
        await page.bringToFront();
        await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('focus')));
        await page.getByText('Visa ending 4242', { exact: true }).waitFor();

        await nav(page, 'API keys');
        await heading(page, 'API keys');
        await page.getByLabel('Key name').fill('Shop server (live)');
        await page.getByRole('button', { name: 'Create live key' }).click();
        await eventually(
          () => page.locator('#new-api-key').textContent(),
          (key) => expect(key).toMatch(/^svc_prod_/),
        );
        await page.getByRole('button', { name: 'Done' }).click();

        // Not in the browser: a live webhook URL must be public https, which the test stack cannot receive.
        await seedLiveWebhookDelivered(stack.db, merchant.id, 'https://bikeshed.example/hooks');

        await nav(page, 'Home');
        await heading(page, businessName);
        await page.getByText('You can take live payments').waitFor();
        await settled(page);
        const checklist = page.getByRole('list', { name: 'Go-live checklist' });
        expect(await checklist.getByText('To do').count()).toBe(0);
        expect(await checklist.getByText('Done').count()).toBe(5);
        found.push(...(await inspect(page, 'new-merchant-live-ready')));

        // Every page of the dashboard, reloaded, is still signed in: the same address, its heading and the
        // navigation come back with no code asked for.
        const links = page.getByRole('navigation').getByRole('link');
        const pages = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
        expect(pages.length).toBeGreaterThanOrEqual(8);
        for (const href of pages) {
          await page.getByRole('navigation').locator(`a[href="${href}"]`).click();
          await page.waitForURL((url) => url.pathname === href);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await settled(page);
          await page.reload();
          await page.getByRole('navigation').locator(`a[href="${href}"]`).waitFor();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          expect(new URL(page.url()).pathname).toBe(href);
        }

        const codes = (await mailTo(ownerEmail)).filter((mail) => mail.Subject.includes('sign-in code'));
        expect(codes).toHaveLength(1);
        expect(found).toEqual([]);
        expect(problems).toEqual([]);
        for (const tab of [order, onboarding, card]) expect(tab.tabProblems).toEqual([]);
      }),
    300_000,
  );
});
