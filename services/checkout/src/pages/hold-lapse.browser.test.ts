import { formatUkDateTime } from '@groupsplit/shared';
import { authoriseShare, createUser, emulatorControl, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import type { BrowserContext } from 'playwright-core';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  payTokenOf,
  poll,
  sessionWithSplit,
} from '../test-support/sessions';
import { checkState, launchBrowser, personPage } from './test-support/browser';

/**
 * A hold that lapses sooner than the split's 7 days (docs/hosted-checkout.md, "A hold that lapses
 * sooner"): the pay page (still to pay, and held), the group page and the join page say when, in UK time, and count
 * down to it. axe-clean at 390 and 1280 px, with screenshots (test-artifacts/hold-lapse-*.png).
 */
describe('a hold that lapses sooner, on the pages', () => {
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

  it('the pay page and the group page give the bank’s earlier time', async () => {
    const buyer = await createUser(stack.db, { consent: false });
    const friend = uniqueEmail('friend');
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '20', name: 'Bea' },
          { email: friend, amount: '20', name: 'Sam' },
          // An open seat: whoever takes it through the group link sees the same deadline.
          { amount: '20' },
        ],
      },
      { amount: 60, order_reference: 'Birthday dinner' },
    );
    const friendToken = payTokenOf(made.participants[1]!.pay_url);
    const intent = await stack.db
      .selectFrom('split_participants')
      .select('processor_payment_intent_id')
      .where('pay_token', '=', friendToken)
      .executeTakeFirstOrThrow();
    // Sam's bank keeps the hold for a day and a half, not 7 days.
    const captureBefore = Math.ceil(Date.now() / 1000) + 36 * 3600;
    await emulatorControl(stack, 'POST', `/payment_intents/${intent.processor_payment_intent_id}/capture_before`, {
      capture_before: captureBefore,
    });
    expect((await authoriseShare(stack, friendToken)).status).toBe(200);
    await poll(
      async () => (await stack.api.get(`/api/checkout-splits/pay/${friendToken}`)).body.holds_expire_at,
      (at) => at !== null,
    );
    const { group_token: groupToken } = await stack.db
      .selectFrom('splits')
      .select('group_token')
      .where('id', '=', made.splitId)
      .executeTakeFirstOrThrow();
    const when = formatUkDateTime(new Date(captureBefore * 1000));
    const iso = new Date(captureBefore * 1000).toISOString();

    const { page, errors } = await personPage(context);
    for (const [name, url, words] of [
      [
        'hold-lapse-pay',
        made.participants[0]!.pay_url,
        `One person's bank will release their hold on ${when}, sooner than the usual 7 days, so everyone needs to pay before then.`,
      ],
      [
        'hold-lapse-held',
        made.participants[1]!.pay_url,
        `Your bank will release your hold on ${when}, sooner than the usual 7 days, so everyone needs to pay before then.`,
      ],
      [
        'hold-lapse-group',
        `${stack.config.PUBLIC_BASE_URL}/checkout/${made.token}`,
        `One person's bank will release their hold on ${when}`,
      ],
      [
        'hold-lapse-join',
        `${stack.config.PUBLIC_BASE_URL}/join/${groupToken}`,
        `One person's bank will release their hold on ${when}, sooner than the usual 7 days`,
      ],
    ] as const) {
      await page.goto(url);
      const notice = page.locator('#hold-lapse');
      await notice.waitFor();
      expect({ name, heading: await notice.locator('h3').textContent() }).toEqual({
        name,
        heading: 'A hold ends sooner than usual',
      });
      expect({ name, words: (await notice.textContent())?.includes(words) }).toEqual({ name, words: true });
      // The countdown counts to the bank's time, not the split's 7 days.
      expect({
        name,
        countdown: await page.locator('.countdown [data-countdown]').getAttribute('data-countdown'),
      }).toEqual({ name, countdown: iso });
      expect({ name, until: await page.locator('.countdown time').textContent() }).toEqual({ name, until: when });
      await checkState(page, name);
    }
    expect(errors).toEqual([]);
  });
});
