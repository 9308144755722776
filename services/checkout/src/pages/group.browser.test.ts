import {
  authoriseShare,
  createUser,
  emulatorControl,
  eventually,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  createSession,
  payTokenOf,
  poll,
  sessionBody,
  sessionWithSplit,
} from '../test-support/sessions';
import {
  checkState,
  focused,
  launchBrowser,
  payOutcome,
  personPage,
  shareAmounts,
  submitForNewPage,
  tabTo,
} from './test-support/browser';

/**
 * The group's experience in a real browser: the buyer splits with the keyboard alone, watches
 * the group pay live, replaces a friend from the checkout page; the pay page shows the group's
 * progress live and each of its end states. Every state of both pages is checked with axe-core
 * (no serious or critical violation) at 390 px and 1280 px, with screenshots in test-artifacts/.
 */
const CODE_IN_MAIL = /sign-in code is (\d{6})/;
const PAY_LINK = /(https?:\/\/\S+\/pay\/[\w-]+)/;

const payLinkFrom = async (email: string) =>
  PAY_LINK.exec((await waitForMail(email, { subject: 'Pay your share' })).Text)![1]!;

describe('the group on the checkout and pay pages', () => {
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

  const splitIdOf = async (sessionToken: string) =>
    (await stack.api.get(`/api/merchants/checkout/sessions/${sessionToken}`)).body.split_id as string;
  const memberRow = (page: Page, email: string) => page.locator('#group li.member', { hasText: email });

  it('the buyer splits with the keyboard alone, replaces a friend, and both pages follow the group live', async () => {
    const buyer = uniqueEmail('buyer');
    const [friend, flaky, newcomer] = [uniqueEmail('friend'), uniqueEmail('flaky'), uniqueEmail('newcomer')];
    const created = await createSession(
      stack,
      shop.testKey,
      sessionBody({
        amount: 60,
        order_reference: 'Birthday dinner',
        line_items: [
          { description: 'Set menu', amount: 60, quantity: 2 },
          { description: 'Birthday voucher', amount: -5.5 },
          { description: 'Service', amount: 5.5 },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const { page, errors } = await personPage(context);
    await page.goto(created.body.checkout_url);
    await page.getByRole('heading', { name: 'Birthday dinner' }).waitFor();
    // A discount reads with a real minus sign, and lines without a picture have no empty box.
    expect(await page.locator('.lines').textContent()).toContain('\u2212£5.50');
    expect(await page.locator('.line-image').count()).toBe(0);
    // The page opens on the choice: nobody is asked to sign in before choosing.
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    await checkState(page, 'checkout-choose');

    // ---- choosing shares: Tab, typing, Space and Enter only ----
    await tabTo(page, (el) => el.tag === 'input' && el.type === 'email' && el.value === '', 'the second person');
    await page.keyboard.type(friend);
    await tabTo(page, (el) => el.text === 'Add a person', 'Add a person');
    await page.keyboard.press('Space');
    // The new row's first field (its name) has the focus; the shares are even again.
    expect(await focused(page)).toMatchObject({ tag: 'input', type: 'text', value: '', text: 'Person 3 name' });
    await tabTo(page, (el) => el.tag === 'input' && el.type === 'email' && el.value === '', 'the third person');
    await page.keyboard.type(flaky);
    await eventually(
      () => shareAmounts(page),
      (amounts) => expect(amounts).toEqual(['20.00', '20.00', '20.00']),
    );
    await tabTo(page, (el) => el.id === 'create-split', 'Continue');
    await page.keyboard.press('Enter');

    // ---- then the code, with the choice kept: Tab, typing and Enter only ----
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    await checkState(page, 'checkout-signed-out');
    await tabTo(page, (el) => el.id === 'email', 'the e-mail field');
    await page.keyboard.type(buyer);
    await tabTo(page, (el) => el.text === 'Send me a code', 'Send me a code');
    const asked = new Date(Date.now() - 1000);
    await page.keyboard.press('Enter');
    const code = CODE_IN_MAIL.exec((await waitForMail(buyer, { subject: 'sign-in code', after: asked })).Text)![1]!;
    await page.getByLabel(/6-digit code/).waitFor();
    expect((await focused(page)).id).toBe('code');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');

    // ---- waiting: the group, with "Replace" for whoever has not paid ----
    // The page polls the group and redraws it when it changes: what it shows is waited for, not read once.
    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await memberRow(page, flaky)
      .getByRole('button', { name: `Replace ${flaky}` })
      .waitFor();
    await memberRow(page, buyer).locator('.you', { hasText: '(you)' }).waitFor();
    await checkState(page, 'checkout-waiting');
    const sessionToken = created.body.token as string;
    const splitId = await splitIdOf(sessionToken);

    // Replace the flaky friend, still with the keyboard alone.
    await tabTo(page, (el) => el.text === `Replace ${flaky}`, `Replace ${flaky}`);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'input', type: 'email' });
    await checkState(page, 'checkout-replace-form');
    await page.keyboard.type(newcomer);
    await page.keyboard.press('Enter');
    await page.getByText(`${newcomer} has been e-mailed a link to pay £20.00.`).waitFor();
    await memberRow(page, newcomer).waitFor();
    await eventually(
      () => memberRow(page, flaky).count(),
      (rows) => expect(rows).toBe(0),
    );
    const newcomerLink = await payLinkFrom(newcomer);

    // Live: the friend pays elsewhere; the buyer's page shows it without a reload.
    expect((await authoriseShare(stack, payTokenOf(await payLinkFrom(friend)))).status).toBe(200);
    await memberRow(page, friend).locator('.badge', { hasText: 'Hold in place' }).waitFor();
    await page.getByText('1 of 3 holds in place').waitFor();

    // ---- the newcomer's pay page ----
    const payer = await personPage(context);
    await payer.page.goto(newcomerLink);
    await payer.page.getByRole('heading', { name: 'Your share' }).waitFor();
    await payer.page.locator('#progress-count', { hasText: '1 of 3 holds in place' }).waitFor();
    expect(await payer.page.locator('.lines').textContent()).toContain('\u2212£5.50');
    await checkState(payer.page, 'pay-pending');

    // Live: the buyer pays their own share; the newcomer's page shows it without a reload.
    const buyerToken = (
      await stack.db
        .selectFrom('split_participants')
        .select('pay_token')
        .where('split_id', '=', splitId)
        .where('position', '=', 0)
        .executeTakeFirstOrThrow()
    ).pay_token;
    expect((await authoriseShare(stack, buyerToken)).status).toBe(200);
    await payer.page.locator('#progress-count', { hasText: '2 of 3 holds in place' }).waitFor();
    await eventually(
      () => payer.page.locator('#announce').textContent(),
      (announced) => expect(announced).toBe('2 of 3 holds in place.'),
    );

    // The newcomer pays with the keyboard: the test card is chosen already; Tab to the button, Enter.
    await tabTo(payer.page, (el) => el.text.startsWith('Hold £20.20'), 'the Hold button');
    await submitForNewPage(payer.page, () => payer.page.keyboard.press('Enter'));
    expect(await payOutcome(payer.page)).toEqual({
      state: expect.stringMatching(/^(held|capturing|captured)$/),
      refusal: null,
    });
    await waitForSplitStatus(stack, splitId, ['captured'], 30_000);
    // Both pages arrive at the end on their own.
    await payer.page.getByRole('heading', { name: 'The order has gone through' }).waitFor({ timeout: 20_000 });
    await payer.page.locator('#progress-count', { hasText: '3 of 3 paid' }).waitFor();
    await checkState(payer.page, 'pay-captured');
    await page.getByText('Everyone has paid and the order has gone through.').waitFor({ timeout: 20_000 });
    await checkState(page, 'checkout-paid');

    expect(errors).toEqual([]);
    expect(payer.errors).toEqual([]);
  });

  describe('the pay page’s other states', () => {
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await createUser(stack.db, { consent: false });
    });
    const hosted = async () => {
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
        { order_reference: 'Team lunch' },
      );
      return { ...made, tokens: made.participants.map((p) => payTokenOf(p.pay_url)) };
    };

    it('a declined card, then the share held while the others pay', async () => {
      const { tokens } = await hosted();
      const { page, errors } = await personPage(context);
      await page.goto(`${stack.config.PUBLIC_BASE_URL}/pay/${tokens[1]}`);
      await page.getByLabel('Declined card').check();
      await submitForNewPage(page, () => page.getByRole('button', { name: /^Hold £/ }).click());
      expect(await payOutcome(page)).toEqual({
        state: 'pay',
        refusal: 'Your bank declined this card. Try another card or contact your bank.',
      });
      await checkState(page, 'pay-declined');
      await page.getByLabel('Visa, succeeds').check();
      await submitForNewPage(page, () => page.getByRole('button', { name: /^Hold £/ }).click());
      // The other share is not paid: this one stays held.
      await page.getByRole('heading', { name: 'Your share is held' }).waitFor();
      await checkState(page, 'pay-held');
      expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    });

    it('a cancelled split, a capture that failed, and a pay link handed to someone else', async () => {
      const canceled = await hosted();
      await stack.api.post(`/api/merchants/checkout/splits/${canceled.splitId}/cancel`, undefined, {
        apiKey: shop.testKey,
      });
      const { page } = await personPage(context);
      await page.goto(`${stack.config.PUBLIC_BASE_URL}/pay/${canceled.tokens[0]}`);
      await page.getByRole('heading', { name: 'This split was cancelled' }).waitFor();
      await checkState(page, 'pay-canceled');

      const failing = await hosted();
      const second = await stack.db
        .selectFrom('split_participants')
        .select('processor_payment_intent_id')
        .where('pay_token', '=', failing.tokens[1]!)
        .executeTakeFirstOrThrow();
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'capture',
        match: { payment_intent: second.processor_payment_intent_id },
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
      for (const token of failing.tokens) expect((await authoriseShare(stack, token)).status).toBe(200);
      await waitForSplitStatus(stack, failing.splitId, ['capture_failed'], 30_000);
      await page.goto(`${stack.config.PUBLIC_BASE_URL}/pay/${failing.tokens[0]}`);
      await page.getByRole('heading', { name: 'The order did not go through' }).waitFor();
      await checkState(page, 'pay-capture-failed');

      // The friend has the page open when the buyer hands their share to someone else.
      const replaced = await hosted();
      const friend = await personPage(context);
      await friend.page.goto(`${stack.config.PUBLIC_BASE_URL}/pay/${replaced.tokens[1]}`);
      await friend.page.getByRole('heading', { name: 'Your share' }).waitFor();
      const participantId = (
        await stack.db
          .selectFrom('split_participants')
          .select('id')
          .where('pay_token', '=', replaced.tokens[1]!)
          .executeTakeFirstOrThrow()
      ).id;
      const res = await stack.api.post(
        `/api/merchants/checkout/sessions/${replaced.token}/participants/${participantId}/replace`,
        { email: uniqueEmail('instead') },
        { token: buyer.token },
      );
      expect(res.status).toBe(200);
      await friend.page.getByRole('heading', { name: 'Pay link not found' }).waitFor();
      await checkState(friend.page, 'pay-link-replaced');
    });
  });

  describe('when time runs out', () => {
    let shortStack: Stack;
    let shortShop: CheckoutMerchant;
    let buyer: TestUser;
    beforeAll(async () => {
      shortStack = await startStack({ HOLD_TTL_MS: 6000, CHECKOUT_SESSION_TTL_MS: 8000 });
      shortShop = await createCheckoutMerchant(shortStack);
      buyer = await createUser(shortStack.db, { consent: false });
    });
    afterAll(() => shortStack?.stop());

    it('the checkout page of an expired session, and both pages of a split whose holds lapsed', async () => {
      const made = await sessionWithSplit(
        shortStack,
        shortShop.testKey,
        buyer.token,
        {
          mode: 'split',
          participants: [
            { email: buyer.email, amount: '30' },
            { email: uniqueEmail('friend'), amount: '30' },
          ],
        },
        { order_reference: 'Too slow' },
      );
      const unsplit = await createSession(shortStack, shortShop.testKey, sessionBody({ order_reference: 'Abandoned' }));
      expect((await authoriseShare(shortStack, payTokenOf(made.participants[0]!.pay_url))).status).toBe(200);
      await waitForSplitStatus(shortStack, made.splitId, ['canceled'], 30_000);

      const view = await shortStack.api.get(`/api/checkout-splits/pay/${payTokenOf(made.participants[1]!.pay_url)}`);
      expect(view.body).toMatchObject({ split_status: 'canceled', cancel_reason: 'expired' });
      const { page, errors } = await personPage(context);
      await page.goto(made.participants[1]!.pay_url);
      await page.getByRole('heading', { name: 'Time ran out' }).waitFor();
      await checkState(page, 'pay-expired');

      await page.goto(`${shortStack.config.PUBLIC_BASE_URL}/checkout/${made.token}`);
      await page.getByRole('heading', { name: 'Time ran out' }).waitFor();
      await checkState(page, 'checkout-split-expired');

      await poll(
        () => shortStack.api.get(`/api/merchants/checkout/sessions/${unsplit.body.token}`),
        (res) => res.body.expired === true,
      );
      await page.goto(unsplit.body.checkout_url);
      await page.getByRole('heading', { name: 'This checkout has expired' }).waitFor();
      await checkState(page, 'checkout-expired');
      expect(errors).toEqual([]);
    });
  });
});
