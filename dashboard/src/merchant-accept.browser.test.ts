import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  createUser,
  emulatorControl,
  keepDocsImages,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitUntil,
} from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import { dateTime } from '../app/format';
import {
  ARTIFACTS,
  ensureDashboardBuilt,
  inspect,
  launchBrowser,
  personContext,
  photographOnFailure,
  startAt,
  trackApiCalls,
  watchProblems,
} from './test-support/browser';

const SHOP = 'shop.example.com';
/** A fresh browser is signed out: its first reads (the session refresh among them) are answered 401. */
const signedOut = (url: string, status: number) => status === 401 && url.includes('/api/');

/**
 * The merchant accept step on the order page (docs/dashboard.md, "Accepting an order"): an order of a
 * `capture: 'merchant_accept'` session whose participants have all authorised reads "Waiting for your
 * acceptance", on the orders list and on its page; whoever may cancel it gets "Accept and capture" behind a confirmation, and the page then
 * shows the order captured; Finance, who may not cancel, sees no button and is told why. Axe at 390 and
 * 1280 px; the pictures are docs/images/order-accept-*.png.
 */
describe('accepting an order in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let team: SplitReadyMerchant;
  let apiKey: string;
  let buyer: TestUser;

  /** The axe check and screenshots at 1280 and 390 px, kept in docs/images as the docs' pictures. */
  const look = async (page: Page, name: string) => {
    const found = await inspect(page, name);
    keepDocsImages(ARTIFACTS, [`${name}-1280.png`, `${name}-390.png`]);
    return found;
  };

  beforeAll(async () => {
    ensureDashboardBuilt();
    stack = await startStack();
    browser = await launchBrowser();
    team = await createSplitReadyMerchant(stack, { modes: ['test'], overrides: { allowed_domain: SHOP } });
    const key = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: team.merchant.id, name: 'test key', mode: 'test', ...apiKeyRecordFields(key) })
      .execute();
    apiKey = key;
    buyer = await createUser(stack.db, { consent: false });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /**
   * An order of a merchant-accept session that every participant has paid: it waits for the business.
   * `captureBefore` (epoch seconds) is when the friend's bank lets their hold lapse, when sooner than usual.
   */
  async function awaitingOrder(reference: string, captureBefore?: number) {
    const friend = uniqueEmail('friend');
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 60, order_reference: reference, return_url: `https://${SHOP}/thanks`, capture: 'merchant_accept' },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 25 },
          { email: friend, amount: 35 },
        ],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    if (captureBefore !== undefined) {
      const intent = await stack.db
        .selectFrom('split_participants')
        .select('processor_payment_intent_id')
        .where('split_id', '=', split.body.split_id)
        .where('email', '=', friend)
        .executeTakeFirstOrThrow();
      await emulatorControl(stack, 'POST', `/payment_intents/${intent.processor_payment_intent_id}/capture_before`, {
        capture_before: captureBefore,
      });
    }
    for (const participant of split.body.participants as { pay_url: string }[]) {
      expect((await authoriseShare(stack, participant.pay_url.split('/pay/')[1]!)).status).toBe(200);
    }
    const id = split.body.split_id as string;
    await waitUntil(
      'the order waiting for the merchant',
      () =>
        stack.db.selectFrom('splits').select(['status', 'awaiting_merchant']).where('id', '=', id).executeTakeFirst(),
      (row) => row?.status === 'pending' && row.awaiting_merchant === true,
      30_000,
    );
    return id;
  }

  it('Finance sees the order waiting but may not accept it; the Owner accepts and captures it', async () => {
    const reference = `ACCEPT-${Date.now() % 100_000}`;
    const id = await awaitingOrder(reference);
    const path = `/dashboard/orders/${id}`;

    // Finance may not cancel, so may not accept: no button, and the reason on the page.
    const financeContext = await personContext(browser);
    const finance = await financeContext.newPage();
    trackApiCalls(finance);
    const financeProblems = watchProblems(finance, signedOut);
    await photographOnFailure(finance, 'order-accept-finance', async () => {
      await startAt(finance, { origin: stack.urls.gateway, path, title: reference, email: team.finance.email });
      await finance.locator('.page-header .chip', { hasText: 'Waiting for your acceptance' }).waitFor();
      await finance.getByText("Finance can't accept orders: only Owner, Admin and Member can.").waitFor();
      await finance.getByText("Finance can't cancel orders: only Owner, Admin and Member can.").waitFor();
      expect(await finance.getByRole('button', { name: 'Accept and capture' }).count()).toBe(0);
      expect(financeProblems).toEqual([]);
    });
    await financeContext.close();

    const ownerContext = await personContext(browser);
    const page = await ownerContext.newPage();
    trackApiCalls(page);
    const problems = watchProblems(page, signedOut);
    await photographOnFailure(page, 'order-accept', async () => {
      // The orders list says which order waits for the business, and leads to it.
      const list = '/dashboard/orders';
      await startAt(page, { origin: stack.urls.gateway, path: list, title: 'Orders', email: team.owner.email });
      const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: reference });
      await row.locator('.chip', { hasText: 'Waiting for your acceptance' }).waitFor();
      const found = await look(page, 'order-accept-list');
      // On a phone the long status wraps in its column: all of it on the screen, none scrolled away.
      await page.setViewportSize({ width: 390, height: 844 });
      const chip = await row.locator('.chip').boundingBox();
      expect(chip && chip.x + chip.width).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 900 });
      await row.getByRole('link', { name: reference }).click();
      await page.getByRole('heading', { level: 1, name: reference }).waitFor();
      await page.locator('.page-header .chip', { hasText: 'Waiting for your acceptance' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Waiting for your acceptance' }).waitFor();
      found.push(...(await look(page, 'order-accept-waiting')));

      // The confirmation: Cancel closes it and nothing happens; confirming captures the order.
      await page.getByRole('button', { name: 'Accept and capture' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept and capture this order?' });
      await dialog.waitFor();
      found.push(...(await look(page, 'order-accept-confirm')));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Accept and capture' }).click();
      await dialog.getByRole('button', { name: 'Accept and capture' }).click();

      await page.getByText('Accepted: every payer’s share was captured and the order has gone through.').waitFor();
      await page.locator('.page-header .chip', { hasText: 'captured' }).waitFor();
      await page.getByRole('button', { name: 'Refund order' }).waitFor();
      expect(await page.getByRole('button', { name: 'Accept and capture' }).count()).toBe(0);
      expect(await page.getByText('Waiting for your acceptance').count()).toBe(0);
      found.push(...(await look(page, 'order-accept-captured')));
      // Back on the list, the order reads captured.
      await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
      await row.locator('.chip', { hasText: 'captured' }).waitFor();
      const split = await stack.db.selectFrom('splits').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(split.status).toBe('captured');
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    });
    await ownerContext.close();
  });

  it("lists a pending order's open seats among its participants (open seats)", async () => {
    const reference = `SEATS-${Date.now() % 100_000}`;
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 45, order_reference: reference, return_url: `https://${SHOP}/thanks` },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/split`,
      {
        mode: 'split',
        participants: [{ email: buyer.email, amount: 15, name: 'Bea' }, { amount: 20 }, { amount: 10 }],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);

    const context = await personContext(browser);
    const page = await context.newPage();
    trackApiCalls(page);
    const problems = watchProblems(page, signedOut);
    await photographOnFailure(page, 'order-open-seats', async () => {
      const path = `/dashboard/orders/${split.body.split_id}`;
      await startAt(page, { origin: stack.urls.gateway, path, title: reference, email: team.owner.email });
      const table = page.getByRole('table', { name: 'Participants' });
      const seats = table.getByRole('row').filter({ hasText: 'Open seat' });
      await seats.first().waitFor();
      expect(await seats.allInnerTexts()).toEqual([
        expect.stringMatching(/Open seat\s+£20\.00[\s\S]*Not taken yet/),
        expect.stringMatching(/Open seat\s+£10\.00[\s\S]*Not taken yet/),
      ]);
      // The name the buyer typed for themself, above their address (docs/splits.md, "Names").
      const own = table.getByRole('row').filter({ hasText: buyer.email });
      expect(await own.getByRole('cell').first().locator('strong').textContent()).toBe('Bea');
      expect(await look(page, 'order-open-seats')).toEqual([]);
      expect(problems).toEqual([]);
    });
    await context.close();
  });
  it('an order waiting for the business whose hold lapses sooner says to accept before then', async () => {
    const reference = `SOONER-${Date.now() % 100_000}`;
    // The friend's hold lapses in two hours: the accept must come 5 minutes before.
    const captureBefore = Math.ceil(Date.now() / 1000) + 2 * 3600;
    const id = await awaitingOrder(reference, captureBefore);
    const context = await personContext(browser);
    const page = await context.newPage();
    trackApiCalls(page);
    const problems = watchProblems(page, signedOut);
    await photographOnFailure(page, 'order-accept-sooner', async () => {
      const path = `/dashboard/orders/${id}`;
      await startAt(page, { origin: stack.urls.gateway, path, title: reference, email: team.owner.email });
      const when = dateTime(new Date(captureBefore * 1000).toISOString());
      const acceptBy = dateTime(new Date(captureBefore * 1000 - 5 * 60_000).toISOString());
      const notice = page.getByRole('status').filter({ hasText: 'A hold ends sooner than usual' });
      await notice.getByText(`releases their hold on ${when}, sooner than the usual 7 days.`).waitFor();
      await notice
        .getByText(
          `Accept it before ${acceptBy}, 5 minutes earlier to leave time to take the payments, or the order is cancelled and every hold is released: nobody is charged.`,
        )
        .waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: 'Waiting for your acceptance' })
        .getByText(`The holds lapse on ${when}.`)
        .waitFor();
      expect(problems).toEqual([]);
    });
    await context.close();
  });
});
