import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@groupsplit/config';
import { type Processor, type ProcessorConfig, STRIPE_API_VERSION } from './contract';
import { ProcessorError } from './errors';
import { createProcessor, createStripeClient } from './processor';
import { signProcessorWebhook } from './signature';

/**
 * Contract: every request the adapter makes is valid against Stripe's own OpenAPI spec, as
 * served by stripe-mock (installed by scripts/lib/tools.mjs). stripe-mock runs with
 * -strict-version-check, so it also proves the pinned API version is the one its spec describes.
 */
const ROOT = join(__dirname, '..', '..', '..');

function stripeMockBinary(): string {
  if (process.env.STRIPE_MOCK_BIN) return process.env.STRIPE_MOCK_BIN;
  const local = join(ROOT, '.tools', 'bin', 'stripe-mock');
  if (existsSync(local)) return local;
  const found = spawnSync('sh', ['-c', 'command -v stripe-mock'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  throw new Error('stripe-mock is not installed; run `npm run tools` (scripts/tools.mjs) first');
}

function startStripeMock(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    stripeMockBinary(),
    ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:', '-strict-version-check'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`stripe-mock did not start:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Listening for HTTP at address: ([\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://${match[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stripe-mock exited with ${code}:\n${output}`));
    });
  });
}

describe('processor adapter request shapes (stripe-mock contract)', () => {
  let mock: { child: ChildProcess; url: string };
  let config: ProcessorConfig;
  let processor: Processor;

  beforeAll(async () => {
    mock = await startStripeMock();
    config = { ...loadConfig(process.env), STRIPE_API_BASE_URL: mock.url, STRIPE_TEST_SECRET_KEY: 'sk_test_123' };
    processor = createProcessor(config, 'test');
  });
  afterAll(() => {
    mock?.child.kill();
  });

  const account = 'acct_1032D82eZvKYlo2C';
  const pi = 'pi_1032D82eZvKYlo2C';

  it('pins the API version stripe-mock describes', () => {
    expect(STRIPE_API_VERSION).toBe('2026-08-26.dahlia');
  });

  it('stripe-mock really validates: an unknown parameter is refused', async () => {
    const stripe = createStripeClient(config, 'test');
    await expect(
      stripe.paymentIntents.create({ amount: 100, currency: 'gbp', not_a_param: 'x' } as never),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('Request validation error'),
    });
  });

  it('accounts: create, retrieve, onboarding link', async () => {
    const created = await processor.createAccount({
      merchantId: 'm1',
      email: 'shop@example.test',
      businessName: 'Shop',
    });
    expect(typeof created.id).toBe('string');
    expect(typeof created.chargesEnabled).toBe('boolean');
    const read = await processor.retrieveAccount(account);
    expect(typeof read.detailsSubmitted).toBe('boolean');
    const link = await processor.createOnboardingLink({
      accountId: account,
      refreshUrl: 'https://groupsplit.example/refresh',
      returnUrl: 'https://groupsplit.example/return',
      requestId: 'req-1',
    });
    expect(typeof link.url).toBe('string');
    expect(Number.isNaN(Date.parse(link.expiresAt))).toBe(false);
  });

  it('holds: create, confirm, capture, cancel, retrieve with the charge expanded', async () => {
    const hold = await processor.createHold({
      accountId: account,
      splitId: 's1',
      participantId: 'p1',
      shareAmount: 1000,
      customerFee: 20,
      applicationFeeAmount: 50,
      currency: 'gbp',
      description: 'Order 1',
    });
    expect(typeof hold.id).toBe('string');
    expect(typeof hold.amount).toBe('number');
    const base = { accountId: account, paymentIntentId: pi, participantId: 'p1' };
    expect(typeof (await processor.confirmHold({ ...base, attempt: 1, paymentMethodId: 'pm_card_visa' })).status).toBe(
      'string',
    );
    // 3-D Secure: a confirm naming where the issuer's challenge returns the cardholder (return_url).
    const asked = await processor.confirmHold({
      ...base,
      attempt: 2,
      paymentMethodId: 'pm_card_threeDSecure2Required',
      returnUrl: 'https://groupsplit.example/pay/tok/return',
    });
    expect(asked.authenticationUrl === null || typeof asked.authenticationUrl === 'string').toBe(true);
    expect((await processor.captureHold({ ...base, amountToCapture: 1020 })).id).toEqual(expect.any(String));
    expect((await processor.captureHold(base)).id).toEqual(expect.any(String));
    expect((await processor.releaseHold({ ...base, reason: 'abandoned' })).id).toEqual(expect.any(String));
    const read = await processor.retrieveHold({ accountId: account, paymentIntentId: pi });
    expect(read.chargeId).toEqual(expect.any(String));
    // The hold is JSON-safe (it crosses into Temporal workflows).
    expect(JSON.parse(JSON.stringify(read))).toEqual(read);
  });

  it('refunds: partial with the fee, full, list, application-fee refund', async () => {
    const base = { accountId: account, paymentIntentId: pi, participantId: 'p1' };
    const part = await processor.refund({ ...base, refundId: 'r1', amount: 300, refundApplicationFee: true });
    expect(typeof part.amount).toBe('number');
    await processor.refund({ ...base, refundId: 'r2', refundApplicationFee: false, metadata: { reason: 'x' } });
    expect(Array.isArray(await processor.listRefunds({ accountId: account, paymentIntentId: pi }))).toBe(true);
    const fee = await processor.refundApplicationFee({
      applicationFeeId: 'fee_1032D82eZvKYlo2C',
      refundId: 'r3',
      participantId: 'p1',
      amount: 15,
    });
    expect(typeof fee.amount).toBe('number');
  });

  it('billing card on file: customer, attach and make default, charge, detach', async () => {
    const customer = await processor.createBillingCustomer({ merchantId: 'm1', email: 'o@example.test', name: 'Shop' });
    expect(typeof customer.id).toBe('string');
    const card = await processor.attachBillingCard({
      merchantId: 'm1',
      customerId: customer.id,
      paymentMethodId: 'pm_card_visa',
    });
    expect(typeof card.last4).toBe('string');
    const charge = await processor.chargeBillingCard({
      billId: 'b1',
      customerId: customer.id,
      paymentMethodId: card.paymentMethodId,
      amount: 999,
      currency: 'gbp',
      description: 'Fees',
    });
    expect(typeof charge.status).toBe('string');
    await processor.detachBillingCard({ paymentMethodId: card.paymentMethodId });
  });

  it('hosted card set-up: a Checkout Session in setup mode, read back, and its SetupIntent', async () => {
    const setup = await processor.createCardSetup({
      merchantId: 'm1',
      requestId: 'req-1',
      successUrl: 'https://example.test/dashboard/settings/billing?card_setup={CHECKOUT_SESSION_ID}&mode=test',
      cancelUrl: 'https://example.test/dashboard/settings/billing?card_setup=cancelled&mode=test',
    });
    expect(typeof setup.id).toBe('string');
    expect(typeof setup.expiresAt).toBe('string');
    const read = await processor.retrieveCardSetup(setup.id);
    expect(read.id).toBe(setup.id);
    const intent = await processor.retrieveCardSetupIntent('seti_1MaeeIJV7E7DqgLpNbd7BEE8');
    expect(typeof intent.status).toBe('string');
  });

  it('payment method domains: register on a connected account (list, then create or validate)', async () => {
    const domain = await processor.registerPaymentMethodDomain({
      accountId: account,
      domainName: 'pay.groupsplit.example',
    });
    expect(typeof domain.id).toBe('string');
    expect(typeof domain.enabled).toBe('boolean');
    expect(['active', 'inactive']).toContain(domain.applePay.status);
  });

  it('translates a processor refusal into a ProcessorError', async () => {
    const stranger = createProcessor({ ...config, STRIPE_TEST_SECRET_KEY: 'not-a-key' }, 'test');
    const error = await stranger.retrieveAccount(account).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessorError);
    expect((error as ProcessorError).retryable).toBe(false);
  });
});

describe('processor webhook verification', () => {
  const config = { ...loadConfig(process.env), STRIPE_TEST_WEBHOOK_SECRET: 'whsec_unit' };
  const processor = createProcessor(config, 'test');
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    account: 'acct_1',
    api_version: STRIPE_API_VERSION,
    created: 1_700_000_000,
    livemode: false,
    type: 'payment_intent.amount_capturable_updated',
    data: { object: { id: 'pi_1', object: 'payment_intent', amount: 1020 } },
  });

  it('accepts the emulator signature and returns a plain event', () => {
    const event = processor.parseWebhook(Buffer.from(body), signProcessorWebhook(body, 'whsec_unit'));
    expect(event).toMatchObject({ id: 'evt_1', accountId: 'acct_1', livemode: false, object: { id: 'pi_1' } });
  });

  it('refuses a tampered body, another secret, a stale timestamp and a missing header', () => {
    const header = signProcessorWebhook(body, 'whsec_unit');
    expect(() => processor.parseWebhook(body.replace('1020', '1'), header)).toThrow();
    expect(() => processor.parseWebhook(body, signProcessorWebhook(body, 'whsec_other'))).toThrow();
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect(() => processor.parseWebhook(body, signProcessorWebhook(body, 'whsec_unit', stale))).toThrow();
    expect(() => processor.parseWebhook(body, undefined)).toThrow();
  });
});
