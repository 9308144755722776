import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProcessors, createStripeClient } from '@groupsplit/shared';
import { testCardDocRow as docRow, rowLast4, TEST_CARD_NUMBERS, TEST_CARD_TABLE, type TestCardRow } from './test-cards';
import { type RunningEmulator, startEmulator } from './test-helpers';

/** The stripe package's types, through the adapter's client (only the adapter imports `stripe`). */
type StripeClient = ReturnType<typeof createStripeClient>;
type StripeError = {
  statusCode?: number;
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
};
type PaymentIntent = Awaited<ReturnType<StripeClient['paymentIntents']['retrieve']>>;
type Charge = Extract<PaymentIntent['latest_charge'], object>;

/**
 * The documented test-card table (TEST_CARD_TABLE, listed in docs/processor.md and the reference's
 * Testing guide) against the emulator's answers: every id reads back as its card, and a
 * manual-capture confirm with it ends as the table says.
 */
describe('processor emulator: the test-card table', () => {
  let emu: RunningEmulator;
  let stripe: StripeClient;
  let accountId: string;
  const RETURN_URL = 'https://shop.example.test/pay/tok_1/return';

  beforeAll(async () => {
    emu = await startEmulator();
    stripe = createStripeClient(emu.config, 'test');
    const account = await createProcessors(emu.config)
      .forMode('test')
      .createAccount({ merchantId: randomUUID(), email: 'cards@example.test', businessName: 'Cards' });
    expect((await emu.control('POST', `/_emulator/accounts/${account.id}/activate`)).status).toBe(200);
    accountId = account.id;
  });
  afterAll(() => emu.stop());

  const on = () => ({ stripeAccount: accountId });

  it('docs/processor.md lists every row of the table, word for word', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'processor.md'), 'utf8');
    const missing = TEST_CARD_TABLE.filter((r) => !doc.includes(docRow(r)));
    expect(missing.map(docRow)).toEqual([]);
  });

  it('Stripe ids and numbers the issue named: 1629, 3178, 3155', () => {
    const number = (id: string) => TEST_CARD_TABLE.find((r) => r.id === id)?.number;
    expect(number('pm_card_threeDSecureRequiredChargeDeclined')).toBe('4000 0084 0000 1629');
    expect(number('pm_card_authenticationRequiredChargeDeclinedInsufficientFunds')).toBe('4000 0082 6000 3178');
    expect(number('pm_card_authenticationRequiredOnSetup')).toBe('4000 0025 0000 3155');
    expect(number('pm_card_threeDSecureRequiredProcessingError')).toBe('4000 0084 0000 1280');
    expect(number('pm_card_threeDSecureOptionalProcessingError')).toBe('4000 0000 0000 3097');
    expect(number('pm_card_amex_threeDSecureNotSupported')).toBe('3782 822463 10005');
    // The hosted set-up page takes the brand and decline numbers, never a 3-D Secure one.
    expect(TEST_CARD_NUMBERS['4000008400001629']).toBeUndefined();
    expect(TEST_CARD_NUMBERS['4000000000009987']).toBe('pm_card_chargeDeclinedLostCard');
  });

  it.each(TEST_CARD_TABLE.map((r) => [r.id, r] as const))(
    'GET /v1/payment_methods/%s reads as its card',
    async (id, r) => {
      const pm = await stripe.paymentMethods.retrieve(id, {}, on());
      expect(pm.card).toMatchObject({
        brand: r.brand,
        last4: rowLast4(r),
        country: r.country,
        funding: r.funding,
        three_d_secure_usage: { supported: r.threeDSecureSupported },
        wallet: r.wallet ? { type: r.wallet.type, dynamic_last4: r.wallet.dynamic_last4, [r.wallet.type]: {} } : null,
      });
    },
  );

  async function confirm(id: string, requestThreeDSecure?: 'any') {
    const pi = await stripe.paymentIntents.create(
      { amount: 1020, currency: 'gbp', capture_method: 'manual', application_fee_amount: 50 },
      on(),
    );
    try {
      const confirmed = await stripe.paymentIntents.confirm(
        pi.id,
        {
          payment_method: id,
          return_url: RETURN_URL,
          expand: ['latest_charge'],
          ...(requestThreeDSecure
            ? { payment_method_options: { card: { request_three_d_secure: requestThreeDSecure } } }
            : {}),
        },
        on(),
      );
      return { pi: confirmed, error: null };
    } catch (error) {
      return { pi: await read(pi.id), error: error as StripeError };
    }
  }

  const read = (id: string) => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }, on());

  function expectHeld(pi: PaymentIntent, r: TestCardRow) {
    expect(pi.status).toBe('requires_capture');
    const card = (pi.latest_charge as Charge).payment_method_details!.card!;
    expect(card).toMatchObject({ brand: r.brand, last4: rowLast4(r) });
    expect(card.wallet ?? null).toEqual(
      r.wallet ? { type: r.wallet.type, dynamic_last4: r.wallet.dynamic_last4, [r.wallet.type]: {} } : null,
    );
    // A hold on a card lapses 7 days after it is authorised.
    expect(Math.abs(card.capture_before! * 1000 - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
  }

  function expectDeclined(
    pi: PaymentIntent,
    error: StripeError | null,
    d: { code: string; declineCode: string; message: string; blocked?: boolean },
  ) {
    if (error) {
      expect(error.statusCode).toBe(402);
      expect(error).toMatchObject({
        type: 'StripeCardError',
        code: d.code,
        decline_code: d.declineCode,
        message: d.message,
      });
    }
    const param = { expired_card: 'exp_year', incorrect_cvc: 'cvc' }[d.code];
    if (error) expect(error.param).toBe(param);
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error).toMatchObject({ code: d.code, decline_code: d.declineCode, message: d.message });
    const charge = pi.latest_charge as Charge;
    expect(charge).toMatchObject({ status: 'failed', failure_code: d.code, failure_message: d.message });
    expect(charge.outcome?.type).toBe(d.blocked ? 'blocked' : 'issuer_declined');
  }

  async function completeChallenge(pi: PaymentIntent) {
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('redirect_to_url');
    const answer = await fetch(pi.next_action!.redirect_to_url!.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    return read(pi.id);
  }

  async function expectOutcome(
    b: TestCardRow['behaviour'],
    r: TestCardRow,
    pi: PaymentIntent,
    error: StripeError | null,
  ) {
    if (b.outcome === 'succeed') {
      expect(error).toBeNull();
      expectHeld(pi, r);
    } else if (b.outcome === 'decline') {
      expect(error).not.toBeNull();
      expectDeclined(pi, error, b);
    } else {
      expect(error).toBeNull();
      expect(pi.latest_charge).toBeNull();
      const after = await completeChallenge(pi);
      if (b.afterChallenge.outcome === 'succeed') expectHeld(after, r);
      else expectDeclined(after, null, b.afterChallenge);
    }
  }

  it.each(TEST_CARD_TABLE.filter((r) => r.whenRequested).map((r) => [r.id, r] as const))(
    'with request_three_d_secure any, %s behaves as the table says for a requested payment',
    async (id, r) => {
      const { pi, error } = await confirm(id, 'any');
      expect(
        (pi.payment_method_options?.card as { request_three_d_secure?: string } | undefined)?.request_three_d_secure,
      ).toBe('any');
      await expectOutcome(r.whenRequested!, r, pi, error);
    },
  );

  it('with request_three_d_secure any, a card that does not take part (4242) is still held at once', async () => {
    const { pi, error } = await confirm('pm_card_visa', 'any');
    expect(error).toBeNull();
    expectHeld(pi, TEST_CARD_TABLE.find((row) => row.id === 'pm_card_visa')!);
  });

  it.each(TEST_CARD_TABLE.map((r) => [r.id, r] as const))(
    'a manual-capture confirm with %s ends as the table says',
    async (id, r) => {
      const { pi, error } = await confirm(id);
      await expectOutcome(r.behaviour, r, pi, error);
    },
  );

  it('declining cards refuse to be saved to a customer, as Stripe’s card check does; 0341 saves', async () => {
    const customer = await stripe.customers.create({ email: 'save@example.test' }, on());
    const refused = await stripe.paymentMethods
      .attach('pm_card_chargeDeclinedExpiredCard', { customer: customer.id }, on())
      .catch((e: StripeError) => e);
    expect(refused).toMatchObject({
      code: 'expired_card',
      decline_code: 'expired_card',
      message: 'Your card has expired.',
    });
    const saved = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id }, on());
    expect(saved.customer).toBe(customer.id);
  });

  it('through the adapter, a wallet hold says which wallet (Hold.card.wallet); a plain card has none', async () => {
    const processor = createProcessors(emu.config).forMode('test');
    const hold = async (paymentMethodId: string) => {
      const participantId = randomUUID();
      const created = await processor.createHold({
        accountId,
        splitId: randomUUID(),
        participantId,
        shareAmount: 1000,
        customerFee: 20,
        applicationFeeAmount: 50,
        currency: 'gbp',
        description: 'Order #W',
      });
      return processor.confirmHold({
        accountId,
        paymentIntentId: created.id,
        participantId,
        attempt: 1,
        paymentMethodId,
      });
    };
    expect((await hold('pm_card_googlePay_mastercard')).card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      wallet: { type: 'google_pay', dynamicLast4: '4444' },
    });
    expect((await hold('pm_card_visa')).card).toEqual({ brand: 'visa', last4: '4242' });
  });

  it('a wallet hold carries capture_before, which the control API can bring forward', async () => {
    const pi = await stripe.paymentIntents.create(
      { amount: 3020, currency: 'gbp', capture_method: 'manual', payment_method: 'pm_card_applePay_visa' },
      on(),
    );
    const soon = Math.floor(Date.now() / 1000) + 3600;
    const set = await emu.control('POST', `/_emulator/payment_intents/${pi.id}/capture_before`, {
      capture_before: soon,
    });
    expect(set).toMatchObject({ status: 200, body: { applied: 'next_authorisation' } });
    const held = await stripe.paymentIntents.confirm(pi.id, { expand: ['latest_charge'] }, on());
    const card = (held.latest_charge as Charge).payment_method_details!.card!;
    expect(card).toMatchObject({ capture_before: soon, wallet: { type: 'apple_pay', dynamic_last4: '4242' } });
  });
});
