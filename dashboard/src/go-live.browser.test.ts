import { randomUUID } from 'node:crypto';
import { createMerchant, createUser, type Stack, signInDashboard, startStack } from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import {
  ensureDashboardBuilt,
  heading,
  inspect,
  launchBrowser,
  personContext,
  photographOnFailure,
  settled,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';
import { seedLiveWebhookDelivered } from './test-support/live-webhook';

/**
 * Home in live mode shows the go-live checklist (docs/dashboard.md, "Pages"): five steps in order, each
 * with its state and the page that does it, and "You can take live payments" only when all are done.
 * The live set-up is written straight into the tables here (a live webhook URL must be public https, and
 * live onboarding is another test's subject); what is under test is the checklist reading it through the API.
 */
describe('the go-live checklist in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let merchantId: string;
  let shopName: string;
  let email: string;

  beforeAll(async () => {
    ensureDashboardBuilt();
    // No workflow here: the route tier (signed in by signInDashboard, not by a mailed code).
    stack = await startStack({}, { temporal: false });
    browser = await launchBrowser();
    const owner = await createUser(stack.db);
    const merchant = await createMerchant(stack.db, owner, {
      verification_status: 'unverified',
      processor_charges_enabled: false,
    } as never);
    merchantId = merchant.id;
    shopName = merchant.name;
    email = owner.email;
    page = await (await personContext(browser)).newPage();
    await signInDashboard(stack, page.context(), email);
    trackApiCalls(page);
    problems = watchProblems(page, (url, status) => status === 401 && url.includes('/api/'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const checklist = () => page.getByRole('list', { name: 'Go-live checklist' });
  const inLiveMode = async () => {
    await startAt(page, { origin: stack.urls.gateway, path: '/dashboard', title: shopName, email });
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
    await heading(page, shopName);
  };

  it('lists the five steps in order, each to do with its page, and no "You can take live payments"', () =>
    photographOnFailure(page, 'go-live-to-do', async () => {
      await inLiveMode();
      const items = checklist().getByRole('listitem');
      await items.first().getByText('To do').waitFor();
      await settled(page);
      const steps: [string, string, string][] = [
        ['Connect the payment processor', 'Payments', '/dashboard/settings/payments'],
        ['Add a billing card', 'Billing', '/dashboard/settings/billing'],
        ['Verify the owner', 'Verification', '/dashboard/settings/verification'],
        ['Set the live webhook URL and send a test event', 'Developers', '/dashboard/developers'],
        ['Create a live API key', 'API keys', '/dashboard/developers/api-keys'],
      ];
      expect(await items.count()).toBe(steps.length);
      for (const [i, [title, link, path]] of steps.entries()) {
        const item = items.nth(i);
        expect(await item.textContent()).toContain(title);
        expect(await item.getByText('To do').count()).toBe(1);
        expect(await item.getByRole('link', { name: link, exact: true }).getAttribute('href')).toBe(path);
      }
      expect(await page.getByText('You can take live payments').count()).toBe(0);
      // Apple Pay is not a step: a line under them says what it waits for.
      await page
        .getByText('Apple Pay: the pay domain is registered on your account once it can take charges.')
        .waitFor();
      const found = await inspect(page, 'home-live-checklist');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('says "You can take live payments" once every gate is open', () =>
    photographOnFailure(page, 'go-live-done', async () => {
      await stack.db
        .updateTable('merchants')
        .set({
          processor_charges_enabled: true,
          processor_account_id: 'acct_live_ready',
          verification_status: 'verified',
        })
        .where('id', '=', merchantId)
        .execute();
      await stack.db
        .insertInto('billing_cards')
        .values({
          merchant_id: merchantId,
          mode: 'live',
          processor_customer_id: 'cus_live_ready',
          payment_method_id: 'pm_live_ready',
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2030,
        })
        .execute();
      await seedLiveWebhookDelivered(stack.db, merchantId, 'https://shop.example.com/hooks');
      await stack.db
        .insertInto('api_keys')
        .values({
          merchant_id: merchantId,
          name: 'Live server',
          mode: 'live',
          key_hash: randomUUID(),
          last_four: 'abcd',
        })
        .execute();

      // Our pay domain registered on the live account, Apple Pay active on it (merchants writes this row).
      await stack.db
        .insertInto('merchant_processor_accounts')
        .values({
          merchant_id: merchantId,
          mode: 'live',
          account_id: 'acct_live_ready',
          charges_enabled: true,
          details_submitted: true,
          pay_domain: 'pay.groupsplit.example',
          pay_domain_id: 'pmd_live_ready',
          apple_pay_status: 'active',
          pay_domain_checked_at: new Date(),
        })
        .execute();

      // A reload keeps the session (and the mode is chosen again: it is held in memory only).
      await page.reload();
      await heading(page, shopName);
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
      await page.getByText('You can take live payments').waitFor();
      await settled(page);
      expect(await checklist().getByText('To do').count()).toBe(0);
      expect(await checklist().getByText('Done').count()).toBe(5);
      await page.getByText('Apple Pay ready on pay.groupsplit.example.').waitFor();
      const found = await inspect(page, 'home-live-ready');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    }));

  it('comes back from live onboarding to the live account, although a new page load starts in test mode', () =>
    photographOnFailure(page, 'go-live-onboarding-return', async () => {
      await page.goto(`${stack.urls.gateway}/dashboard/settings/payments?onboarding=complete&mode=live`);
      await page.getByRole('heading', { name: 'Processor account (live mode)' }).waitFor();
      await page.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
      await page.getByText('Back from onboarding').waitFor();
      await page.getByText('Your live account can take payments.').waitFor();
      expect(await inspect(page, 'payments-live-return')).toEqual([]);
      expect(problems).toEqual([]);
    }));
});
