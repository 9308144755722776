import {
  chromiumLaunchOptions,
  docsImagePath,
  keepDocsImages,
  postSplit,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core';
import { type CheckoutMerchant, sessionWithSplit, startCheckoutStack } from '../test-support/sessions';
import { ARTIFACTS, checkState, launchBrowser, personPage } from './test-support/browser';

/**
 * Apple Pay and Google Pay on the pay page in a real browser, through the processor emulator's Stripe.js
 * stand-in (docs/hosted-checkout.md, "Wallets"): the wallet buttons above the card form; the wallet sheet
 * (a dialog of its own, by keyboard) with the business and the amount held; a hold by each wallet, one
 * cancelled on the sheet, one whose bank asks for 3-D Secure (handleNextAction); live mode's card field
 * (the same pay.js, live keys, the stand-in) including handleNextAction; the organiser's pay link after a
 * Cover; and test mode without JavaScript.
 * Every state is checked with axe-core at 390 px and 1280 px; the pictures the docs show go to docs/images.
 */

async function look(page: Page, name: string) {
  await checkState(page, name);
  keepDocsImages(ARTIFACTS, [`${name}-390.png`, `${name}-1280.png`]);
}

describe('wallets and Stripe.js on the pay page', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;

  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
    browser = await launchBrowser();
    context = browser.context;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function splitOf(shares: number[], mode: 'test' | 'live' = 'test') {
    const res = await postSplit(
      stack,
      shop.owner.token,
      {
        merchantId: shop.merchant.id,
        orderReference: 'Team lunch',
        participants: shares.map((amountMinor, i) => ({ email: uniqueEmail(`wallet${i}`), amountMinor })),
      },
      mode,
    );
    expect(res.status).toBe(201);
    return res.body as { id: string; participants: { id: string; payToken: string }[] };
  }

  const payUrl = (token: string) => `${stack.config.PUBLIC_BASE_URL}/pay/${token}`;
  const shareStatus = async (token: string) => (await stack.api.get(`/api/checkout-splits/pay/${token}`)).body.status;

  /** The wallet sheet the button opened: its frame, from the emulator's origin. */
  async function openSheet(page: Page, wallet: 'Apple Pay' | 'Google Pay'): Promise<FrameLocator> {
    const button = page.getByRole('button', { name: wallet, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const sheet = page.frameLocator(`iframe[title="${wallet} (test sheet)"]`);
    await sheet.getByRole('heading', { name: wallet }).waitFor();
    return sheet;
  }

  /** What has the keyboard focus inside the sheet. */
  const sheetFocus = (page: Page) =>
    page
      .frames()
      .find((f) => f.url().includes('/v3/wallet-sheet'))!
      .evaluate(() => {
        const el = (globalThis as any).document.activeElement;
        return `${el.tagName.toLowerCase()} ${el.value ?? ''} ${el.textContent ?? ''}`.trim();
      });

  it('Apple Pay and Google Pay holds through the wallet sheet, by keyboard: the split is captured', async () => {
    const split = await splitOf([1000, 500]);
    const [first, second] = split.participants as unknown as [{ payToken: string }, { payToken: string }];

    const { page, errors } = await personPage(context);
    await page.goto(payUrl(first.payToken));
    await page.getByRole('heading', { name: 'Pay with Apple Pay or Google Pay' }).waitFor();
    // The wallet buttons come first, above the card form.
    const buttons = await page.locator('#express-checkout button, #payments form button').allTextContents();
    expect(buttons).toEqual(['Apple Pay', 'Google Pay', 'Hold £10.20']);
    await look(page, 'pay-wallets');

    const sheet = await openSheet(page, 'Apple Pay');
    expect(
      new URL(
        page
          .frames()
          .find((f) => f.url().includes('/v3/wallet-sheet'))!
          .url(),
      ).origin,
    ).toBe(stack.urls.emulator);
    await sheet.getByText(shop.merchant.name).waitFor();
    await sheet.getByText('£10.20 will be held on your card.').waitFor();
    await checkState(page, 'pay-apple-pay-sheet');
    // Tab goes into the sheet (its first card), then to "Pay"; the keyboard never leaves the dialog.
    const seen: string[] = [];
    for (let i = 0; i < 4 && seen.at(-1) !== 'button  Pay £10.20'; i++) {
      await page.keyboard.press('Tab');
      seen.push(await sheetFocus(page));
    }
    expect(seen.slice(-2)).toEqual(['input pm_card_applePay_visa', 'button  Pay £10.20']);
    await page.screenshot({ path: docsImagePath('pay-apple-pay-sheet-390.png') });
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Your share is held' }).waitFor();
    await page.getByText('Held on Apple Pay (Visa ••••4242).').waitFor();
    await page.locator('#group').getByText('1 of 2 holds in place').waitFor();
    await look(page, 'pay-apple-pay-held');
    expect(await shareStatus(first.payToken)).toBe('authorised');

    const other = await personPage(context);
    await other.page.goto(payUrl(second.payToken));
    const googleSheet = await openSheet(other.page, 'Google Pay');
    await googleSheet.getByText('£5.20 will be held on your card.').waitFor();
    await googleSheet.getByRole('radio', { name: 'Mastercard ••••4444' }).check();
    await googleSheet.getByRole('button', { name: 'Pay £5.20' }).click();
    await waitForSplitStatus(stack, split.id, ['captured']);
    await other.page.getByRole('heading', { name: 'The order has gone through' }).waitFor({ timeout: 20_000 });
    const card = (await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token })).body
      .participants[1].card;
    expect(card).toMatchObject({ wallet: 'google_pay', label: 'Google Pay (Mastercard ••••4444)' });
    expect([...errors, ...other.errors]).toEqual([]);
  });

  it('a wallet cancelled on the sheet holds nothing and says so; a declined wallet card says why', async () => {
    const split = await splitOf([1000]);
    const [only] = split.participants as unknown as [{ payToken: string }];
    const { page, errors } = await personPage(context);
    await page.goto(payUrl(only.payToken));
    const sheet = await openSheet(page, 'Google Pay');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'You closed the wallet before paying, so nothing is held on your card.' })
      .waitFor();
    // Focus is back on the button that opened the sheet.
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.textContent)).toBe('Google Pay');
    await look(page, 'pay-wallet-cancelled');
    expect(await shareStatus(only.payToken)).toBe('pending');

    const again = await openSheet(page, 'Google Pay');
    await again.getByRole('radio', { name: 'Visa ••••0002, declined' }).check();
    await again.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('alert').filter({ hasText: 'Google Pay: ' }).waitFor();
    expect(await shareStatus(only.payToken)).toBe('pending');
    expect(errors.filter((e) => !e.includes('/authorise'))).toEqual([]);
  });

  it('a wallet whose bank asks for 3-D Secure goes through handleNextAction and is held', async () => {
    const split = await splitOf([1000, 500]);
    const [first] = split.participants as unknown as [{ payToken: string }];
    const { page, errors } = await personPage(context);
    await page.goto(payUrl(first.payToken));
    const sheet = await openSheet(page, 'Apple Pay');
    await sheet.getByRole('radio', { name: /3-D Secure/ }).check();
    await sheet.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    expect(new URL(page.url()).origin).toBe(stack.urls.emulator);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByRole('heading', { name: 'Your share is held' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/pay/${first.payToken}/return`);
    await page.getByText('Held on Apple Pay (Visa ••••3220).').waitFor();
    expect(await shareStatus(first.payToken)).toBe('authorised');
    expect(errors).toEqual([]);
  });

  it('live mode: the same pay.js with the card field and handleNextAction, against the stand-in', async () => {
    const split = await splitOf([1000, 500], 'live');
    const [first, second] = split.participants as unknown as [{ payToken: string }, { payToken: string }];
    const { page, errors } = await personPage(context);
    const response = await page.goto(payUrl(first.payToken));
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain(`script-src 'nonce-`);
    expect(csp).toContain(`frame-src ${stack.urls.emulator};`);
    expect(await page.locator('script[src$="/v3/"]').getAttribute('src')).toBe(`${stack.urls.emulator}/v3/`);
    await page.getByRole('heading', { name: 'Pay with Apple Pay or Google Pay' }).waitFor();
    await page.getByLabel('Card number').fill('4000 0000 0000 3220');
    await page.getByLabel('Expiry date (MM / YY)').fill('12 / 30');
    await page.getByLabel('Security code (CVC)').fill('123');
    await look(page, 'pay-live-card');
    await page.getByRole('button', { name: 'Hold £10.20' }).click();
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    expect(new URL(page.url()).origin).toBe(stack.urls.emulator);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByRole('heading', { name: 'Your share is held' }).waitFor();
    await page.getByText('Held on Visa ••••3220.').waitFor();

    // A wallet in live mode, through the same stand-in.
    const other = await personPage(context);
    await other.page.goto(payUrl(second.payToken));
    const sheet = await openSheet(other.page, 'Google Pay');
    await sheet.getByRole('button', { name: 'Pay £5.20' }).click();
    await waitForSplitStatus(stack, split.id, ['captured']);
    await other.page.getByRole('heading', { name: 'The order has gone through' }).waitFor({ timeout: 20_000 });
    expect([...errors, ...other.errors]).toEqual([]);
  });

  it('after a Cover, the organiser’s pay link shows the wallets first; a Google Pay hold on it', async () => {
    const friend = uniqueEmail('friend');
    const made = await sessionWithSplit(stack, shop.testKey, buyer.token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 20 },
        { email: friend, amount: 20 },
        { email: uniqueEmail('friend'), amount: 20 },
      ],
    });
    const friendRow = await stack.db
      .selectFrom('split_participants')
      .select(['id', 'pay_token'])
      .where('split_id', '=', made.splitId)
      .where('email', '=', friend)
      .executeTakeFirstOrThrow();
    const covered = await stack.api.post(
      `/api/merchants/checkout/sessions/${made.token}/participants/${friendRow.id}/cover`,
      undefined,
      { token: buyer.token },
    );
    expect(covered.status).toBe(200);

    const { page, errors } = await personPage(context);
    await page.goto(covered.body.participant.pay_url);
    await page.getByRole('heading', { name: 'Pay with Apple Pay or Google Pay' }).waitFor();
    const buttons = await page.locator('#express-checkout button, #payments form button').allTextContents();
    expect(buttons).toEqual(['Apple Pay', 'Google Pay', 'Hold £20.20']);
    const sheet = await openSheet(page, 'Google Pay');
    await sheet.getByText(shop.merchant.name).waitFor();
    await sheet.getByText('£20.20 will be held on your card.').waitFor();
    await sheet.getByRole('button', { name: 'Pay £20.20' }).click();
    await page.getByRole('heading', { name: 'Your share is held' }).waitFor();
    await page.getByText('Held on Google Pay (Mastercard ••••4444).').waitFor();
    await look(page, 'pay-covered-google-pay-held');

    // The friend's old link takes no payment: no Stripe.js, no wallet buttons.
    const old = await personPage(context);
    await old.page.goto(payUrl(friendRow.pay_token!));
    await old.page.getByRole('heading', { name: "You don't need to pay" }).waitFor();
    expect(await old.page.locator('#express-checkout, script[src$="/v3/"]').count()).toBe(0);
    expect([...errors, ...old.errors]).toEqual([]);
  });

  it('without JavaScript, test mode’s card picker still holds the share', async () => {
    const split = await splitOf([1000, 500]);
    const [first] = split.participants as unknown as [{ payToken: string }];
    const plain = await chromium.launch(chromiumLaunchOptions());
    try {
      const noScript = await plain.newContext({ javaScriptEnabled: false });
      const page = await noScript.newPage();
      await page.goto(payUrl(first.payToken));
      expect(await page.locator('#wallets').isHidden()).toBe(true);
      await page.getByRole('radio', { name: 'Visa, succeeds' }).check();
      await page.getByRole('button', { name: 'Hold £10.20' }).click();
      await page.getByRole('heading', { name: 'Your share is held' }).waitFor();
      await page.getByText('Held on Visa ••••4242.').waitFor();
      expect(await shareStatus(first.payToken)).toBe('authorised');
    } finally {
      await plain.close();
    }
  });
});
