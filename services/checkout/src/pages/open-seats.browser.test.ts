import {
  createUser,
  eventually,
  keepDocsImages,
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
  sessionBody,
  sessionWithSplit,
} from '../test-support/sessions';
import { ARTIFACTS, checkState, launchBrowser, personPage, shareAmounts, signInByCode } from './test-support/browser';

/**
 * Open seats on the hosted pages in a real browser (docs/hosted-checkout.md, "Open seats"): the buyer
 * leaves shares open on the checkout page, copies the group link and invites someone to a seat; people
 * holding the group link sign in on the join page by e-mailed code, take a seat and arrive at their pay
 * page, and are told when the seat went meanwhile, when they are in the group already, when no seat is
 * left, when the group closed and when the link is unknown. Every state is checked with axe-core at
 * 390 px and 1280 px; the pictures the docs show are copied to docs/images.
 */

/** checkState, and the pictures kept in docs/images for the docs. */
async function look(page: Page, name: string) {
  await checkState(page, name);
  keepDocsImages(ARTIFACTS, [`${name}-390.png`, `${name}-1280.png`]);
}

describe('open seats on the checkout and join pages', () => {
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.config.PUBLIC_BASE_URL });
    buyer = await createUser(stack.db, { consent: false });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** Waits for the group's count to read exactly `text`. */
  const progressCount = (page: Page, text: string) =>
    page.locator('#progress-count', { hasText: new RegExp(`^\\s*${text}\\s*$`) }).waitFor();
  /** A hosted split of £60 in three: the buyer and two open seats. */
  const splitWithSeats = (reference: string) =>
    sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      { mode: 'split', participants: [{ email: buyer.email, amount: '20' }, { amount: '20' }, { amount: '20' }] },
      { order_reference: reference },
    );
  const groupOf = async (sessionToken: string) => {
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${sessionToken}/status`, {
      apiKey: shop.testKey,
    });
    const split = status.body.split as { group_url: string; open_seats: { id: string; amount: string }[] };
    return { url: split.group_url, token: split.group_url.split('/join/')[1]!, seats: split.open_seats };
  };

  it('the buyer leaves two shares open, copies the group link, and invites someone to one seat', async () => {
    const [friend, invitee, joiner] = [uniqueEmail('friend'), uniqueEmail('invitee'), uniqueEmail('joiner')];
    const created = await createSession(
      stack,
      shop.testKey,
      sessionBody({ amount: 80, order_reference: 'Team dinner' }),
    );
    expect(created.status).toBe(201);
    const { page, errors } = await personPage(context);
    await page.goto(created.body.checkout_url);

    // ---- choosing: two of the four shares without an address are open seats ----
    await page.getByRole('heading', { name: 'How would you like to pay?' }).waitFor();
    await page.getByText('Leave a name and e-mail address empty to make that share an open seat').waitFor();
    await page.getByRole('button', { name: 'Add a person' }).click();
    await page.getByRole('button', { name: 'Add a person' }).click();
    await page.locator('.person-email').first().fill(friend);
    await page.getByRole('button', { name: 'Split equally' }).click();
    await eventually(
      () => shareAmounts(page),
      (amounts) => expect(amounts).toEqual(['20.00', '20.00', '20.00', '20.00']),
    );
    await look(page, 'checkout-open-seats-choose');
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInByCode(page, uniqueEmail('buyer'));

    // ---- the group: the open seats in its progress, the link to copy ----
    await page.getByRole('heading', { name: 'Your order is set up' }).waitFor();
    await page.getByText('Send the group link below to fill the open seats.').waitFor();
    await progressCount(page, '0 of 4 holds in place · 2 seats open');
    await page.getByRole('heading', { name: 'Fill the open seats' }).waitFor();
    const group = await groupOf(created.body.token);
    expect(group.seats).toHaveLength(2);
    expect(await page.getByLabel('Group link').inputValue()).toBe(group.url);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied. Send it to the people who will take the open seats.').waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(group.url);
    await look(page, 'checkout-open-seats');

    // ---- inviting someone to a seat by e-mail ----
    await page.getByRole('button', { name: 'Invite someone to this £20.00 seat' }).first().click();
    const email = page.getByLabel('Who takes this £20.00 seat? Their e-mail address');
    await email.waitFor();
    await look(page, 'checkout-invite-seat');
    await email.fill(invitee);
    await page.getByRole('button', { name: 'Send them the link' }).click();
    await page.getByText(`${invitee} has been e-mailed a link to pay £20.00.`).waitFor();
    await progressCount(page, '0 of 4 holds in place · 1 seat open');
    await page.locator('#group li.member', { hasText: invitee }).waitFor();
    await waitForMail(invitee, { subject: 'Pay your share' });

    // ---- someone with the group link takes the last seat on the join page ----
    const join = await personPage(context);
    await join.page.goto(group.url);
    await join.page.getByRole('heading', { name: 'Join the group paying for this order' }).waitFor();
    await progressCount(join.page, '0 of 4 holds in place · 1 seat open');
    await look(join.page, 'join-signed-out');
    await signInByCode(join.page, joiner);
    await join.page.getByRole('heading', { name: 'Choose your seat' }).waitFor();
    await join.page.getByLabel('Seat 1: a £20.00 share').waitFor();
    await look(join.page, 'join-choose');
    await join.page.getByRole('button', { name: 'Take this seat' }).click();
    await join.page.waitForURL(/\/pay\//);
    await join.page.getByRole('heading', { name: 'Your share' }).waitFor();
    await progressCount(join.page, '0 of 4 holds in place');

    // The buyer's page follows: no seat is open, so the link is put away.
    await progressCount(page, '0 of 4 holds in place');
    await page.locator('#group-link').waitFor({ state: 'hidden' });
    await page.locator('#group li.member', { hasText: joiner }).waitFor();

    // Whoever opens the link now finds every seat taken.
    const late = await personPage(context);
    await late.page.goto(group.url);
    await late.page.getByRole('heading', { name: 'No seats left' }).waitFor();
    await look(late.page, 'join-full');
    expect([...errors, ...join.errors, ...late.errors]).toEqual([]);
  });

  it('the seat chosen goes to someone else meanwhile: the page says so and offers the seats left', async () => {
    const made = await splitWithSeats('Picnic');
    const group = await groupOf(made.token);
    const { page, errors } = await personPage(context);
    await page.goto(group.url);
    await progressCount(page, '0 of 3 holds in place · 2 seats open');
    await signInByCode(page, uniqueEmail('slow'));
    await page.getByRole('heading', { name: 'Choose your seat' }).waitFor();
    await page.getByLabel('Seat 1: a £20.00 share').check();

    // Someone quicker takes seat 1 through the API while this page still offers it.
    const quick = await createUser(stack.db, { consent: false });
    const taken = await stack.api.post(
      `/api/checkout-splits/join/${group.token}/claim`,
      { seat_id: group.seats[0]!.id },
      { token: quick.token },
    );
    expect(taken.status).toBe(200);

    await page.getByRole('button', { name: 'Take this seat' }).click();
    await page.getByText('Someone took that seat just now. Choose another one.').waitFor();
    await progressCount(page, '0 of 3 holds in place · 1 seat open');
    await eventually(
      () => page.locator('input[name="seat"]').count(),
      (count) => expect(count).toBe(1),
    );
    await look(page, 'join-seat-taken');

    // The pay page of whoever has a share shows the seat still open.
    const payer = await personPage(context);
    await payer.page.goto(taken.body.pay_url);
    await progressCount(payer.page, '0 of 3 holds in place · 1 seat open');
    await payer.page.locator('#group li.member-open', { hasText: '£20.00' }).waitFor();
    await look(payer.page, 'pay-open-seat');

    await page.getByRole('button', { name: 'Take this seat' }).click();
    await page.waitForURL(/\/pay\//);
    await page.getByRole('heading', { name: 'Your share' }).waitFor();
    await progressCount(page, '0 of 3 holds in place');
    await progressCount(payer.page, '0 of 3 holds in place');
    expect([...errors, ...payer.errors].filter((e) => !e.includes('/claim'))).toEqual([
      // The refused claim itself (409 seat_taken) is expected.
    ]);
  });

  it('the group closes while the join page is open: signing in, the page says it has closed', async () => {
    const made = await splitWithSeats('Book club');
    const group = await groupOf(made.token);
    const { page, errors } = await personPage(context);
    await page.goto(group.url);
    await progressCount(page, '0 of 3 holds in place · 2 seats open');

    // The merchant cancels the order while the page still offers its seats.
    const canceled = await stack.api.post(`/api/merchants/checkout/splits/${made.splitId}/cancel`, undefined, {
      apiKey: shop.testKey,
    });
    expect(canceled.status).toBe(200);
    await waitForSplitStatus(stack, made.splitId, ['canceled']);

    // Signing in reads the seats again: the split's status says the group closed (not that no seat is left).
    await signInByCode(page, uniqueEmail('late'));
    await page.getByRole('heading', { name: 'This group has closed' }).waitFor();
    expect(await page.locator('#join-end').getAttribute('data-end')).toBe('closed');
    await page.getByText('It is no longer taking new people, so there is nothing for you to pay.').waitFor();
    await checkState(page, 'join-closed-while-open');
    expect(errors).toEqual([]);
  });

  it('someone already in the group, a group that closed, and a link that is not valid', async () => {
    const made = await splitWithSeats('Quiz night');
    const group = await groupOf(made.token);

    // The buyer is in the group already: the claim is refused and the page says why.
    const { page, errors } = await personPage(context);
    await page.goto(group.url);
    await signInByCode(page, buyer.email);
    await page.getByRole('heading', { name: 'Choose your seat' }).waitFor();
    await page.getByRole('button', { name: 'Take this seat' }).click();
    await page.getByRole('heading', { name: 'You are already in this group' }).waitFor();
    await look(page, 'join-already-in');

    // The merchant cancels the order: the group closes.
    const canceled = await stack.api.post(`/api/merchants/checkout/splits/${made.splitId}/cancel`, undefined, {
      apiKey: shop.testKey,
    });
    expect(canceled.status).toBe(200);
    await page.goto(group.url);
    await page.getByRole('heading', { name: 'This group has closed' }).waitFor();
    await look(page, 'join-closed');

    const response = await page.goto(`${stack.config.PUBLIC_BASE_URL}/join/${'x'.repeat(32)}`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Group link not found' }).waitFor();
    await look(page, 'join-not-found');
    // Expected: the refused claim (409 already_in_split) and the unknown link's 404.
    expect(errors.filter((e) => !e.includes('/claim') && !e.includes('/join/xxxx'))).toEqual([]);
  });
});
