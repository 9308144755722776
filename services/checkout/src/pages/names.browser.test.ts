import { maskEmail } from '@groupsplit/shared';
import { createUser, type Stack, startStack, type TestUser, uniqueEmail } from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { type CheckoutMerchant, createCheckoutMerchant, sessionWithSplit } from '../test-support/sessions';
import { checkState, launchBrowser, personPage, signInByCode } from './test-support/browser';

/**
 * Names in a real browser (docs/splits.md, "Names"): the join page says who is asking and shows the
 * items; whoever takes a seat gives their name; the pay page's group shows everyone by the name typed
 * for them, and the masked address only for someone without one. Every state is checked with axe-core
 * at 390 px and 1280 px (screenshots `test-artifacts/names-*.png`).
 */
describe('names on the join and pay pages', () => {
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

  const members = (page: Page) => page.locator('#group li.member:not(.member-open) .member-email').allInnerTexts();

  it('the join page names who is asking; the seat is taken with a name; the pay page shows names', async () => {
    const [sam, kit] = [uniqueEmail('sam'), uniqueEmail('kit')];
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '20', name: 'Bea' },
          { email: sam, amount: '20', name: 'Sam' },
          { email: kit, amount: '20' },
          { amount: '20' },
        ],
      },
      {
        amount: 80,
        order_reference: 'Team dinner',
        line_items: [
          { description: 'Sourdough pizza', amount: 60, quantity: 4 },
          { description: 'Lemonade', amount: 20, quantity: 4 },
        ],
      },
    );
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${made.token}/status`, {
      apiKey: shop.testKey,
    });
    const groupUrl = status.body.split.group_url as string;

    const { page, errors } = await personPage(context);
    await page.goto(groupUrl);
    await page.getByRole('heading', { name: 'Bea asked you to join the group paying for this order' }).waitFor();
    await page.getByRole('list', { name: 'Order lines' }).getByText('4 × Sourdough pizza').waitFor();
    expect(await page.content()).not.toContain(maskEmail(buyer.email));
    await checkState(page, 'names-join-signed-out');

    const joiner = uniqueEmail('jo');
    await signInByCode(page, joiner);
    await page.getByRole('heading', { name: 'Choose your seat' }).waitFor();
    await page.getByLabel(/^Your name/).fill('  Jo  ');
    await checkState(page, 'names-join-choose');
    await page.getByRole('button', { name: 'Take this seat' }).click();
    await page.waitForURL(/\/pay\//);
    await page.getByRole('heading', { name: 'Your share' }).waitFor();
    // Everyone by name as typed; the one person without a name by their masked address.
    expect(await members(page)).toEqual(['Bea', 'Sam', maskEmail(kit), 'Jo (you)']);
    await checkState(page, 'names-pay');

    const row = await stack.db
      .selectFrom('split_participants')
      .select('name')
      .where('email', '=', joiner)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Jo');
    expect(errors).toEqual([]);
  });
});
