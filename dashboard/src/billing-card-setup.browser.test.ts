import {
  createMerchant,
  createUser,
  keepDocsImages,
  type Stack,
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
  personContext,
  photographOnFailure,
  settled,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

/**
 * A live billing card through the processor's hosted card page (docs/dashboard.md, "Billing"): the
 * Owner in live mode opens the page in a new tab from Billing, a declined card shows on that page, a
 * good one returns the tab to Billing with the card on file, the tab that opened the page shows it too
 * when the person comes back to it, and the go-live checklist's billing step is done. No pm_ id is typed.
 */
describe('a live billing card through the hosted card page, in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let shopName: string;
  let merchantId: string;
  let email: string;
  const found: string[] = [];

  /** The axe check and screenshots at 1280 and 390 px (inspect), kept in docs/images as the docs' pictures. */
  const look = async (target: Page, name: string) => {
    found.push(...(await inspect(target, name)));
    keepDocsImages(ARTIFACTS, [`${name}-1280.png`, `${name}-390.png`]);
  };
  // A still-open page answers 409 when the opening tab checks on focus (it waits quietly); 401 is the refresh.
  const allowed = (url: string, status: number) =>
    (status === 401 && url.includes('/api/')) || (status === 409 && url.includes('/billing/card-setup/'));

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
    shopName = merchant.name;
    merchantId = merchant.id;
    email = owner.email;
    page = await (await personContext(browser)).newPage();
    await signInDashboard(stack, page.context(), email);
    trackApiCalls(page);
    problems = watchProblems(page, allowed);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const checklist = (target: Page) => target.getByRole('list', { name: 'Go-live checklist' });
  const billingStep = (target: Page) =>
    checklist(target).getByRole('listitem').filter({ hasText: 'Add a billing card' });

  it(
    'adds the card on the secure page in a new tab; both tabs show it and the checklist step is done',
    () =>
      photographOnFailure(page, 'billing-card-setup', async () => {
        await startAt(page, { origin: stack.urls.gateway, path: '/dashboard', title: shopName, email });
        await page.getByRole('switch', { name: 'Test mode' }).click();
        await page.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
        await billingStep(page).getByText('To do').waitFor();
        await billingStep(page).getByRole('link', { name: 'Billing', exact: true }).click();
        await heading(page, 'Billing');
        await page.getByText('No card on file for live mode.').waitFor();
        await settled(page);
        // Live mode asks for no payment method id: there is nothing to type it into.
        expect(await page.getByLabel(/payment method/i).count()).toBe(0);
        await look(page, 'billing-card-setup-live-empty');

        const [tab] = await Promise.all([
          page.context().waitForEvent('page'),
          page.getByRole('button', { name: 'Add card on a secure page' }).click(),
        ]);
        trackApiCalls(tab);
        const tabProblems = watchProblems(tab, allowed);
        await tab.waitForURL(/\/_emulator\/checkout\/cs_live_/);
        await heading(tab, 'Add a card');
        await page.getByText('Waiting for the card to be saved.').waitFor();

        // Coming back to the opening tab before a card is saved changes nothing.
        await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('focus')));
        await settled(page);
        expect(await page.getByText('No card on file for live mode.').count()).toBe(1);
        expect(await page.getByRole('alert').count()).toBe(0);

        await look(tab, 'billing-card-setup-page');
        await tab.getByLabel('Card number').fill('4000 0000 0000 0002');
        await tab.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
        await tab.getByLabel('Security code (CVC)').fill('123');
        await tab.getByRole('button', { name: 'Save card' }).click();
        await tab.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
        expect(await tab.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
        await look(tab, 'billing-card-setup-declined');

        await tab.getByLabel('Card number').fill('4242 4242 4242 4242');
        await tab.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
        await tab.getByLabel('Security code (CVC)').fill('123');
        await tab.getByRole('button', { name: 'Save card' }).click();
        // Back on Billing in the new tab: signed in by the refresh cookie, in live mode, the card on file.
        await tab.waitForURL(`${stack.urls.gateway}/dashboard/settings/billing`);
        await heading(tab, 'Billing');
        await tab.getByText('The billing card is on file.').waitFor();
        await tab.getByText('Visa ending 4242', { exact: true }).waitFor();
        await tab.getByText('Billing card (live mode)').waitFor();
        await settled(tab);
        await look(tab, 'billing-card-setup-saved');

        // The opening tab, when the person comes back to it.
        await page.bringToFront();
        await page.evaluate(() => (globalThis as any).dispatchEvent(new Event('focus')));
        await page.getByText('Visa ending 4242', { exact: true }).waitFor();
        await page.getByText('The billing card is on file.').waitFor();
        await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
        await heading(page, shopName);
        await billingStep(page).getByText('Done').waitFor();
        await settled(page);
        await look(page, 'billing-card-setup-checklist');

        const cards = await stack.db
          .selectFrom('billing_cards')
          .selectAll()
          .where('merchant_id', '=', merchantId)
          .execute();
        expect(cards).toEqual([
          expect.objectContaining({ mode: 'live', brand: 'visa', last4: '4242', exp_year: 2034 }),
        ]);
        expect(found).toEqual([]);
        expect(problems).toEqual([]);
        expect(tabProblems).toEqual([]);
      }),
    180_000,
  );

  it(
    'a cancelled page returns to Billing saying no card was saved',
    () =>
      photographOnFailure(page, 'billing-card-setup-cancel', async () => {
        await startAt(page, {
          origin: stack.urls.gateway,
          path: '/dashboard/settings/billing',
          title: 'Billing',
          email,
        });
        await page.getByRole('switch', { name: 'Test mode' }).click();
        await page.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
        const [tab] = await Promise.all([
          page.context().waitForEvent('page'),
          page.getByRole('button', { name: 'Replace the card on a secure page' }).click(),
        ]);
        trackApiCalls(tab);
        await heading(tab, 'Add a card');
        await tab.getByRole('link', { name: 'Cancel and go back' }).click();
        await heading(tab, 'Billing');
        await tab.getByText('You left the secure card page without saving a card.').waitFor();
        await tab.getByText('Billing card (live mode)').waitFor();
        await tab.getByText('Visa ending 4242', { exact: true }).waitFor();
        await settled(tab);
        await tab.close();
      }),
    120_000,
  );
});
