import { join } from 'node:path';
import { eventually, type Stack, startStack, uniqueEmail, waitForMail, waitForSplitStatus } from '@groupsplit/testing';
import type { BrowserContext } from 'playwright-core';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  createSession,
  poll,
  sessionBody,
} from '../../test-support/sessions';
import { ARTIFACTS, launchBrowser, payOutcome, shareAmounts, submitForNewPage } from '../test-support/browser';

const CODE_IN_MAIL = /sign-in code is (\d{6})/;
const PAY_LINK = /(https?:\/\/\S+\/pay\/[\w-]+)/;

describe('hosted checkout in a real browser', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let context: BrowserContext;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
    browser = await launchBrowser();
    context = browser.context;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a buyer signs in by code, splits three ways, everyone pays, and the order is captured and paid', async () => {
    const buyer = uniqueEmail('buyer');
    const friends = [uniqueEmail('friend'), uniqueEmail('friend')];
    const created = await createSession(
      stack,
      shop.testKey,
      sessionBody({
        amount: 100,
        order_reference: 'Dinner <for> three',
        customer_email: buyer,
        cancel_url: 'https://shop.example.com/basket',
        line_items: [
          { description: 'Tasting menu ×3', amount: 90 },
          { description: 'Service', amount: 10 },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const errors: string[] = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // Failed loads are checked by URL below (the browser's own /favicon.ico probe is expected to 404).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) {
        errors.push(`${response.status()} ${response.url()}`);
      }
    });

    // The page opens on the order and the choice: no sign-in before the buyer has chosen.
    await page.goto(created.body.checkout_url);
    await page.getByRole('heading', { name: 'Dinner <for> three' }).waitFor();
    await page.getByRole('heading', { name: 'How it works' }).waitFor();
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in with your e-mail' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Cancel and return to the shop' }).count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-choose-first.png'), fullPage: true });

    await page.getByRole('button', { name: 'Add a person' }).click();
    await page.getByLabel('Person 2 e-mail address').fill(friends[0]!);
    await page.getByLabel('Person 3 e-mail address').fill(friends[1]!);
    // Adding a person evened the shares out: nobody has typed one.
    await eventually(
      () => shareAmounts(page),
      (amounts) => expect(amounts).toEqual(['33.34', '33.33', '33.33']),
    );
    await page.locator('#share-total', { hasText: 'Shares add up to the total.' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-choose.png'), fullPage: true });
    await page.getByRole('button', { name: 'Continue' }).click();

    // Continue asks for the code, with the choice kept; the address is prefilled and the cancel link still there.
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    await eventually(
      async () => ({
        email: await page.getByLabel('E-mail address', { exact: true }).inputValue(),
        cancelLinks: await page.getByRole('link', { name: 'Cancel and return to the shop' }).count(),
      }),
      (shown) => expect(shown).toEqual({ email: buyer, cancelLinks: 1 }),
    );
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-sign-in.png'), fullPage: true });

    const asked = new Date();
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const mail = await waitForMail(buyer, { subject: 'sign-in code', after: new Date(asked.getTime() - 1000) });
    const code = CODE_IN_MAIL.exec(mail.Text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel(/6-digit code/).fill(code!);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await eventually(
      async () => ({
        cancelLinks: await page.getByRole('link', { name: 'Cancel and return to the shop' }).count(),
        returnTo: await page.getByRole('link', { name: 'Return to the shop' }).getAttribute('href'),
        returnClass: await page.getByRole('link', { name: 'Return to the shop' }).getAttribute('class'),
        pay: await page.getByRole('link', { name: 'Pay your share (£33.34)' }).getAttribute('class'),
      }),
      // "Pay your share" is the button; "Return to the shop" a plain link.
      (shown) =>
        expect(shown).toEqual({
          cancelLinks: 0,
          returnTo: 'https://shop.example.com/thanks?order=1',
          returnClass: null,
          pay: 'button',
        }),
    );
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-done.png'), fullPage: true });
    const myPayUrl = await page.locator('#my-pay-link').getAttribute('href');
    expect(myPayUrl).toMatch(/\/pay\//);

    const session = await stack.api.get(`/api/merchants/checkout/sessions/${created.body.token}`);
    const splitId = session.body.split_id as string;
    expect(splitId).toBeTruthy();

    const payUrls = [myPayUrl!];
    for (const friend of friends) {
      const invite = await waitForMail(friend, { subject: 'Pay your share' });
      payUrls.push(PAY_LINK.exec(invite.Text)![1]!);
    }
    for (const [i, url] of payUrls.entries()) {
      const pay = await context.newPage();
      await pay.goto(url);
      await pay.locator('input[value="pm_card_visa"]').check();
      if (i === 0) await pay.screenshot({ path: join(ARTIFACTS, 'pay-page.png'), fullPage: true });
      await submitForNewPage(pay, () => pay.getByRole('button', { name: /^Hold £/ }).click());
      // The last to pay may already see the capture under way, or done.
      expect(await payOutcome(pay)).toEqual({
        state: expect.stringMatching(/^(held|capturing|captured)$/),
        refusal: null,
      });
      const payToken = url.split('/pay/')[1]!;
      await poll(
        () =>
          stack.db
            .selectFrom('split_participants')
            .select('status')
            .where('pay_token', '=', payToken)
            .executeTakeFirstOrThrow(),
        (row) => row.status === 'authorised' || row.status === 'captured',
      );
      // The first of three to pay: the split waits for the others, so the page stays as it is.
      if (i === 0) {
        await pay.getByRole('heading', { name: 'Your share is held' }).waitFor();
        await pay.screenshot({ path: join(ARTIFACTS, 'pay-page-held.png'), fullPage: true });
      }
      await pay.close();
    }

    await waitForSplitStatus(stack, splitId, ['captured'], 30_000);
    const paid = await poll(
      () =>
        stack.db
          .selectFrom('webhook_events')
          .selectAll()
          .where('type', '=', 'checkout_split.paid')
          .where('merchant_id', '=', shop.merchant.id)
          .execute(),
      (rows) => rows.some((row) => (row.payload as { split_id?: string }).split_id === splitId),
    );
    expect(paid.find((row) => (row.payload as { split_id?: string }).split_id === splitId)?.payload).toMatchObject({
      split_id: splitId,
      session_token: created.body.token,
      customer_email: buyer,
      status: 'captured',
    });
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${created.body.token}/status`, {
      apiKey: shop.testKey,
    });
    expect(status.body).toMatchObject({ status: 'paid', approved_count: 3, total_count: 3 });

    // The buyer's page sees the status change by itself and reloads into the paid page. (Reloading it
    // from here raced that reload: "Not attached to an active page".)
    await page.getByText('Everyone has paid and the order has gone through.').waitFor();
    expect(errors).toEqual([]);
  });
});
