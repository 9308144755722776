import { randomUUID } from 'node:crypto';
import { createProcessor, createProcessors, type Processor, ProcessorError, type Processors } from '@groupsplit/shared';
import { type RunningEmulator, startEmulator, startReceiver } from './test-helpers';

/**
 * The processor adapter (packages/processor/src) driven through the real `stripe` package
 * against the emulator: every operation, idempotent replay, declines and injected faults.
 */
describe('processor adapter against the emulator', () => {
  let emu: RunningEmulator;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let processors: Processors;
  let test: Processor;

  beforeAll(async () => {
    receiver = await startReceiver();
    emu = await startEmulator({
      EMULATOR_WEBHOOK_URL_TEST: `${receiver.url}/test`,
      EMULATOR_WEBHOOK_URL_LIVE: `${receiver.url}/live`,
    });
    processors = createProcessors(emu.config);
    test = processors.forMode('test');
  });
  afterAll(async () => {
    await emu.stop();
    await receiver.stop();
  });
  afterEach(async () => {
    await emu.control('DELETE', '/_emulator/faults');
  });

  const ids = () => ({ splitId: randomUUID(), participantId: randomUUID() });

  async function activeAccount(processor: Processor = test) {
    const account = await processor.createAccount({
      merchantId: randomUUID(),
      email: 'shop@example.test',
      businessName: 'Shop',
    });
    const res = await emu.control('POST', `/_emulator/accounts/${account.id}/activate`);
    expect(res.status).toBe(200);
    return account.id;
  }

  async function hold(accountId: string, share = 1000, extra: Partial<Parameters<Processor['createHold']>[0]> = {}) {
    const { splitId, participantId } = ids();
    const created = await test.createHold({
      accountId,
      splitId,
      participantId,
      shareAmount: share,
      customerFee: 20,
      applicationFeeAmount: 50,
      currency: 'gbp',
      description: 'Order #42',
      ...extra,
    });
    return { ...created, splitId: extra.splitId ?? splitId, participantId: extra.participantId ?? participantId };
  }

  async function authorised(accountId: string, share = 1000) {
    const h = await hold(accountId, share);
    await test.confirmHold({
      accountId,
      paymentIntentId: h.id,
      participantId: h.participantId,
      attempt: 1,
      paymentMethodId: 'pm_card_visa',
    });
    return h;
  }

  async function ledger(paymentIntentId: string) {
    const res = await emu.control('GET', `/_emulator/ledger?payment_intent=${paymentIntentId}`);
    return res.body.payment_intents[0];
  }

  async function caught(promise: Promise<unknown>): Promise<ProcessorError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ProcessorError);
      return error as ProcessorError;
    }
    throw new Error('expected the call to fail');
  }

  describe('accounts', () => {
    it('creates a UK Standard account paying out in pounds, not yet able to charge', async () => {
      const merchantId = randomUUID();
      const account = await test.createAccount({ merchantId, email: 'a@example.test', businessName: 'Cafe' });
      expect(account).toMatchObject({
        id: expect.stringMatching(/^acct_/),
        country: 'GB',
        defaultCurrency: 'gbp',
        chargesEnabled: false,
        detailsSubmitted: false,
        email: 'a@example.test',
      });
      // Same merchant, same idempotency key: the same account.
      expect((await test.createAccount({ merchantId, email: 'a@example.test', businessName: 'Cafe' })).id).toBe(
        account.id,
      );
      expect((await test.retrieveAccount(account.id)).id).toBe(account.id);
    });

    it('gives a five-minute onboarding link whose page completes onboarding once', async () => {
      const account = await test.createAccount({ merchantId: randomUUID() });
      const link = await test.createOnboardingLink({
        accountId: account.id,
        refreshUrl: 'https://shop.example/refresh',
        returnUrl: 'https://shop.example/return',
        requestId: randomUUID(),
      });
      expect(link.url).toMatch(new RegExp(`^${emu.url}/_emulator/onboarding/`));
      const ttl = new Date(link.expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(4 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000);

      const first = await fetch(link.url, { redirect: 'manual' });
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(html).toContain('Complete onboarding');
      const action = /action="([^"]+)"/.exec(html)![1]!;

      const second = await fetch(link.url, { redirect: 'manual' });
      expect(second.status).toBe(302);
      expect(second.headers.get('location')).toBe('https://shop.example/refresh');

      const done = await fetch(new URL(action, emu.url), { method: 'POST', redirect: 'manual' });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('https://shop.example/return');
      expect(await test.retrieveAccount(account.id)).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });

      const again = await fetch(new URL(action, emu.url), { method: 'POST', redirect: 'manual' });
      expect(again.headers.get('location')).toBe('https://shop.example/refresh');
    });

    it('keeps test and live apart and refuses unknown keys', async () => {
      const account = await test.createAccount({ merchantId: randomUUID() });
      const live = processors.forMode('live');
      const crossMode = await caught(live.retrieveAccount(account.id));
      expect(crossMode.kind).toBe('invalid_request');
      expect(crossMode.statusCode).toBe(404);

      const stranger = createProcessor({ ...emu.config, STRIPE_TEST_SECRET_KEY: 'sk_test_not_a_key' }, 'test');
      const denied = await caught(stranger.retrieveAccount(account.id));
      expect(denied.kind).toBe('authentication');
      expect(denied.statusCode).toBe(401);
      expect(denied.message).toMatch(/^Invalid API Key provided: sk_test_/);
    });
  });

  describe('holds', () => {
    let accountId: string;
    beforeAll(async () => {
      accountId = await activeAccount();
    });

    it('refuses a hold on an account that has not finished onboarding, with the processor message', async () => {
      const pending = await test.createAccount({ merchantId: randomUUID() });
      const error = await caught(hold(pending.id));
      expect(error.kind).toBe('invalid_request');
      expect(error.retryable).toBe(false);
      expect(error.message).toMatch(/^This Connect account cannot currently make test charges/);
    });

    it('places, authorises and captures a hold with fees, metadata and capture_before', async () => {
      const h = await hold(accountId);
      expect(h).toMatchObject({
        status: 'requires_payment_method',
        amount: 1020,
        currency: 'gbp',
        applicationFeeAmount: 50,
        description: 'Order #42',
        metadata: { split_id: h.splitId, participant_id: h.participantId, mode: 'test' },
        clientSecret: expect.stringContaining(`${h.id}_secret_`),
      });

      const confirmed = await test.confirmHold({
        accountId,
        paymentIntentId: h.id,
        participantId: h.participantId,
        attempt: 1,
        paymentMethodId: 'pm_card_mastercard',
      });
      expect(confirmed).toMatchObject({
        status: 'requires_capture',
        amountCapturable: 1020,
        chargeId: expect.any(String),
      });
      const captureBefore = new Date(confirmed.captureBefore!).getTime();
      expect(Math.abs(captureBefore - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

      const read = await test.retrieveHold({ accountId, paymentIntentId: h.id });
      expect(read.captureBefore).toBe(confirmed.captureBefore);

      const captured = await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
      expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 1020, amountCapturable: 0 });
      expect(captured.applicationFeeId).toMatch(/^fee_/);

      expect(await ledger(h.id)).toMatchObject({
        status: 'succeeded',
        amount: 1020,
        amount_captured: 1020,
        capture_calls: 1,
        application_fee_amount: 50,
        application_fee_collected: 50,
        amount_refunded: 0,
      });
    });

    it('replays idempotent calls and refuses a reused key with different parameters', async () => {
      const h = await hold(accountId);
      const again = await hold(accountId, 1000, { splitId: h.splitId, participantId: h.participantId });
      expect(again.id).toBe(h.id);
      expect((await emu.control('GET', `/_emulator/ledger?split_id=${h.splitId}`)).body.payment_intents).toHaveLength(
        1,
      );

      const reused = await caught(hold(accountId, 2000, { splitId: h.splitId, participantId: h.participantId }));
      expect(reused.kind).toBe('idempotency');
      expect(reused.statusCode).toBe(400);
      expect(reused.retryable).toBe(false);

      await test.confirmHold({
        accountId,
        paymentIntentId: h.id,
        participantId: h.participantId,
        attempt: 1,
        paymentMethodId: 'pm_card_visa',
      });
      const first = await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
      const second = await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
      expect(second).toEqual(first);
      expect((await ledger(h.id)).capture_calls).toBe(1);
    });

    it('releases a hold, after which it cannot be captured', async () => {
      const h = await authorised(accountId);
      const released = await test.releaseHold({
        accountId,
        paymentIntentId: h.id,
        participantId: h.participantId,
        reason: 'abandoned',
      });
      expect(released).toMatchObject({ status: 'canceled', cancellationReason: 'abandoned', amountCapturable: 0 });
      const error = await caught(
        test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId }),
      );
      expect(error.kind).toBe('invalid_request');
      expect(error.code).toBe('payment_intent_unexpected_state');
      expect(error.message).toBe(
        'This PaymentIntent could not be captured because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
      );
      expect((await ledger(h.id)).capture_calls).toBe(0);
    });

    it.each([
      ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ])(
      'declines %s at confirm with the processor code and message; a new attempt can succeed',
      async (pm, declineCode, message) => {
        const h = await hold(accountId);
        const error = await caught(
          test.confirmHold({
            accountId,
            paymentIntentId: h.id,
            participantId: h.participantId,
            attempt: 1,
            paymentMethodId: pm,
          }),
        );
        expect(error).toMatchObject({
          kind: 'card_declined',
          code: 'card_declined',
          declineCode,
          message,
          retryable: false,
          statusCode: 402,
          paymentIntentId: h.id,
        });
        const after = await test.retrieveHold({ accountId, paymentIntentId: h.id });
        expect(after.status).toBe('requires_payment_method');
        expect(after.lastPaymentError).toEqual({ code: 'card_declined', declineCode, message });

        const retried = await test.confirmHold({
          accountId,
          paymentIntentId: h.id,
          participantId: h.participantId,
          attempt: 2,
          paymentMethodId: 'pm_card_visa',
        });
        expect(retried.status).toBe('requires_capture');
        expect(retried.lastPaymentError).toBeNull();
      },
    );
  });

  describe('refunds', () => {
    let accountId: string;
    beforeAll(async () => {
      accountId = await activeAccount();
    });

    async function capturedHold() {
      const h = await authorised(accountId);
      return test
        .captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId })
        .then((c) => ({ ...c, participantId: h.participantId }));
    }

    it('refunds in part and then the rest, with the fee refunded proportionally and then on its own', async () => {
      const h = await capturedHold();
      const refundId = randomUUID();
      const part = await test.refund({
        accountId,
        paymentIntentId: h.id,
        refundId,
        participantId: h.participantId,
        amount: 300,
        refundApplicationFee: false,
      });
      expect(part).toMatchObject({
        amount: 300,
        paymentIntentId: h.id,
        status: 'succeeded',
        metadata: { refund_id: refundId },
      });
      // Replaying the same refund id does not refund twice.
      expect(
        (
          await test.refund({
            accountId,
            paymentIntentId: h.id,
            refundId,
            participantId: h.participantId,
            amount: 300,
            refundApplicationFee: false,
          })
        ).id,
      ).toBe(part.id);

      const over = await caught(
        test.refund({
          accountId,
          paymentIntentId: h.id,
          refundId: randomUUID(),
          participantId: h.participantId,
          amount: 800,
          refundApplicationFee: true,
        }),
      );
      expect(over).toMatchObject({ kind: 'invalid_request', code: 'amount_too_large' });
      expect(over.message).toBe('Refund amount (£8.00) is greater than unrefunded amount on charge (£7.20)');

      const rest = await test.refund({
        accountId,
        paymentIntentId: h.id,
        refundId: randomUUID(),
        participantId: h.participantId,
        refundApplicationFee: true,
      });
      expect(rest.amount).toBe(720);
      let row = await ledger(h.id);
      expect(row).toMatchObject({ amount_refunded: 1020, application_fee_collected: 50, application_fee_refunded: 35 });
      expect(row.refunds.map((r: { amount: number }) => r.amount)).toEqual([300, 720]);

      const feeRefund = await test.refundApplicationFee({
        applicationFeeId: h.applicationFeeId!,
        refundId: randomUUID(),
        participantId: h.participantId,
      });
      expect(feeRefund).toMatchObject({ feeId: h.applicationFeeId, amount: 15 });
      row = await ledger(h.id);
      expect(row.application_fee_refunded).toBe(50);

      const done = await caught(
        test.refund({
          accountId,
          paymentIntentId: h.id,
          refundId: randomUUID(),
          participantId: h.participantId,
          refundApplicationFee: false,
        }),
      );
      expect(done.code).toBe('charge_already_refunded');
      expect(await test.listRefunds({ accountId, paymentIntentId: h.id })).toHaveLength(2);
      expect((await test.retrieveHold({ accountId, paymentIntentId: h.id })).amountRefunded).toBe(1020);
    });

    it('refunds everything with the whole fee in one call', async () => {
      const h = await capturedHold();
      const refund = await test.refund({
        accountId,
        paymentIntentId: h.id,
        refundId: randomUUID(),
        participantId: h.participantId,
        refundApplicationFee: true,
      });
      expect(refund.amount).toBe(1020);
      expect(await ledger(h.id)).toMatchObject({ amount_refunded: 1020, application_fee_refunded: 50 });
    });
  });

  describe('injected faults', () => {
    let accountId: string;
    beforeAll(async () => {
      accountId = await activeAccount();
    });

    it('a 5xx on capture is retryable, and the retry with the same key captures once', async () => {
      const h = await authorised(accountId);
      await emu.control('POST', '/_emulator/faults', {
        operation: 'capture',
        match: { payment_intent: h.id },
        error: { type: 'api_error', message: 'Something went wrong on our end.', status: 500 },
        times: 1,
      });
      const error = await caught(
        test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId }),
      );
      expect(error).toMatchObject({
        kind: 'api',
        retryable: true,
        statusCode: 500,
        message: 'Something went wrong on our end.',
      });
      const captured = await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
      expect(captured.status).toBe('succeeded');
      expect((await ledger(h.id)).capture_calls).toBe(1);
    });

    it('"fails the first N times" on confirm, then succeeds', async () => {
      const h = await hold(accountId);
      await emu.control('POST', '/_emulator/faults', {
        operation: 'confirm',
        match: { payment_intent: h.id },
        error: { type: 'api_error', message: 'Temporary failure', status: 503 },
        times: 2,
      });
      const confirm = () =>
        test.confirmHold({
          accountId,
          paymentIntentId: h.id,
          participantId: h.participantId,
          attempt: 1,
          paymentMethodId: 'pm_card_visa',
        });
      expect((await caught(confirm())).statusCode).toBe(503);
      expect((await caught(confirm())).statusCode).toBe(503);
      expect((await confirm()).status).toBe('requires_capture');
    });

    it('a decline injected on create, matched by amount, passes the processor message through', async () => {
      await emu.control('POST', '/_emulator/faults', {
        operation: 'create',
        match: { amount: 1254 },
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'do_not_honor',
          message: 'Your card was declined.',
        },
      });
      const error = await caught(hold(accountId, 1234));
      expect(error).toMatchObject({
        kind: 'card_declined',
        declineCode: 'do_not_honor',
        message: 'Your card was declined.',
        retryable: false,
      });
      expect((await hold(accountId, 1000)).status).toBe('requires_payment_method');
    });

    it('a fault with probability 1 fires on every matching call, counting each as seen and hit', async () => {
      const fault = { type: 'api_error', message: 'Flaky processor', status: 500 };
      const added = await emu.control('POST', '/_emulator/faults', {
        operation: 'create',
        match: { amount: 1313 },
        error: fault,
        probability: 1,
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ probability: 1, hits: 0, seen: 0 });
      for (let i = 0; i < 3; i++) {
        expect(await caught(hold(accountId, 1293))).toMatchObject({ kind: 'api', statusCode: 500, retryable: true });
      }
      expect((await emu.control('GET', '/_emulator/faults')).body.faults).toEqual([
        expect.objectContaining({ id: added.body.id, hits: 3, seen: 3 }),
      ]);
    });

    it('a fault that does not fire lets the call through unspent; the next matching fault rolls on its own', async () => {
      // 1e-12 per call: over these 25 calls the first fault fires once in 4e10 runs.
      const never = await emu.control('POST', '/_emulator/faults', {
        operation: 'create',
        match: { amount: 1414 },
        error: { type: 'api_error', message: 'Unlikely', status: 503 },
        probability: 1e-12,
        times: 1,
      });
      const once = await emu.control('POST', '/_emulator/faults', {
        operation: 'create',
        match: { amount: 1414 },
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        probability: 1,
        times: 1,
      });
      expect(await caught(hold(accountId, 1394))).toMatchObject({ kind: 'card_declined' });
      for (let i = 0; i < 24; i++) expect((await hold(accountId, 1394)).status).toBe('requires_payment_method');
      expect((await emu.control('GET', '/_emulator/faults')).body.faults).toEqual([
        expect.objectContaining({ id: never.body.id, probability: 1e-12, seen: 25, hits: 0 }),
        expect.objectContaining({ id: once.body.id, seen: 1, hits: 1 }),
      ]);
    });

    it('refuses a probability that is not above 0 and at most 1', async () => {
      for (const probability of [0, -0.5, 1.5, '0.5']) {
        const res = await emu.control('POST', '/_emulator/faults', { operation: 'capture', delay_ms: 10, probability });
        expect(res.status).toBe(400);
      }
      expect((await emu.control('GET', '/_emulator/faults')).body.faults).toEqual([]);
    });

    it('a processor made from config times a slow call out after STRIPE_TIMEOUT_MS (retryable); the request still happens and the retry replays it', async () => {
      const h = await authorised(accountId);
      await emu.control('POST', '/_emulator/faults', {
        operation: 'capture',
        match: { payment_intent: h.id },
        delay_ms: 800,
        times: 1,
      });
      const impatient = createProcessors({ ...emu.config, STRIPE_TIMEOUT_MS: 200 }).forMode('test');
      const error = await caught(
        impatient.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId }),
      );
      expect(error).toMatchObject({ kind: 'connection', retryable: true });

      // Retry until the slow request has finished; an in-flight key answers 409 "in use" (retryable).
      let captured: Awaited<ReturnType<Processor['captureHold']>> | undefined;
      for (let i = 0; i < 50 && !captured; i++) {
        try {
          captured = await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
        } catch (e) {
          expect((e as ProcessorError).retryable).toBe(true);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      expect(captured?.status).toBe('succeeded');
      expect((await ledger(h.id)).capture_calls).toBe(1);
    });

    it('applies configured latency to every call', async () => {
      await emu.control('POST', '/_emulator/config', { latency_ms: 150 });
      try {
        const started = Date.now();
        await test.retrieveAccount(accountId);
        expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      } finally {
        await emu.control('POST', '/_emulator/config', { latency_ms: 0 });
      }
    });
  });

  describe('events', () => {
    it('posts signed Connect events for the lifecycle, dashboard refunds and disputes', async () => {
      const accountId = await activeAccount();
      const h = await authorised(accountId);
      await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
      expect((await emu.control('POST', `/_emulator/payment_intents/${h.id}/refund`, { amount: 100 })).status).toBe(
        200,
      );
      expect((await emu.control('POST', `/_emulator/payment_intents/${h.id}/dispute`)).status).toBe(200);
      await emu.control('POST', '/_emulator/events/flush');

      const mine = receiver.received
        .map((r) => ({ r, event: test.parseWebhook(r.body, r.headers['stripe-signature'] as string) }))
        .filter(({ event }) => event.accountId === accountId);
      expect(mine.every(({ r }) => r.path === '/test')).toBe(true);
      expect(mine.map(({ event }) => event.type)).toEqual([
        'account.updated',
        'payment_intent.amount_capturable_updated',
        'payment_intent.succeeded',
        'charge.refunded',
        'charge.dispute.created',
      ]);
      const refunded = mine[3]!.event;
      expect(refunded.object).toMatchObject({ object: 'charge', payment_intent: h.id, amount_refunded: 100 });
      expect(mine[4]!.event.object).toMatchObject({ object: 'dispute', payment_intent: h.id });

      const row = await ledger(h.id);
      expect(row).toMatchObject({ amount_refunded: 100, disputed: true });
      expect(row.refunds[0]).toMatchObject({ source: 'dashboard', amount: 100 });
      expect(row.events.every((e: { delivery_status: string }) => e.delivery_status === 'delivered')).toBe(true);
    });

    it('retries a failed delivery until the endpoint accepts it', async () => {
      await emu.control('POST', '/_emulator/events/flush');
      receiver.state.failNext = 2;
      const accountId = await activeAccount();
      const res = await emu.control('GET', `/_emulator/events?account=${accountId}`);
      const eventId = res.body.events[0].id;
      for (let i = 0; i < 5; i++) {
        const events = (await emu.control('GET', `/_emulator/events?account=${accountId}`)).body.events;
        if (events[0].delivery_status === 'delivered') break;
        await emu.control('POST', '/_emulator/events/flush');
      }
      const [event] = (await emu.control('GET', `/_emulator/events?account=${accountId}`)).body.events;
      expect(event).toMatchObject({ id: eventId, delivery_status: 'delivered', attempts: 3 });
      expect(receiver.received.filter((r) => r.body.includes(eventId))).toHaveLength(1);
    });

    it('refuses a forged signature', () => {
      const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'account.updated', data: { object: {} } });
      expect(() => test.parseWebhook(body, 't=1,v1=deadbeef')).toThrow();
      expect(() => processors.forMode('live').parseWebhook(body, undefined)).toThrow('Missing Stripe-Signature header');
    });
  });

  describe('billing card on file', () => {
    it('saves a card on a platform customer, refuses a declining card, and charges it off-session', async () => {
      const merchantId = randomUUID();
      const customer = await test.createBillingCustomer({ merchantId, email: 'owner@example.test', name: 'Shop' });
      expect(customer.id).toMatch(/^cus_/);
      const card = await test.attachBillingCard({
        merchantId,
        customerId: customer.id,
        paymentMethodId: 'pm_card_visa',
      });
      expect(card).toMatchObject({
        customerId: customer.id,
        brand: 'visa',
        last4: '4242',
        paymentMethodId: expect.stringMatching(/^pm_/),
      });

      const declined = await caught(
        test.attachBillingCard({ merchantId, customerId: customer.id, paymentMethodId: 'pm_card_chargeDeclined' }),
      );
      expect(declined).toMatchObject({ kind: 'card_declined', message: 'Your card was declined.' });

      const charge = await test.chargeBillingCard({
        billId: randomUUID(),
        customerId: customer.id,
        paymentMethodId: card.paymentMethodId,
        amount: 999,
        currency: 'gbp',
        description: 'groupsplit fees',
      });
      expect(charge).toMatchObject({ status: 'succeeded', amount: 999 });
      await test.detachBillingCard({ paymentMethodId: card.paymentMethodId });
    });
  });

  describe('the test sandbox account (STRIPE_TEST_SANDBOX_ACCOUNT_ID)', () => {
    it('exists from the start, charges-enabled, in test mode only, and takes holds with no onboarding', async () => {
      const sandbox = emu.config.STRIPE_TEST_SANDBOX_ACCOUNT_ID;
      const res = await emu.control('GET', `/_emulator/accounts/${sandbox}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: sandbox,
        mode: 'test',
        country: 'GB',
        default_currency: 'gbp',
        charges_enabled: true,
        details_submitted: true,
        payouts_enabled: true,
      });
      expect(await test.retrieveAccount(sandbox)).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
      const h = await authorised(sandbox);
      const captured = await test.captureHold({
        accountId: sandbox,
        paymentIntentId: h.id,
        participantId: h.participantId,
      });
      expect(captured.status).toBe('succeeded');
      expect(await ledger(h.id)).toMatchObject({ account: sandbox, amount_captured: 1020 });
      expect(await caught(processors.forMode('live').retrieveAccount(sandbox))).toBeInstanceOf(ProcessorError);
    });

    it('is seeded idempotently: a restart on the same database leaves the account as it is', async () => {
      const id = `acct_sandbox${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      // Posting no events: these instances have no endpoint of their own.
      const settings = { STRIPE_TEST_SANDBOX_ACCOUNT_ID: id, EMULATOR_WEBHOOKS_ENABLED: false };
      const first = await startEmulator(settings, emu.db);
      try {
        expect((await first.control('GET', `/_emulator/accounts/${id}`)).body.charges_enabled).toBe(true);
        await first.control('POST', `/_emulator/accounts/${id}/update`, { charges_enabled: false });
      } finally {
        await first.stop();
      }
      const second = await startEmulator(settings, emu.db);
      try {
        expect((await second.control('GET', `/_emulator/accounts/${id}`)).body.charges_enabled).toBe(false);
        const rows = await emu.db.selectFrom('emulator_accounts').select('id').where('id', '=', id).execute();
        expect(rows).toHaveLength(1);
      } finally {
        await second.stop();
      }
    });
  });

  describe('persistence', () => {
    it('a restarted emulator on the same database has every object and resumes pending deliveries', async () => {
      const accountId = await activeAccount();
      const h = await authorised(accountId);
      receiver.state.failNext = 1000;
      await test.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
      await emu.control('POST', '/_emulator/events/flush');
      receiver.state.failNext = 0;

      const restarted = await startEmulator(
        { EMULATOR_WEBHOOK_URL_TEST: `${receiver.url}/test`, EMULATOR_WEBHOOK_URL_LIVE: `${receiver.url}/live` },
        emu.db,
      );
      try {
        const other = createProcessor(restarted.config, 'test');
        const read = await other.retrieveHold({ accountId, paymentIntentId: h.id });
        expect(read).toMatchObject({ status: 'succeeded', amountReceived: 1020 });
        expect((await other.retrieveAccount(accountId)).chargesEnabled).toBe(true);
        // The idempotency memory survives too.
        const replay = await other.captureHold({ accountId, paymentIntentId: h.id, participantId: h.participantId });
        expect(replay.status).toBe('succeeded');
        await restarted.control('POST', '/_emulator/events/flush');
        const row = (await restarted.control('GET', `/_emulator/ledger?payment_intent=${h.id}`)).body
          .payment_intents[0];
        expect(row.capture_calls).toBe(1);
        expect(row.events.map((e: { type: string; delivery_status: string }) => [e.type, e.delivery_status])).toEqual([
          ['payment_intent.amount_capturable_updated', 'delivered'],
          ['payment_intent.succeeded', 'delivered'],
        ]);
      } finally {
        await restarted.stop();
      }
    });
  });
});
