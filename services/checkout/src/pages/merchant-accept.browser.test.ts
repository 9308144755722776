import {
  authoriseShare,
  createUser,
  keepDocsImages,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  createSession,
  payTokenOf,
  sessionBody,
  sessionWithSplit,
} from '../test-support/sessions';
import {
  ARTIFACTS,
  checkState,
  launchBrowser,
  personPage,
  signInByCode,
  submitForNewPage,
} from './test-support/browser';

/**
 * The hosted pages of a split that waits for the shop (a `capture: 'merchant_accept'` session,
 * docs/splits.md "Merchant accept"): once everyone has paid, the pay page and the checkout page say
 * the shop is confirming the order (not that others still have to pay), and the pay page moves on by
 * itself when the shop accepts; the buyer's checkout page, left open on the group, draws the waiting
 * state by itself when the last share is authorised. Axe at 390 and 1280 px; the pictures of the first
 * test are kept in docs/images.
 */
const PAY_LINK = /(https?:\/\/\S+\/pay\/[\w-]+)/;

async function look(page: Page, name: string) {
  await checkState(page, name);
  keepDocsImages(ARTIFACTS, [`${name}-390.png`, `${name}-1280.png`]);
}

describe('the hosted pages while the shop accepts', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let buyer: TestUser;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
    browser = await launchBrowser();
    context = browser.context;
    buyer = await createUser(stack.db, { consent: false });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('everyone has paid: both pages say the shop is confirming; the pay page follows the accept', async () => {
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '30' },
          { email: uniqueEmail('friend'), amount: '30' },
        ],
      },
      { order_reference: 'Wedding gift', capture: 'merchant_accept' },
    );
    expect((await authoriseShare(stack, payTokenOf(made.participants[0]!.pay_url))).status).toBe(200);

    // The friend pays last on the pay page: the page then says the shop is confirming.
    const friend = await personPage(context);
    await friend.page.goto(made.participants[1]!.pay_url);
    await friend.page.getByRole('heading', { name: 'Your share' }).waitFor();
    await submitForNewPage(friend.page, () => friend.page.getByRole('button', { name: /^Hold £/ }).click());
    await friend.page
      .getByText(`Everyone's hold is in place. ${shop.merchant.name} is confirming the order now.`)
      .waitFor();
    await friend.page.locator('#pay-status[data-state="awaiting_merchant"]').waitFor();
    await friend.page.locator('#progress-count', { hasText: '2 of 2 holds in place' }).waitFor();
    await look(friend.page, 'pay-awaiting-merchant');

    const { page, errors } = await personPage(context);
    await page.goto(`${stack.config.PUBLIC_BASE_URL}/checkout/${made.token}`);
    await page.getByRole('heading', { name: "Everyone's hold is in place" }).waitFor();
    await page
      .getByText(`${shop.merchant.name} is confirming the order now. Nothing is taken until they do.`)
      .waitFor();
    expect(await page.locator('.countdown').count()).toBe(0);
    await look(page, 'checkout-awaiting-merchant');

    // The shop accepts: the friend's page arrives at the end by itself.
    const accepted = await stack.api.post(`/api/merchants/checkout/splits/${made.splitId}/accept`, undefined, {
      apiKey: shop.testKey,
    });
    expect(accepted.body).toEqual({ status: 'captured' });
    await friend.page.getByRole('heading', { name: 'The order has gone through' }).waitFor();
    expect([...errors, ...friend.errors]).toEqual([]);
  });

  it("the buyer's open checkout page shows the waiting state by itself once the last share is authorised", async () => {
    const friend = uniqueEmail('friend');
    const created = await createSession(
      stack,
      shop.testKey,
      sessionBody({ order_reference: 'Leaving present', capture: 'merchant_accept' }),
    );
    expect(created.status).toBe(201);

    // The buyer splits the order on the checkout page with a friend (£30 each) and stays on it.
    const { page, errors } = await personPage(context);
    await page.goto(created.body.checkout_url);
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    await page.locator('.person-email').first().fill(friend);
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInByCode(page, uniqueEmail('buyer'));
    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();

    // The buyer's own share first: the open page counts it and still waits for the friend.
    const myPayUrl = await page.locator('#my-pay-link').getAttribute('href');
    expect((await authoriseShare(stack, payTokenOf(myPayUrl!))).status).toBe(200);
    await page.locator('#progress-count', { hasText: '1 of 2 holds in place' }).waitFor();
    // Marked, so the wait below is for the document the page loads by itself (its poll sees the split waiting).
    await page.evaluate(() => {
      (globalThis as any).document.documentElement.dataset.before = 'yes';
    });

    // The friend pays last (from the e-mailed link): the open page, never reloaded by the test, says
    // the shop is confirming, with nobody left to pay and no countdown.
    const friendPayUrl = PAY_LINK.exec((await waitForMail(friend, { subject: 'Pay your share' })).Text)![1]!;
    expect((await authoriseShare(stack, payTokenOf(friendPayUrl))).status).toBe(200);
    await page
      .locator('html:not([data-before]) #split-status')
      .getByRole('heading', { name: "Everyone's hold is in place" })
      .waitFor();
    await page
      .getByText(`${shop.merchant.name} is confirming the order now. Nothing is taken until they do.`)
      .waitFor();
    await page.locator('#progress-count', { hasText: '2 of 2 holds in place' }).waitFor();
    expect(await page.locator('#app').getAttribute('data-awaiting-merchant')).toBe('true');
    expect(await page.locator('.countdown').count()).toBe(0);
    await checkState(page, 'checkout-awaiting-merchant-live');
    expect(errors).toEqual([]);
  });
});
