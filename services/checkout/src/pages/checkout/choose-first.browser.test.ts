import { DRAINED_BEFORE_ANSWER_MESSAGE } from '@groupsplit/shared';
import {
  createUser,
  eventually,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CANCEL_URL,
  type CheckoutMerchant,
  createCheckoutMerchant,
  createSession,
  sessionBody,
  sessionWithSplit,
} from '../../test-support/sessions';
import { checkState, focused, launchBrowser, personPage, shareAmounts, signInByCode } from '../test-support/browser';

/**
 * The hosted checkout page in a real browser (docs/hosted-checkout.md, "The buyer's page"): the buyer
 * chooses before signing in; the share editor evens shares out, keeps its running total and each
 * card charge true, and ties its errors to their fields; "Pay it all myself" goes from the code
 * straight to the card form; a reopened checkout link shows the masked group and "Sign in to see your
 * group". Every state is checked with axe-core at 390 px and 1280 px (screenshots in test-artifacts/).
 */
describe('the checkout page: choose first, the share editor, the reopened page', () => {
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

  const openCheckout = async (overrides: Record<string, unknown> = {}) => {
    const created = await createSession(stack, shop.testKey, sessionBody({ cancel_url: CANCEL_URL, ...overrides }));
    expect(created.status).toBe(201);
    const person = await personPage(context);
    await person.page.goto(created.body.checkout_url);
    await person.page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    return { ...person, token: created.body.token as string };
  };

  /** A field's error as the browser exposes it: invalid or not, and the text of what describes it. */
  const fieldState = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((input) => {
      const { document } = globalThis as any;
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return {
        invalid: input.getAttribute('aria-invalid') === 'true',
        describedBy: ids.map((id: string) => document.getElementById(id)?.textContent ?? `#${id} missing`),
      };
    });
  const runningTotal = (page: Page) => page.locator('#share-total').textContent();

  it('the share editor evens shares out, says truly what is left, shows each card charge, and ties errors to fields', async () => {
    const { page, errors } = await openCheckout({ amount: 60, order_reference: 'Cottage weekend' });
    // Before anything: "How it works", the choice, the cancel link, and no sign-in.
    await page.getByText('each person pays their share plus a £0.20 fee').waitFor();
    await page.getByText('Paying puts a hold on each card, not a charge.').waitFor();
    await page.getByText('Nobody pays unless everyone is in within 7 days.').waitFor();
    expect(await page.getByRole('link', { name: 'Cancel and return to the shop' }).count()).toBe(1);
    expect(await page.getByLabel('E-mail address', { exact: true }).isVisible()).toBe(false);
    expect(await shareAmounts(page)).toEqual(['30.00', '30.00']);
    expect(await runningTotal(page)).toBe('Shares add up to the total.');
    expect(await fieldState(page, 'Person 2 share (£)')).toEqual({
      invalid: false,
      describedBy: ['Card charge £30.20 (£30.00 share + £0.20 fee).'],
    });
    await checkState(page, 'checkout-choose-first');

    // Adding and removing people evens the shares out while nobody has typed one; labels follow the rows.
    await page.getByRole('button', { name: 'Add a person' }).click();
    await eventually(
      () => shareAmounts(page),
      (amounts) => expect(amounts).toEqual(['20.00', '20.00', '20.00']),
    );
    expect(await page.locator('.charge').allTextContents()).toEqual([
      'Card charge £20.20 (£20.00 share + £0.20 fee).',
      'Card charge £20.20 (£20.00 share + £0.20 fee).',
      'Card charge £20.20 (£20.00 share + £0.20 fee).',
    ]);
    await page.getByRole('button', { name: 'Remove person 2' }).click();
    await eventually(
      () => shareAmounts(page),
      (amounts) => expect(amounts).toEqual(['30.00', '30.00']),
    );
    expect(await page.getByLabel('Person 2 e-mail address').count()).toBe(1);
    expect(await page.getByLabel('Person 3 e-mail address').count()).toBe(0);

    // A typed share stays as typed: adding someone then leaves the rest to share, and says so.
    await page.getByLabel('Person 2 share (£)').fill('25');
    expect(await runningTotal(page)).toBe('£5.00 left to share (the shares add up to £55.00 of £60.00).');
    await page.getByRole('button', { name: 'Add a person' }).click();
    expect(await shareAmounts(page)).toEqual(['30.00', '25', '']);
    expect(await runningTotal(page)).toBe('£5.00 left to share (the shares add up to £55.00 of £60.00).');
    await page.getByLabel('Person 3 share (£)').fill('10');
    expect(await runningTotal(page)).toBe('£5.00 too much: the shares add up to £65.00, more than the £60.00 total.');
    await page.getByLabel('Person 3 share (£)').fill('');

    // Continue with a bad address, a name without an address and an empty share: each field says what
    // is wrong, and the first wrong one takes the focus.
    await page.getByLabel('Person 2 e-mail address').fill('sam.example.com');
    await page.getByLabel('Person 3 name').fill('Kim');
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(
      () => focused(page),
      (el) => expect(el).toMatchObject({ tag: 'input', text: 'Person 2 e-mail address' }),
    );
    expect(await fieldState(page, 'Person 2 e-mail address')).toEqual({
      invalid: true,
      describedBy: ['Enter a valid e-mail address, like sam@example.com.'],
    });
    expect(await fieldState(page, 'Person 3 e-mail address')).toEqual({
      invalid: true,
      describedBy: ["Enter Kim's e-mail address, or clear the name to leave this share as an open seat."],
    });
    expect(await fieldState(page, 'Person 3 share (£)')).toEqual({
      invalid: true,
      describedBy: ['Card charge: the share plus the £0.20 fee.', 'Enter the share in pounds, like 12.50.'],
    });
    await checkState(page, 'checkout-editor-errors');

    // Each error goes as soon as it is fixed; "Split equally" fixes the empty share.
    await page.getByLabel('Person 2 e-mail address').fill('sam@example.com');
    expect((await fieldState(page, 'Person 2 e-mail address')).invalid).toBe(false);
    await page.getByLabel('Person 3 name').fill('');
    expect(await fieldState(page, 'Person 3 e-mail address')).toEqual({ invalid: false, describedBy: [] });
    await page.getByRole('button', { name: 'Split equally' }).click();
    expect(await shareAmounts(page)).toEqual(['20.00', '20.00', '20.00']);
    expect(await fieldState(page, 'Person 3 share (£)')).toEqual({
      invalid: false,
      describedBy: ['Card charge £20.20 (£20.00 share + £0.20 fee).'],
    });
    expect(await page.locator('.field-error').count()).toBe(0);

    // Shares that do not add up: the running total is the error, tied to every share.
    await page.getByLabel('Person 3 share (£)').fill('15');
    await page.getByRole('button', { name: 'Continue' }).click();
    await eventually(
      () => focused(page),
      (el) => expect(el).toMatchObject({ tag: 'input', text: 'Your share (£)' }),
    );
    expect(await fieldState(page, 'Person 3 share (£)')).toEqual({
      invalid: true,
      describedBy: [
        'Card charge £15.20 (£15.00 share + £0.20 fee).',
        '£5.00 left to share (the shares add up to £55.00 of £60.00).',
      ],
    });
    await page.getByLabel('Person 3 share (£)').fill('20');
    expect(await fieldState(page, 'Person 3 share (£)')).toEqual({
      invalid: false,
      describedBy: ['Card charge £20.20 (£20.00 share + £0.20 fee).'],
    });

    // Continue asks for the code; going back keeps everything as it was.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    expect(await page.getByRole('link', { name: 'Cancel and return to the shop' }).count()).toBe(1);
    await checkState(page, 'checkout-code-after-choosing');
    await page.getByRole('button', { name: 'Change how you pay' }).click();
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    expect(await shareAmounts(page)).toEqual(['20.00', '20.00', '20']);
    expect(await page.getByLabel('Person 2 e-mail address').inputValue()).toBe('sam@example.com');

    // Asking one person to pay: their e-mail address is needed, and says so on its field.
    await page.getByLabel('Ask one person to pay the whole order').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await fieldState(page, 'Their e-mail address')).toEqual({
      invalid: true,
      describedBy: ['Enter the e-mail address of the person paying.'],
    });
    expect((await focused(page)).text).toBe('Their e-mail address');
    await checkState(page, 'checkout-one-payer-error');
    expect(errors).toEqual([]);
  });

  it('"Pay it all myself" goes from the code straight to the card form, and the page reads for one person', async () => {
    const buyer = uniqueEmail('alone');
    const { page, errors, token } = await openCheckout({ amount: 45, order_reference: 'Solo supper' });
    await page.getByLabel('Pay it all myself').check();
    await page.getByText('You pay the order total, £45.00, and nothing more.').waitFor();
    await checkState(page, 'checkout-alone-choose');
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInByCode(page, buyer);

    // One flow: the card form, for the order total and nothing more.
    await page.waitForURL(/\/pay\//);
    await page.getByRole('button', { name: /^Hold £45\.00/ }).waitFor();

    // Back on the checkout link (this tab is signed in): one person pays, no count, no Replace.
    await page.goto(`${stack.config.PUBLIC_BASE_URL}/checkout/${token}`);
    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await page.getByText('One person pays for the whole order.').waitFor();
    await page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    // The signed-in organiser's view is drawn (the address in full), still for one person.
    await page.locator('#group li.member', { hasText: buyer }).waitFor();
    expect(await page.locator('#progress-count').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Replace/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Cancel and return to the shop' }).count()).toBe(0);
    await checkState(page, 'checkout-alone-reopened');
    // Until the server answers "…/mine" the page reads the organiser's group view instead.
    expect(errors.filter((e) => !e.includes('/mine'))).toEqual([]);
  });

  it('a refusal after the code brings the buyer back to their choice; asking one person reads for one person', async () => {
    const [buyer, payer] = [uniqueEmail('asker'), uniqueEmail('payer')];
    const { page, errors } = await openCheckout({ amount: 40, order_reference: 'Gift box' });
    // The buyer puts their own address on the second row: only the code tells the page it is theirs.
    await page.getByLabel('Person 2 e-mail address').fill(buyer);
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInByCode(page, buyer);
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    expect(await fieldState(page, 'Person 2 e-mail address')).toEqual({
      invalid: true,
      describedBy: ['That is your own address: your share is the first row.'],
    });
    await eventually(
      () => focused(page),
      (el) => expect(el).toMatchObject({ tag: 'input', text: 'Person 2 e-mail address' }),
    );
    await page.getByText(`Your e-mail address: ${buyer}`).waitFor();
    await checkState(page, 'checkout-refused-after-code');

    // Signed in already, the choice is made at Continue: one person pays it all.
    await page.getByLabel('Ask one person to pay the whole order').check();
    await page.getByLabel('Their e-mail address').fill(payer);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await page.getByText(`${payer} has been e-mailed a link to pay the whole order.`).waitFor();
    await page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    await page
      .locator('#group li.member', { hasText: payer })
      .getByRole('button', { name: `Replace ${payer}` })
      .waitFor();
    expect(await page.locator('#progress-count').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Pay your share/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Cancel and return to the shop' }).count()).toBe(0);
    await checkState(page, 'checkout-one-payer-done');
    expect(errors).toEqual([]);
  });

  it('a choice whose answer a restart cut is sent once more, and the page shows the split it made', async () => {
    const [buyer, payer] = [uniqueEmail('restart'), uniqueEmail('restart-payer')];
    const { page, errors, token } = await openCheckout({ amount: 30, order_reference: 'Cut short' });
    // The first try reaches checkout and makes the split, but its answer is lost: the buyer's page hears
    // the 503 a draining checkout gives a request it could not finish (packages/http/src/drain.ts).
    let sent = 0;
    await page.route('**/api/merchants/checkout/sessions/*/split', async (route) => {
      sent += 1;
      if (sent > 1) return route.continue();
      await route.fetch();
      await route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '2' },
        body: JSON.stringify({ error: DRAINED_BEFORE_ANSWER_MESSAGE, code: 'service_unavailable' }),
      });
    });
    await page.getByLabel('Ask one person to pay the whole order').check();
    await page.getByLabel('Their e-mail address').fill(payer);
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInByCode(page, buyer);

    // Sent again, the choice is refused (409 already_split), and the reloaded page shows the split made.
    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await page.locator('#group li.member', { hasText: payer }).waitFor();
    expect(sent).toBe(2);
    const session = await stack.api.get(`/api/merchants/checkout/sessions/${token}`);
    expect(session.body.split_id).toEqual(expect.any(String));
    // The one split's invitation reaches the payer: the request that made it sent it.
    expect((await waitForMail(payer)).Text).toContain('Cut short');
    await checkState(page, 'checkout-resent-after-restart');
    expect(errors.filter((e) => !e.includes('503') && !e.includes('409'))).toEqual([]);
  });

  describe('a reopened checkout link', () => {
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await createUser(stack.db, { consent: false });
    });

    it('shows the masked group and "Sign in to see your group"; the organiser signs in to the whole group', async () => {
      const [friend, other] = [uniqueEmail('friend'), uniqueEmail('other')];
      const made = await sessionWithSplit(
        stack,
        shop.testKey,
        buyer.token,
        {
          mode: 'split',
          participants: [
            { email: buyer.email, amount: '20' },
            { email: friend, amount: '20' },
            { email: other, amount: '20' },
          ],
        },
        { order_reference: 'Lost tab', cancel_url: CANCEL_URL },
      );
      // Another browser, or a tab that never signed in here.
      const { page, errors } = await personPage(context);
      await page.goto(`${stack.config.PUBLIC_BASE_URL}/checkout/${made.token}`);
      await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
      await page.getByRole('heading', { name: 'Sign in to see your group' }).waitFor();
      // Masked: nobody's address in full, and no cancel link once the split exists.
      expect(await page.locator('#group').textContent()).not.toContain(friend);
      expect(await page.locator('#group li.member').count()).toBe(3);
      expect(await page.getByRole('link', { name: 'Cancel and return to the shop' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Return to the shop' }).getAttribute('class')).toBeNull();
      await checkState(page, 'checkout-reopened');

      await signInByCode(page, buyer.email);
      await page.getByText(`Signed in as ${buyer.email}.`).waitFor();
      await page
        .locator('#group li.member', { hasText: friend })
        .getByRole('button', { name: `Replace ${friend}` })
        .waitFor();
      await page.locator('#group li.member', { hasText: other }).waitFor();
      expect(await page.getByRole('heading', { name: 'Sign in to see your group' }).isVisible()).toBe(false);
      await checkState(page, 'checkout-reopened-organiser');
      expect(errors.filter((e) => !e.includes('/mine'))).toEqual([]);
    });
  });
});
