import { join } from 'node:path';
import { createProcessor, GATES } from '@groupsplit/shared';
import {
  createUser,
  emulatorControl,
  eventually,
  type Stack,
  startStack,
  startWebhookReceiver,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ARTIFACTS,
  ensureDashboardBuilt,
  goTo,
  heading,
  inspect,
  launchBrowser,
  newAddress,
  personContext,
  photographOnFailure,
  settled,
  signIn,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

/**
 * The dashboard in a real browser against the whole stack, as a merchant's staff use it: sign-in,
 * registration, billing, integration settings and keys, orders and refunds, team and roles, the
 * webhook delivery log. Every page is checked with axe-core and photographed at 390 and 1280 px.
 *
 * The steps share one page, so each starts from a known one (`startAt`: the page, signed in, test
 * mode, settled) and checks its own axe findings and page problems: a step that fails leaves the
 * next ones to pass or fail on their own. The page re-reads the business on every page change, so
 * what a step asserts after an action it waits for (a locator, `eventually`), never reads once.
 */
describe('merchant dashboard in a real browser', () => {
  let stack: Stack;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let page: Page;
  let problems: string[];
  const a11y: string[] = [];
  const ownerEmail = uniqueEmail('owner');
  const financeEmail = uniqueEmail('finance');
  const businessName = `Corner Deli ${Math.random().toString(36).slice(2, 7)}`;
  const companyNumber = `DL${Math.floor(Math.random() * 1e6)}`;
  let merchantId: string;
  let apiKey: string;
  let buyer: TestUser;
  const orders: Record<'refunded' | 'pending' | 'captured', { reference: string; id: string }> = {
    refunded: { reference: `ORDER-A-${Date.now()}`, id: '' },
    pending: { reference: `ORDER-B-${Date.now()}`, id: '' },
    captured: { reference: `ORDER-C-${Date.now()}`, id: '' },
  };

  /**
   * A test of this suite: on failure it leaves a screenshot of the owner's page in test-artifacts/dashboard.
   * It ends by asserting the axe findings and the page problems of its own pages, so they fail the step
   * that caused them and no later one.
   */
  const step = (name: string, body: () => Promise<void>, timeout?: number) =>
    it(
      name,
      () =>
        photographOnFailure(page, name, async () => {
          const [a11yBefore, problemsBefore] = [a11y.length, problems.length];
          await body();
          expect(a11y.slice(a11yBefore)).toEqual([]);
          expect(problems.slice(problemsBefore)).toEqual([]);
        }),
      timeout,
    );
  const look = async (target: Page, name: string) => a11y.push(...(await inspect(target, name)));
  const navTo = async (name: string) => {
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  };
  /** The owner's page at `path`, signed in, in test mode and settled (see startAt). */
  const ownerAt = (path: string, title: string | RegExp) =>
    startAt(page, { origin: stack.urls.gateway, path, title, email: ownerEmail });

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    receiver = await startWebhookReceiver();
    browser = await launchBrowser();
    ownerContext = await personContext(browser);
    page = await ownerContext.newPage();
    trackApiCalls(page);
    // The expected refusals: the session ended on purpose (401), a missing business (404 before registering),
    // the registration with wrong fields (400) and the finance member's refused calls are asserted where they happen.
    problems = watchProblems(
      page,
      (url, status) =>
        (status === 401 && url.includes('/api/')) ||
        (status === 404 && url.endsWith('/api/merchants/me')) ||
        (status === 400 && url.endsWith('/api/merchants/register')),
    );
    buyer = await createUser(stack.db, { consent: false });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await stack?.stop();
  });

  step('signs in by the mailed code, accepts consent and registers, with per-field errors from details', async () => {
    await page.goto(`${stack.urls.gateway}/dashboard`);
    await heading(page, 'Sign in to your dashboard');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard');
    await look(page, 'sign-in');

    await signIn(page, ownerEmail);
    await heading(page, 'Terms and privacy');
    await look(page, 'consent');
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();

    await heading(page, 'Register your business');
    await look(page, 'register');
    const form = {
      'Trading name': businessName,
      'Legal name': `${businessName} Ltd`,
      'Address line 1': '1 High Street',
      'Address line 2': 'Unit 4',
      'Town or city': 'London',
      County: 'Greater London',
      Postcode: 'N1 1AA',
      'Business e-mail': 'hello@deli.example',
      'Business phone': '123',
      'VAT number': 'GB123456789',
    };
    for (const [label, value] of Object.entries(form)) await page.getByLabel(label).fill(value);
    await page.getByLabel('Business type').selectOption('limited_company');
    await page.getByRole('button', { name: 'Register business' }).click();
    // The API's details, each beside its own field (and named by it for screen readers).
    const phone = page.getByLabel('Business phone');
    await page.getByText('Enter a phone number of 7 to 30 characters').first().waitFor();
    await eventually(
      async () => ({
        invalid: await phone.getAttribute('aria-invalid'),
        describedBy: await phone.getAttribute('aria-describedby'),
        error: await page.locator('#register-business_phone-error').textContent(),
        companyNumberInvalid: await page.getByLabel('Company number').getAttribute('aria-invalid'),
      }),
      (fields) =>
        expect(fields).toEqual({
          invalid: 'true',
          describedBy: expect.stringContaining('register-business_phone-error'),
          error: 'Enter a phone number of 7 to 30 characters',
          companyNumberInvalid: 'true',
        }),
    );
    await page.getByText('Enter the company number (required for limited companies and LLPs)').waitFor();
    await look(page, 'register-errors');

    await phone.fill('+44 20 7946 0000');
    await page.getByLabel('Company number').fill(companyNumber);
    await page.getByRole('button', { name: 'Register business' }).click();
    await heading(page, businessName);
    const merchant = await stack.db
      .selectFrom('merchants')
      .selectAll()
      .where('company_number', '=', companyNumber)
      .executeTakeFirstOrThrow();
    merchantId = merchant.id;
    expect(merchant).toMatchObject({
      name: businessName,
      legal_name: `${businessName} Ltd`,
      business_type: 'limited_company',
      business_address: '1 High Street, Unit 4, London, Greater London, N1 1AA, United Kingdom',
      business_email: 'hello@deli.example',
      business_phone: '+44 20 7946 0000',
      vat_number: 'GB123456789',
    });
    // Test mode is on from the start, and unmistakable.
    await page.getByText('You are viewing test data. Nothing here moves real money.').waitFor();
    await page.getByRole('switch', { name: 'Test mode', checked: true }).waitFor();
    await look(page, 'home-new-business');
  });

  step('shows the gates of each mode, each fix.path opening its page', async () => {
    await ownerAt('/dashboard', businessName);
    const fix = page.getByRole('link', { name: GATES.billing_card_required.fix.label });
    expect(await fix.getAttribute('href')).toBe(GATES.billing_card_required.fix.path);

    await page.getByRole('switch', { name: 'Test mode' }).click();
    // Live mode's gate is answered by the go-live checklist's processor step (one button per action).
    const processorStep = page
      .getByRole('list', { name: 'Go-live checklist' })
      .getByRole('listitem')
      .filter({ hasText: 'Connect the payment processor' })
      .getByRole('link', { name: 'Payments' });
    await page.getByRole('switch', { name: 'Test mode', checked: false }).waitFor();
    await processorStep.waitFor();
    expect(await processorStep.getAttribute('href')).toBe(GATES.connector_not_live.fix.path);
    await eventually(
      () => page.getByText('You are viewing test data.').count(),
      (strips) => expect(strips).toBe(0),
    );
    await look(page, 'home-live');
    await processorStep.click();
    await heading(page, 'Payments');
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.getByText('You are viewing test data.').waitFor();

    // Every fix a gate can offer, whether or not this business needs it now.
    const titles: Record<string, string> = {
      '/dashboard/settings/payments': 'Payments',
      '/dashboard/settings/billing': 'Billing',
      '/dashboard/settings/verification': 'Verification',
    };
    for (const gate of Object.values(GATES)) {
      await goTo(page, gate.fix.path);
      await heading(page, titles[gate.fix.path] ?? 'no page for this path');
    }
  });

  step(
    'adds a test billing card, sets the allowed domain and webhook URL, and creates an API key shown once',
    async () => {
      await ownerAt('/dashboard', businessName);
      await page.getByRole('link', { name: GATES.billing_card_required.fix.label }).click();
      await heading(page, 'Billing');
      await look(page, 'billing-empty');
      await page.getByLabel('Visa ending 4242').check();
      await page.getByRole('button', { name: 'Save card' }).click();
      await page.getByText('Visa ending 4242', { exact: true }).last().waitFor();
      await page.getByText('The billing card is on file.').waitFor();
      await look(page, 'billing');
      await navTo('Home');
      await heading(page, businessName);
      // The home page shows the business as last read until its re-read answers: wait for the gate to go.
      await eventually(
        () => page.getByRole('link', { name: GATES.billing_card_required.fix.label }).count(),
        (fixes) => expect(fixes).toBe(0),
      );
      // With the test gate open, Get started offers the sample checkout instead of the gate's fix.
      await page.getByRole('button', { name: /Open a test checkout/ }).waitFor();

      await navTo('Developers');
      await heading(page, 'Developers');
      await page.getByLabel('Allowed return domain').fill('shop.example.com');
      await page.getByLabel('Webhook URL (test mode)').fill(receiver.url);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Integration settings saved.').waitFor();
      // Saving the URL made the test-mode signing secret, shown here once.
      await page.getByText("Copy your signing secret; you won't see it again here").waitFor();
      const created = (await eventually(
        () => page.locator('#new-webhook-secret').textContent(),
        (secret) => expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/),
      )) as string;
      await look(page, 'developers');

      await navTo('Webhooks');
      await heading(page, 'Webhooks');
      await eventually(
        () => page.getByLabel('Webhook URL (test mode)').inputValue(),
        (url) => expect(url).toBe(receiver.url),
      );
      await page.getByRole('button', { name: 'Reveal secret' }).click();
      await eventually(
        () => page.locator('#webhook-secret').textContent(),
        (secret) => expect(secret).toBe(created),
      );
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      const rotate = page.getByRole('dialog', { name: 'Rotate the test-mode signing secret?' });
      await rotate.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByText('The old secret stopped working at once.').waitFor();
      await eventually(
        () => page.locator('#webhook-secret').textContent(),
        (secret) => {
          expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
          expect(secret).not.toBe(created);
        },
      );

      await navTo('API keys');
      await heading(page, 'API keys');
      await page.getByText('No test keys yet.').waitFor();
      await page.getByLabel('Key name').fill('Shop server');
      await page.getByRole('button', { name: 'Create test key' }).click();
      await page.getByText('Copy your new key now').waitFor();
      apiKey = (await eventually(
        () => page.locator('#new-api-key').textContent(),
        (key) => expect(key).toMatch(/^svc_test_/),
      )) as string;
      await page.getByRole('button', { name: 'Copy key' }).click();
      await page.getByText(/^(Copied|Select the text and copy it by hand)$/).waitFor();
      await look(page, 'api-key-created');
      await page.getByRole('button', { name: 'Done' }).click();
      // Read once: gone from the page, listed by its last four only.
      await page.getByRole('cell', { name: `svc_test_…${apiKey.slice(-4)}` }).waitFor();
      expect(await page.content()).not.toContain(apiKey);
      await eventually(
        () => page.getByRole('row', { name: /Shop server/ }).textContent(),
        (row) => expect(row).toContain('Never'),
      );
      await look(page, 'api-keys');
    },
  );

  step('takes orders paid by the buyer through the API with that key', async () => {
    // The test-mode processor account (another change makes it unnecessary in test mode).
    const account = await createProcessor(stack.config, 'test').createAccount({
      merchantId,
      email: ownerEmail,
      businessName,
    });
    await emulatorControl(stack, 'POST', `/accounts/${account.id}/activate`);
    await stack.db
      .insertInto('merchant_processor_accounts')
      .values({
        merchant_id: merchantId,
        mode: 'test',
        account_id: account.id,
        charges_enabled: true,
        details_submitted: true,
      })
      .execute();

    for (const [state, order] of Object.entries(orders)) {
      const session = await stack.api.post(
        '/api/merchants/checkout/sessions',
        { amount: 60, order_reference: order.reference, return_url: 'https://shop.example.com/thanks' },
        { apiKey },
      );
      expect(session.status).toBe(201);
      const split = await stack.api.post(
        `/api/merchants/checkout/sessions/${session.body.token}/split`,
        {
          mode: 'split',
          participants: [
            { email: buyer.email, amount: 25 },
            { email: uniqueEmail('friend'), amount: 35 },
          ],
        },
        { token: buyer.token },
      );
      expect(split.status).toBe(201);
      order.id = split.body.split_id;
      if (state === 'pending') continue;
      for (const participant of split.body.participants as { pay_url: string }[]) {
        const payToken = participant.pay_url.split('/pay/')[1];
        const paid = await stack.api.post(`/api/checkout-splits/pay/${payToken}/authorise`, {
          payment_method: 'pm_card_visa',
        });
        expect(paid.status).toBe(200);
      }
      await waitForSplitStatus(stack, order.id, ['captured'], 30_000);
    }
  });

  step(
    'shows the order captured, refunds it from the dashboard, then shows it refunded with its history row',
    async () => {
      await ownerAt('/dashboard/orders', 'Orders');
      await page.getByRole('link', { name: orders.captured.reference }).waitFor();
      await look(page, 'orders');
      await page.getByLabel('Order reference').fill(orders.refunded.reference);
      await page.getByRole('link', { name: orders.refunded.reference }).waitFor();
      await eventually(
        () => page.getByRole('link', { name: orders.captured.reference }).count(),
        (others) => expect(others).toBe(0),
      );
      const row = page.getByRole('row', { name: new RegExp(orders.refunded.reference) });
      await eventually(
        async () => ({ text: await row.textContent(), status: await row.locator('.chip').textContent() }),
        (shown) => expect(shown).toEqual({ text: expect.stringContaining('£60.00'), status: 'captured' }),
      );
      await look(page, 'orders-search');

      await page.getByRole('link', { name: orders.refunded.reference }).click();
      await heading(page, orders.refunded.reference);
      // The participant's status chip: the timeline's "Captured £… from <address>" row names them too.
      await page
        .getByRole('table', { name: 'Participants' })
        .getByRole('row', { name: new RegExp(buyer.email) })
        .getByText('captured', { exact: true })
        .waitFor();
      await page.getByText('No refunds on this order.').waitFor();
      await look(page, 'order-captured');
      await settled(page);
      await page.getByRole('button', { name: 'Refund order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund the whole order?' });
      await dialog.getByText(/including each payer's £0.20 service fee/).waitFor();
      await look(page, 'order-refund-confirm');
      await dialog.getByRole('button', { name: 'Refund £60.00' }).click();
      await page.getByText('Refunded £60.00 of £60.00. The order is refunded.').waitFor();
      await page.locator('.page-header .chip', { hasText: 'refunded' }).waitFor();
      const history = page.getByRole('region', { name: 'Refund history' }).getByRole('row').nth(1);
      await history.getByText(`Dashboard: ${ownerEmail}`).waitFor();
      await eventually(
        async () => ({
          history: await history.textContent(),
          refundButtons: await page.getByRole('button', { name: 'Refund order' }).count(),
        }),
        (shown) => expect(shown).toEqual({ history: expect.stringContaining('complete'), refundButtons: 0 }),
      );
      await look(page, 'order-refunded');
    },
  );

  step(
    'invites a Finance member, who accepts in a second browser and sees Refund but not Cancel or API keys',
    async () => {
      await ownerAt('/dashboard/team', 'Team');
      await page.getByLabel('E-mail address').fill(financeEmail);
      await page.getByLabel('Role', { exact: true }).selectOption('finance');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`${financeEmail} can join as Finance`).waitFor();
      await page.getByRole('cell', { name: financeEmail, exact: true }).waitFor();
      await look(page, 'team');

      const invitation = await waitForMail(financeEmail, { subject: `Join ${businessName}` });
      const acceptUrl = /Accept the invitation: (\S+)/.exec(invitation.Text)?.[1] as string;
      expect(acceptUrl).toMatch(/\/team-invites\//);
      const financeContext = await personContext(browser);
      const finance = await financeContext.newPage();
      const financeProblems = watchProblems(finance, (url, status) => status === 401 && url.includes('/api/'));
      await finance.goto(acceptUrl);
      await heading(finance, 'Join a business on groupsplit');
      await finance.getByText(`You have been invited to join ${businessName} as Finance.`).waitFor();
      await look(finance, 'invite');
      await finance.getByRole('link', { name: 'Sign in to accept' }).click();
      await signIn(finance, financeEmail);
      await heading(finance, 'Terms and privacy');
      await finance.getByLabel(/I accept the terms of service/).check();
      await finance.getByRole('button', { name: 'Accept and continue' }).click();
      await heading(finance, 'Join a business on groupsplit');
      await finance.getByRole('button', { name: 'Accept invitation' }).click();
      await heading(finance, businessName);
      await finance.getByText('You are Finance of this business.').waitFor();

      // No API keys for Finance: not in the menu, and the page says why.
      await eventually(
        () => finance.getByRole('navigation').getByRole('link', { name: 'API keys' }).count(),
        (links) => expect(links).toBe(0),
      );
      await goTo(finance, '/dashboard/developers/api-keys');
      await finance.getByText("Finance can't see API keys: only Owner and Admin can.").waitFor();
      await look(finance, 'api-keys-finance');

      await goTo(finance, `/dashboard/orders/${orders.captured.id}`);
      await heading(finance, orders.captured.reference);
      await finance.getByRole('button', { name: 'Refund order' }).waitFor();
      await goTo(finance, `/dashboard/orders/${orders.pending.id}`);
      await heading(finance, orders.pending.reference);
      await finance.getByText("Finance can't cancel orders: only Owner, Admin and Member can.").waitFor();
      await eventually(
        () => finance.getByRole('button', { name: 'Cancel order' }).count(),
        (buttons) => expect(buttons).toBe(0),
      );
      await look(finance, 'order-pending-finance');
      expect(financeProblems).toEqual([]);
      await financeContext.close();

      // The Owner may cancel the same order: by keyboard alone, through the confirmation. Keys go to
      // whatever has the focus, so the page must be settled first (a redraw would drop the focus).
      await ownerAt(`/dashboard/orders/${orders.pending.id}`, orders.pending.reference);
      await page.getByRole('button', { name: 'Cancel order' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      // The page follows the order until its holds are released, with no reload.
      await page.getByText('The order is cancelled: every hold was released and nobody is charged.').waitFor();
      await page.locator('.page-header .chip', { hasText: 'cancelled' }).waitFor();
    },
  );

  step('shows the delivery log newest first, resends a delivery and sends a test event', async () => {
    await newAddress(ownerContext);
    // The last event of all: the Owner's cancel of the pending order. The log reads the attempts once, when
    // the page opens, and an attempt is written once the endpoint's answer is back (a moment after the
    // receiver has it): so wait for the written attempt, not for the receiver.
    await receiver.waitFor((requests) => requests.some((r) => r.body?.type === 'checkout_split.canceled'));
    await waitUntil(
      'the checkout_split.canceled delivery in the log',
      () =>
        stack.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('event_type', '=', 'checkout_split.canceled')
          .execute(),
      (attempts) => attempts.length > 0,
    );
    await ownerAt('/dashboard/developers/webhooks', 'Webhooks');
    const log = page.getByRole('region', { name: 'Webhook deliveries, newest first' });
    await eventually(
      () => log.getByRole('row').nth(1).textContent(),
      (newest) => expect(newest).toContain('checkout_split.canceled'),
    );
    await look(page, 'webhooks');

    const delivered = (type: string) => receiver.received.filter((r) => r.body?.type === type).length;
    const refundsBefore = delivered('checkout_split.refunded');
    await log
      .getByRole('row', { name: /checkout_split\.refunded/ })
      .first()
      .getByRole('button', { name: /^Resend/ })
      .click();
    // The page shows the answer once the endpoint has answered, so the receiver has it by then.
    await page.getByText('Delivered: HTTP 200.').waitFor();
    await log.getByText('(resend)').waitFor();
    expect(delivered('checkout_split.refunded')).toBe(refundsBefore + 1);

    const samplesBefore = receiver.received.filter((r) => r.body?.sample === true).length;
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await log.getByText('(test)').waitFor();
    expect(receiver.received.filter((r) => r.body?.sample === true).length).toBe(samplesBefore + 1);
    await look(page, 'webhooks-sent');
  });

  step(
    'keeps only an HttpOnly refresh cookie: a reload keeps the session; an ended one returns to sign-in and back to the same page',
    async () => {
      await ownerAt('/dashboard/orders', 'Orders');
      const storage = await page.evaluate(
        '({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) })',
      );
      expect(storage).toEqual({ local: '{}', session: '{}' });
      // The access token stays in memory; the one cookie is the refresh credential, which no script can read.
      const cookies = await ownerContext.cookies();
      expect(cookies.map(({ name, httpOnly, sameSite }) => ({ name, httpOnly, sameSite }))).toEqual([
        { name: 'groupsplit_refresh', httpOnly: true, sameSite: 'Strict' },
      ]);
      expect(await page.evaluate('document.cookie')).toBe('');

      // A reload picks the session up from the cookie, on the same page, without a code. (Reloaded once
      // settled: a reload under the page's calls would cut them off.)
      await page.reload();
      await heading(page, 'Orders');
      await settled(page);

      // Settled: no call of the Orders page is still out, so the first call to meet the ended session is
      // the Team page's, and the sign-in page comes back to Team. The session ends on the server, as a
      // "Sign out everywhere" from another device ends it: its access tokens and its refresh session.
      const owner = await stack.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ownerEmail)
        .executeTakeFirstOrThrow();
      await stack.db
        .updateTable('session_families')
        .set({ revoked_at: new Date(), revoked_reason: 'signed_out_everywhere' })
        .where('user_id', '=', owner.id)
        .execute();
      await stack.db
        .updateTable('auth_sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', owner.id)
        .execute();
      await navTo('Team');
      await heading(page, 'Sign in to your dashboard');
      await page.getByText('Your session ended').waitFor();
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/team');
      await signIn(page, ownerEmail);
      await heading(page, 'Team');
    },
  );

  step('passes axe on every page at 390 and 1280 px, with no script errors or CSP refusals', async () => {
    await ownerAt('/dashboard', businessName);
    const pages: [string, string, string][] = [
      ['/dashboard', businessName, 'home'],
      [`/dashboard/orders/${orders.captured.id}`, orders.captured.reference, 'order'],
      ['/dashboard/settings', 'Business details', 'settings-business'],
      ['/dashboard/settings/payments', 'Payments', 'settings-payments'],
      ['/dashboard/settings/verification', 'Verification', 'settings-verification'],
      ['/dashboard/nothing-here', 'Page not found', 'not-found'],
    ];
    for (const [path, title, name] of pages) {
      await goTo(page, path);
      await heading(page, title);
      await look(page, name);
    }
    // A paused workspace: a banner on every page, changes disabled with the reason, viewing still works.
    const pause = (pausedAt: Date | null) =>
      stack.db.updateTable('merchants').set({ paused_at: pausedAt }).where('id', '=', merchantId).execute();
    await pause(new Date());
    try {
      await goTo(page, '/dashboard');
      await page.getByText('This workspace is paused').waitFor();
      await goTo(page, '/dashboard/developers');
      await heading(page, 'Developers');
      await page.getByText('This workspace is paused').waitFor();
      await page.getByText('This business is paused: the workspace is read-only until it is unpaused.').waitFor();
      await eventually(
        () => page.getByLabel('Allowed return domain').isDisabled(),
        (disabled) => expect(disabled).toBe(true),
      );
      await look(page, 'developers-paused');
    } finally {
      await pause(null);
    }

    // The page re-reads the business on the way in: the button is there (and enabled) once it knows of the unpause.
    await ownerAt('/dashboard/settings/payments', 'Payments');
    await page.getByRole('button', { name: 'Connect test processor account' }).click();
    const onboarding = page.getByRole('link', { name: "Open the processor's onboarding (new tab)" });
    expect(await onboarding.getAttribute('href')).toMatch(new RegExp(`^${stack.urls.emulator}/`));
    await look(page, 'settings-payments-link');
    // The menu of a phone-sized screen opens and closes by keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'menu-open-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
