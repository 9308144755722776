import { randomUUID } from 'node:crypto';
import { createProcessors, type Processor } from '@groupsplit/shared';
import { type RunningEmulator, startEmulator } from '../test-helpers';

/**
 * The Stripe.js stand-in's own browser API (docs/processor.md, "The Stripe.js stand-in"): its script and
 * wallet sheet, PaymentMethods from a card number or a wallet card, and an intent read and confirmed by
 * its client secret. The stand-in in a browser is `services/checkout/src/pages/wallets.browser.test.ts`.
 */
describe('processor emulator: the Stripe.js stand-in', () => {
  let emu: RunningEmulator;
  let test: Processor;
  let accountId: string;
  const key = () => emu.config.STRIPE_TEST_PUBLISHABLE_KEY;

  beforeAll(async () => {
    emu = await startEmulator();
    test = createProcessors(emu.config).forMode('test');
    const account = await test.createAccount({
      merchantId: randomUUID(),
      email: 'shop@example.test',
      businessName: 'Shop',
    });
    expect((await emu.control('POST', `/_emulator/accounts/${account.id}/activate`)).status).toBe(200);
    accountId = account.id;
  });
  afterAll(() => emu.stop());

  const post = async (path: string, params: Record<string, string>) => {
    const res = await fetch(`${emu.url}${path}`, { method: 'POST', body: new URLSearchParams(params) });
    return {
      status: res.status,
      cors: res.headers.get('access-control-allow-origin'),
      body: (await res.json()) as any,
    };
  };

  async function hold() {
    return test.createHold({
      accountId,
      splitId: randomUUID(),
      participantId: randomUUID(),
      shareAmount: 1000,
      customerFee: 20,
      applicationFeeAmount: 50,
      currency: 'gbp',
      description: 'Order #JS',
    });
  }

  it('serves the script at /v3/ and /v3, to any origin', async () => {
    for (const path of ['/v3/', '/v3']) {
      const res = await fetch(`${emu.url}${path}`);
      expect([res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin')]).toEqual([
        200,
        'text/javascript; charset=utf-8',
        '*',
      ]);
      expect(await res.text()).toContain('window.Stripe = Stripe;');
    }
    const preflight = await fetch(`${emu.url}/v3/api/payment_methods`, {
      method: 'OPTIONS',
      headers: { origin: 'http://shop.example.test', 'access-control-request-headers': 'x-forwarded-for' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-headers')]).toEqual([204, 'x-forwarded-for']);
  });

  it('makes PaymentMethods from a card number and from a wallet card; refuses an unknown number and a wrong key', async () => {
    const card = await post('/v3/api/payment_methods', {
      key: key(),
      stripe_account: accountId,
      number: '4242 4242 4242 4242',
    });
    expect(card).toMatchObject({
      status: 200,
      cors: '*',
      body: { object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
    });
    expect(card.body.id).toMatch(/^pm_/);
    const wallet = await post('/v3/api/payment_methods', {
      key: key(),
      stripe_account: accountId,
      wallet_card: 'pm_card_googlePay_mastercard',
    });
    expect(wallet.body.card).toMatchObject({ brand: 'mastercard', last4: '4444', wallet: { type: 'google_pay' } });

    const unknown = await post('/v3/api/payment_methods', { key: key(), number: '4111 1111 1111 1112' });
    expect(unknown).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } },
    });
    const notAWallet = await post('/v3/api/payment_methods', { key: key(), wallet_card: 'pm_card_visa' });
    expect(notAWallet).toMatchObject({ status: 400, body: { error: { param: 'wallet_card' } } });
    const badKey = await post('/v3/api/payment_methods', { key: 'pk_test_nope', number: '4242424242424242' });
    expect(badKey).toMatchObject({ status: 401, body: { error: { type: 'invalid_request_error' } } });
    const otherAccount = await post('/v3/api/payment_methods', {
      key: emu.config.STRIPE_LIVE_PUBLISHABLE_KEY,
      stripe_account: accountId,
      number: '4242424242424242',
    });
    expect(otherAccount).toMatchObject({ status: 403, body: { error: { code: 'account_invalid' } } });
  });

  it('reads and confirms an intent by its client secret: 3-D Secure asks, a decline answers 402, a wrong secret 404', async () => {
    const asked = await hold();
    const returnUrl = 'https://pay.example.test/pay/tok/return';
    const confirmed = await post(`/v3/api/payment_intents/${asked.id}/confirm`, {
      key: key(),
      stripe_account: accountId,
      client_secret: asked.clientSecret!,
      number: '4000000000003220',
      return_url: returnUrl,
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: {
        id: asked.id,
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl } },
      },
    });
    expect(confirmed.body.next_action.redirect_to_url.url).toBe(
      `${emu.url}/_emulator/authenticate/${asked.id}?client_secret=${encodeURIComponent(asked.clientSecret!)}`,
    );
    const read = await fetch(
      `${emu.url}/v3/api/payment_intents/${asked.id}?${new URLSearchParams({ key: key(), stripe_account: accountId, client_secret: asked.clientSecret! })}`,
    );
    expect([read.status, ((await read.json()) as { status: string }).status]).toEqual([200, 'requires_action']);
    const wrong = await fetch(
      `${emu.url}/v3/api/payment_intents/${asked.id}?${new URLSearchParams({ key: key(), stripe_account: accountId, client_secret: 'nope' })}`,
    );
    expect([wrong.status, ((await wrong.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'resource_missing',
    ]);

    const declined = await hold();
    const refused = await post(`/v3/api/payment_intents/${declined.id}/confirm`, {
      key: key(),
      stripe_account: accountId,
      client_secret: declined.clientSecret!,
      payment_method: 'pm_card_chargeDeclined',
    });
    expect(refused).toMatchObject({
      status: 402,
      body: { error: { code: 'card_declined', decline_code: 'generic_decline', payment_intent: { id: declined.id } } },
    });

    const held = await hold();
    const wallet = await post(`/v3/api/payment_intents/${held.id}/confirm`, {
      key: key(),
      stripe_account: accountId,
      client_secret: held.clientSecret!,
      wallet_card: 'pm_card_applePay_visa',
    });
    expect(wallet).toMatchObject({ status: 200, body: { status: 'requires_capture', amount_capturable: 1020 } });
  });

  it('draws the wallet sheet with the business and the amount held, and refuses one it cannot draw', async () => {
    const query = new URLSearchParams({
      type: 'apple_pay',
      amount: '1020',
      currency: 'gbp',
      business: 'Picnic <Supplies>',
      key: key(),
      account: accountId,
      parent: 'http://pay.example.test/pay/tok',
    });
    const sheet = await fetch(`${emu.url}/v3/wallet-sheet?${query}`);
    const html = await sheet.text();
    expect(sheet.status).toBe(200);
    expect(html).toContain('<h1>Apple Pay</h1>');
    expect(html).toContain('Pay <strong>Picnic &lt;Supplies&gt;</strong>');
    expect(html).toContain('£10.20 will be held on your card.');
    expect(html).toContain('data-parent="http://pay.example.test"');
    expect(html).toContain('value="pm_card_applePay_visa" checked');
    expect(html).toContain('Visa ••••3220, your bank asks you to confirm (3-D Secure)');
    expect(html).not.toContain('pm_card_googlePay');
    query.set('type', 'paypal');
    expect((await fetch(`${emu.url}/v3/wallet-sheet?${query}`)).status).toBe(400);
  });
});
