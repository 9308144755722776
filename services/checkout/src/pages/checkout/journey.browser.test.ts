// The whole journey on the checkout page as a buyer and their friends meet it (docs/hosted-checkout.md,
// "The buyer's page"): names, losing the tab and getting back through "…/mine", paying your own share,
// covering a friend who dropped out, and the order captured; a member's own pay link; the cover refusals.
import {
  authoriseShare,
  createUser,
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
  sessionBody,
  sessionWithSplit,
} from '../../test-support/sessions';
import { checkState, launchBrowser, personPage, signInByCode } from '../test-support/browser';

const PAY_LINK = /(https?:\/\/\S+\/pay\/[\w-]+)/;
const payLinkFrom = async (email: string) =>
  PAY_LINK.exec((await waitForMail(email, { subject: 'Pay your share' })).Text)![1]!;

describe('the checkout page with names, "mine" and cover', () => {
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

  // The name with its capital: the rows also show e-mail addresses with random lower-case parts, which a
  // string (matched ignoring case: "Kim" in "…mxdkimnd…") once matched.
  const memberRow = (page: Page, name: string) => page.locator('#group li.member', { hasText: new RegExp(name) });
  const reopen = async (token: string) => {
    const person = await personPage(context);
    await person.page.goto(`${stack.config.PUBLIC_BASE_URL}/checkout/${token}`);
    await person.page.getByRole('heading', { name: 'Sign in to see your group' }).waitFor();
    return person;
  };

  it('name everyone, lose the tab, reopen, pay your own share, cover a friend who dropped out: captured', async () => {
    const organiser = uniqueEmail('organiser');
    const [sam, kim] = [uniqueEmail('sam'), uniqueEmail('kim')];
    const created = await createSession(stack, shop.testKey, sessionBody({ amount: 60, order_reference: 'Lake trip' }));
    const first = await personPage(context);
    await first.page.goto(created.body.checkout_url);
    await first.page.locator('#split-editor').getByLabel('Your name').fill('Alex');
    await first.page.getByRole('button', { name: 'Add a person' }).click();
    await first.page.getByLabel('Person 2 name').fill('Sam');
    await first.page.getByLabel('Person 2 e-mail address').fill(sam);
    await first.page.getByLabel('Person 3 name').fill('Kim');
    await first.page.getByLabel('Person 3 e-mail address').fill(kim);
    await first.page.getByRole('button', { name: 'Continue' }).click();
    await signInByCode(first.page, organiser);
    await first.page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await memberRow(first.page, 'Sam').getByRole('button', { name: "Cover Sam's share" }).waitFor();
    await first.page.close(); // the tab is lost

    // Reopened elsewhere: the masked group shows the names typed; signing in brings the way back.
    const { page, errors } = await reopen(created.body.token);
    await memberRow(page, 'Sam').waitFor();
    expect(await page.locator('#group').textContent()).not.toContain(sam);
    await signInByCode(page, organiser);
    const myPayUrl = await page.getByRole('link', { name: 'Pay your share (£20.00)' }).getAttribute('href');
    expect(myPayUrl).toMatch(/\/pay\//);
    await memberRow(page, 'Kim')
      .getByRole('button', { name: /^Replace/ })
      .waitFor();
    await memberRow(page, 'Kim').getByRole('button', { name: "Cover Kim's share" }).waitFor();
    await checkState(page, 'checkout-reopened-organiser-mine');

    // Kim pays; Sam drops out and the organiser covers Sam's share.
    expect((await authoriseShare(stack, payTokenOf(await payLinkFrom(kim)))).status).toBe(200);
    await memberRow(page, 'Sam').getByRole('button', { name: "Cover Sam's share" }).click();
    await page.getByText("You pay Sam's £20.00 share yourself (£20.20 with the £0.20 fee)").waitFor();
    await checkState(page, 'checkout-cover-confirm');
    await page.getByRole('button', { name: 'Cover this share' }).click();
    await page.getByText("You are covering Sam's £20.00 share.").waitFor();
    const samsShare = await page.getByRole('link', { name: "Pay Sam's share (£20.00)" }).getAttribute('href');
    expect(samsShare).toMatch(/\/pay\//);
    await checkState(page, 'checkout-covered');

    // The organiser pays both holds: the order is captured and the page says so by itself.
    expect((await authoriseShare(stack, payTokenOf(myPayUrl!))).status).toBe(200);
    expect((await authoriseShare(stack, payTokenOf(samsShare!))).status).toBe(200);
    const splitId = (await stack.api.get(`/api/merchants/checkout/sessions/${created.body.token}`)).body
      .split_id as string;
    await waitForSplitStatus(stack, splitId, ['captured'], 30_000);
    await page.getByText('Everyone has paid and the order has gone through.').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  it('"Pay it all myself": back on the checkout link, the organiser signed in is offered the order to pay', async () => {
    const created = await createSession(stack, shop.testKey, sessionBody({ amount: 45, order_reference: 'Solo' }));
    const first = await personPage(context);
    await first.page.goto(created.body.checkout_url);
    await first.page.getByLabel('Pay it all myself').check();
    await first.page.getByRole('button', { name: 'Continue' }).click();
    const organiser = uniqueEmail('solo');
    await signInByCode(first.page, organiser);
    await first.page.waitForURL(/\/pay\//);
    const payUrl = first.page.url();

    const { page, errors } = await reopen(created.body.token);
    await signInByCode(page, organiser);
    const link = page.getByRole('link', { name: 'Pay for the order (£45.00)' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(payUrl);
    // Signed in, the focus is on what to do next.
    await page.locator('#my-pay-link:focus').waitFor();
    await page.getByRole('heading', { name: 'Who is paying' }).waitFor();
    expect(await page.getByRole('button', { name: /^(Replace|Cover)/ }).count()).toBe(0);
    await checkState(page, 'checkout-alone-reopened-mine');
    expect(errors).toEqual([]);
  });

  it('a member reopens the checkout link and gets their own pay link; someone else is told they have no share', async () => {
    const friend = uniqueEmail('friend');
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '30', name: 'Alex' },
          { email: friend, amount: '30', name: 'Robin' },
        ],
      },
      { order_reference: 'Shared taxi' },
    );
    const { page, errors } = await reopen(made.token);
    await signInByCode(page, friend);
    const link = page.getByRole('link', { name: 'Pay your share (£30.00)' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(made.participants[1]!.pay_url);
    expect(await page.getByRole('button', { name: /^Replace/ }).count()).toBe(0);
    await checkState(page, 'checkout-reopened-member');

    const stranger = await reopen(made.token);
    const nobody = uniqueEmail('nobody');
    await signInByCode(stranger.page, nobody);
    await stranger.page.getByText(`${nobody} has no share in this order.`).waitFor();
    await stranger.page.getByRole('heading', { name: 'Sign in to see your group' }).waitFor();
    expect(errors).toEqual([]);
    expect(stranger.errors.filter((e) => !e.includes('/mine'))).toEqual([]);
  });

  it('covering the last other share is refused with the server’s words; an open seat can be covered', async () => {
    const friend = uniqueEmail('friend');
    const pair = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '30' },
          { email: friend, amount: '30', name: 'Jo' },
        ],
      },
      { order_reference: 'Two of us' },
    );
    const { page, errors } = await reopen(pair.token);
    await signInByCode(page, buyer.email);
    await memberRow(page, 'Jo').getByRole('button', { name: "Cover Jo's share" }).click();
    await page.getByRole('button', { name: 'Cover this share' }).click();
    await page
      .getByText(
        'You would be paying for everyone. Cancel this order and choose Pay it all myself to pay the total with no extra fees.',
      )
      .waitFor();
    await checkState(page, 'checkout-cover-refused');

    const seated = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [{ email: buyer.email, amount: '20' }, { email: friend, amount: '20' }, { amount: '20' }],
      },
      { order_reference: 'Three seats' },
    );
    const other = await reopen(seated.token);
    await signInByCode(other.page, buyer.email);
    await other.page.getByRole('button', { name: 'Cover this seat (£20.00)' }).click();
    await other.page.getByRole('button', { name: 'Yes, cover this seat' }).click();
    await other.page.getByText('You are covering this £20.00 seat.').waitFor();
    await other.page.getByRole('link', { name: 'Pay the share you cover (£20.00)' }).waitFor();
    expect(errors.filter((e) => !e.includes('/cover'))).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
