import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { authoriseShare, createUser, type Stack, startStack, type TestUser, uniqueEmail } from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { type CheckoutMerchant, createCheckoutMerchant, payTokenOf, sessionWithSplit } from '../test-support/sessions';
import { ARTIFACTS, checkState, launchBrowser, personPage, ROOT, submitForNewPage } from './test-support/browser';

/**
 * The hosted pages of a split that waits for the shop (a `capture: 'merchant_accept'` session,
 * docs/splits.md "Merchant accept"): once everyone has paid, the pay page and the checkout page say
 * the shop is confirming the order (not that others still have to pay), and the pay page moves on by
 * itself when the shop accepts. Axe at 390 and 1280 px; the pictures are kept in docs/images.
 */
const IMAGES = join(ROOT, 'docs', 'images');

async function look(page: Page, name: string) {
  await checkState(page, name);
  mkdirSync(IMAGES, { recursive: true });
  for (const width of [390, 1280]) {
    copyFileSync(join(ARTIFACTS, `${name}-${width}.png`), join(IMAGES, `${name}-${width}.png`));
  }
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
    await friend.page.getByText(`Everyone has paid. ${shop.merchant.name} is confirming the order now.`).waitFor();
    await friend.page.locator('#pay-status[data-state="awaiting_merchant"]').waitFor();
    await friend.page.locator('#progress-count', { hasText: '2 of 2 have paid' }).waitFor();
    await look(friend.page, 'pay-awaiting-merchant');

    const { page, errors } = await personPage(context);
    await page.goto(`${stack.config.PUBLIC_BASE_URL}/checkout/${made.token}`);
    await page.getByRole('heading', { name: 'Everyone has paid' }).waitFor();
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
});
