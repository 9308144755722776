import { createUser, type Stack, startStack } from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { type CheckoutMerchant, createCheckoutMerchant, sessionWithSplit } from '../test-support/sessions';
import { checkState, launchBrowser, personPage } from './test-support/browser';

/**
 * UK time on every page a person reads, across a summer-time date: a split whose deadline falls in July
 * (BST, UTC+1) shows it an hour ahead of UTC, marked "UK time", on the pay, join and checkout pages,
 * in a browser set to New York (so nothing leans on the reader's zone); no page says "UTC". The holds
 * read as holds. axe-clean at 390 and 1280 px, with screenshots.
 */
describe('UK time on the pages, in summer', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;

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

  /** A tab whose clock reads New York time: a page that formatted times in the browser's zone would show it. */
  const newYorkTab = async () => {
    const person = await personPage(context);
    const cdp = await context.newCDPSession(person.page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'America/New_York' });
    return person;
  };
  const pageText = async (page: Page) => (await page.locator('body').textContent()) ?? '';

  it('a July deadline reads 06:30 (UK time) for 05:30 UTC on the pay, join and checkout pages', async () => {
    const buyer = await createUser(stack.db, { consent: false });
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      { mode: 'split', participants: [{ email: buyer.email, amount: '20' }, { amount: '20' }] },
      { amount: 40, order_reference: 'Summer picnic' },
    );
    // The deadline the pages read: a summer one (the workflow keeps its own timer; only the pages read this).
    await stack.db
      .updateTable('splits')
      .set({ authorization_expires_at: new Date('2027-07-04T05:30:00Z') })
      .where('id', '=', made.splitId)
      .execute();
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${made.token}/status`, {
      apiKey: shop.testKey,
    });
    const groupUrl = (status.body.split as { group_url: string }).group_url;

    const { page, errors } = await newYorkTab();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    for (const [name, url] of [
      ['uk-time-pay', made.participants[0]!.pay_url],
      ['uk-time-join', groupUrl],
      ['uk-time-checkout', `${stack.config.PUBLIC_BASE_URL}/checkout/${made.token}`],
    ] as const) {
      await page.goto(url);
      await page.locator('.countdown time').waitFor();
      expect({ name, deadline: await page.locator('.countdown time').textContent() }).toEqual({
        name,
        deadline: 'Sunday 4 July at 06:30 (UK time)',
      });
      const text = await pageText(page);
      expect({ name, utc: text.includes('UTC') }).toEqual({ name, utc: false });
      expect({ name, paid: /have paid|has paid/.test(text) }).toEqual({ name, paid: false });
      await checkState(page, name);
    }
    expect(errors).toEqual([]);
  });
});
