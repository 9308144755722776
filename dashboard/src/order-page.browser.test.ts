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
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import type { Browser, Page } from 'playwright-core';
import { dateTime } from '../app/format';
import {
  ARTIFACTS,
  axeViolations,
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
 * The order page to act on (docs/dashboard.md, "The order page"): what was ordered with the organiser marked,
 * no fees before anything is captured, a reminder that sends, then (paid) a refund of £5 with a reason, each
 * in the timeline in UK time; no event name anywhere. A hold that lapses sooner than the 7 days is told
 * (when, whose, what happens), and a slow cancel shows it is under way until the page reads it cancelled.
 * Axe at 390 and 1280 px; the pictures are docs/images/order-page-*.png.
 */
describe('the order page in a real browser', () => {
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

  it('shows what was ordered, sends a reminder, refunds £5 with a reason, and tells it all in the timeline', async () => {
    const reference = `DINNER-${Date.now() % 100_000}`;
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      {
        amount: 60,
        order_reference: reference,
        return_url: `https://${SHOP}/thanks`,
        line_items: [
          { description: 'Tasting menu for two', amount: 50, quantity: 1 },
          { description: 'Corkage', amount: 10, quantity: 1 },
        ],
        metadata: { table: '12' },
      },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 25, name: 'Bea' },
          { email: uniqueEmail('friend'), amount: 35 },
        ],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    const id = split.body.split_id as string;
    const path = `/dashboard/orders/${id}`;

    const context = await personContext(browser);
    const page = await context.newPage();
    trackApiCalls(page);
    const problems = watchProblems(page, signedOut);
    await photographOnFailure(page, 'order-page', async () => {
      await startAt(page, { origin: stack.urls.gateway, path, title: reference, email: team.owner.email });
      const found: string[] = [];

      // What was ordered, and the organiser marked among the participants.
      const lines = page.getByRole('table', { name: 'Order lines' });
      await lines.getByRole('row').filter({ hasText: 'Tasting menu for two' }).filter({ hasText: '£50.00' }).waitFor();
      await lines.getByRole('row').filter({ hasText: 'Corkage' }).filter({ hasText: '£10.00' }).waitFor();
      await page.getByRole('region', { name: 'What was ordered' }).getByText('table', { exact: true }).waitFor();
      // The name with its capital: a string matches ignoring case, and the e-mail addresses are random.
      const bea = page.getByRole('table', { name: 'Participants' }).getByRole('row').filter({ hasText: /Bea/ });
      await bea.locator('.chip', { hasText: 'Organiser' }).waitFor();
      // Each payer's card charge: the share and its 20p service fee.
      await bea.getByText('£25.20').waitFor();
      // Nothing captured yet: no fee lines.
      const money = page.getByRole('region', { name: 'Money' });
      await money.getByText('No fees yet: fees are taken only when the payments are captured.').waitFor();
      expect(await money.getByText('groupsplit fee').count()).toBe(0);
      expect(await money.getByText('All fees collected').count()).toBe(0);

      // A reminder that sends, its answer shown, and in the timeline with who sent it.
      await page.getByRole('button', { name: 'Send a reminder' }).click();
      await page.getByText('Reminder sent to 2 people still to pay.').first().waitFor();
      const timeline = page.getByRole('table', { name: 'Timeline, newest first' });
      const reminderRow = timeline.getByRole('row').filter({ hasText: 'Reminder sent to 2 people still to pay.' });
      await reminderRow.filter({ hasText: `Dashboard: ${team.owner.email}` }).waitFor();
      await reminderRow.filter({ hasText: 'UK time' }).waitFor();
      await timeline.getByRole('row').filter({ hasText: 'Order created' }).waitFor();
      found.push(...(await look(page, 'order-page-pending')));

      // Both pay (Bea with Apple Pay); the order is captured and the page, read again, offers a refund.
      for (const [i, participant] of (split.body.participants as { pay_url: string }[]).entries()) {
        const method = i === 0 ? 'pm_card_applePay_visa' : 'pm_card_visa';
        expect((await authoriseShare(stack, participant.pay_url.split('/pay/')[1]!, method)).status).toBe(200);
      }
      await waitForSplitStatus(stack, id, ['captured']);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: reference }).waitFor();
      await page.locator('.page-header .chip', { hasText: 'captured' }).waitFor();
      await money.getByText('groupsplit fee').waitFor();
      // Each share's card, as the receipts say it (packages/email/src/cards): the wallet, then the card behind it.
      await bea.getByText('Apple Pay (Visa ••••4242)').waitFor();
      // What reaches the business after our fee: the detail's net_amount, shown as it is.
      const detail = await stack.api.get(`/api/checkout-splits/${id}`, { token: team.owner.token });
      expect(detail.body.net_amount).toMatch(/^\d+\.\d\d$/);
      const netRow = money.locator('div, tr, li').filter({ hasText: 'Net to you' }).last();
      await netRow.filter({ hasText: `£${detail.body.net_amount}` }).waitFor();

      // Refund £5 with a reason, through the partial refund.
      await page.getByRole('button', { name: 'Refund order' }).click();
      await page.getByRole('dialog', { name: 'Refund the whole order?' }).waitFor();
      await page.getByRole('radio', { name: 'Part of it' }).check();
      const dialog = page.getByRole('dialog', { name: 'Refund part of this order?' });
      await dialog.getByLabel('Amount in pounds').fill('5');
      await dialog.getByLabel('Reason').fill('Corkage waived');
      await dialog.getByRole('button', { name: 'Refund £5.00' }).waitFor();
      found.push(...(await look(page, 'order-page-refund')));
      await dialog.getByRole('button', { name: 'Refund £5.00' }).click();
      await page.getByText('Refunded £5.00 of £60.00. The order is partially refunded.').waitFor();
      await timeline
        .getByRole('row')
        .filter({ hasText: 'Refunded £5.00. Reason: Corkage waived' })
        .filter({ hasText: `Dashboard: ${team.owner.email}` })
        .waitFor();
      await page
        .getByRole('table', { name: 'Refund history' })
        .getByRole('row')
        .filter({ hasText: 'Corkage waived' })
        .waitFor();
      await page.locator('.page-header .chip', { hasText: 'partially refunded' }).waitFor();
      // Partly refunded, the rest can still be refunded from here.
      await page.getByRole('button', { name: 'Refund order' }).waitFor();
      for (const kind of ['Hold placed: £25.20 by Bea', 'Captured £35.20 from', 'Everyone has paid']) {
        await timeline.getByRole('row').filter({ hasText: kind }).first().waitFor();
      }
      expect(await page.getByText(/checkout_split/).count()).toBe(0);
      found.push(...(await look(page, 'order-page-refunded')));

      const refunds = await stack.db.selectFrom('split_refunds').selectAll().where('split_id', '=', id).execute();
      expect(refunds.map((r) => [r.requested_amount, r.reason, r.actor])).toEqual([
        [500, 'Corkage waived', `dashboard:${team.owner.id}`],
      ]);
      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    });
    await context.close();
  });

  it('tells when a hold lapses sooner, whose it is and what happens; a slow cancel resolves to cancelled', async () => {
    const reference = `LUNCH-${Date.now() % 100_000}`;
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 60, order_reference: reference, return_url: `https://${SHOP}/thanks` },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const sam = uniqueEmail('sam');
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 20, name: 'Bea' },
          { email: sam, amount: 20, name: 'Sam' },
          { email: uniqueEmail('usual'), amount: 20 },
        ],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    const id = split.body.split_id as string;
    const payUrls = (split.body.participants as { pay_url: string }[]).map((p) => p.pay_url.split('/pay/')[1]!);
    type Detail = {
      status: string;
      authorization_expires_at: string;
      holds_expire_at: string | null;
      participants: { email: string; capture_before: string | null; processor_payment_intent_id: string }[];
    };
    const detail = async () =>
      (await stack.api.get(`/api/checkout-splits/${id}`, { token: team.owner.token })).body as Detail;

    // Sam's bank lets their hold lapse in three hours (whole seconds, as the processor says); the third
    // payer's hold lasts the usual 7 days; Bea has not paid, so the order stays pending.
    const before = await detail();
    const captureBefore = Math.ceil(Date.now() / 1000) + 3 * 3600;
    const samIso = new Date(captureBefore * 1000).toISOString();
    const intents = before.participants.map((p) => p.processor_payment_intent_id);
    await emulatorControl(stack, 'POST', `/payment_intents/${intents[1]}/capture_before`, {
      capture_before: captureBefore,
    });
    expect((await authoriseShare(stack, payUrls[1]!)).status).toBe(200);
    expect((await authoriseShare(stack, payUrls[2]!)).status).toBe(200);
    const held = await waitUntil(
      'both holds recorded',
      detail,
      (d) => d.participants.filter((p) => p.capture_before).length === 2,
    );
    expect(held.holds_expire_at).toBe(samIso);
    const usual = dateTime(held.authorization_expires_at);

    const context = await personContext(browser);
    const page = await context.newPage();
    trackApiCalls(page);
    const problems = watchProblems(page, signedOut);
    const path = `/dashboard/orders/${id}`;
    await photographOnFailure(page, 'order-page-hold-lapse', async () => {
      await startAt(page, { origin: stack.urls.gateway, path, title: reference, email: team.owner.email });
      const found: string[] = [];

      // The notice: when (UK time), whose hold, and what happens then.
      const when = dateTime(samIso);
      const notice = page.getByRole('status').filter({ hasText: 'A hold ends sooner than usual' });
      await notice
        .getByText(`The bank of Sam (${sam}) releases their hold on ${when}, sooner than the usual 7 days.`)
        .waitFor();
      await notice
        .getByText(
          'Unless everyone has paid by then, the order is cancelled and every hold is released: nobody is charged.',
        )
        .waitFor();
      // The order's expiry is the earlier moment, and Sam's row says their hold ends then.
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByText(when).waitFor();
      expect(await details.getByText(usual).count()).toBe(0);
      const samRow = page.getByRole('table', { name: 'Participants' }).getByRole('row').filter({ hasText: sam });
      await samRow.getByText(`Hold ends ${when}`).waitFor();
      const others = page.getByRole('table', { name: 'Participants' }).getByRole('row').filter({ hasNotText: sam });
      expect(await others.getByText('Hold ends').count()).toBe(0);
      found.push(...(await look(page, 'order-page-hold-lapse')));

      // A cancel whose releases are slow (each answers 10 s late, once): the page says it is under way,
      // then, without a reload, that the order is cancelled.
      for (const intent of intents) {
        await emulatorControl(stack, 'POST', '/faults', {
          operation: 'cancel',
          match: { payment_intent: intent },
          delay_ms: 10_000,
          times: 1,
        });
      }
      await page.getByRole('button', { name: 'Cancel order' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('status').filter({ hasText: 'Cancelling' }).waitFor();
      await page.locator('.page-header .chip', { hasText: 'cancelling' }).waitFor();
      found.push(...(await axeViolations(page)).map((v) => `cancelling: ${v}`));
      const cancelled = page.getByRole('status').filter({ hasText: 'The order is cancelled' });
      await cancelled.getByText('every hold was released and nobody is charged').waitFor({ timeout: 90_000 });
      await page.locator('.page-header .chip', { hasText: 'cancelled' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Cancelling' }).count()).toBe(0);
      // Cancelled, the hold's notice is gone: nothing is left to lapse.
      expect(await page.getByText('A hold ends sooner than usual').count()).toBe(0);
      expect((await detail()).status).toBe('canceled');

      expect(found).toEqual([]);
      expect(problems).toEqual([]);
    });
    await context.close();
  }, 180_000);
});
