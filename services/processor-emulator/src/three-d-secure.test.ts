import { randomUUID } from 'node:crypto';
import { createProcessors, createStripeClient, type Processor } from '@groupsplit/shared';
import { type RunningEmulator, startEmulator } from './test-helpers';

/**
 * 3-D Secure as Stripe asks for it: the test cards that need the cardholder to confirm, the
 * `requires_action` answer and its next_action, and the test challenge page's two outcomes.
 */
describe('processor emulator: 3-D Secure', () => {
  let emu: RunningEmulator;
  let test: Processor;
  let accountId: string;
  const RETURN_URL = 'https://shop.example.test/pay/tok_1/return';

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

  async function confirmed(paymentMethodId: string, returnUrl: string | null = RETURN_URL) {
    const participantId = randomUUID();
    const created = await test.createHold({
      accountId,
      splitId: randomUUID(),
      participantId,
      shareAmount: 1000,
      customerFee: 20,
      applicationFeeAmount: 50,
      currency: 'gbp',
      description: 'Order #3DS',
    });
    const hold = await test.confirmHold({
      accountId,
      paymentIntentId: created.id,
      participantId,
      attempt: 1,
      paymentMethodId,
      ...(returnUrl ? { returnUrl } : {}),
    });
    return { hold, participantId };
  }

  const events = async (id: string): Promise<string[]> =>
    (await emu.control('GET', `/_emulator/ledger?payment_intent=${id}`)).body.payment_intents[0].events.map(
      (e: { type: string }) => e.type,
    );

  async function answerChallenge(url: string, outcome: 'complete' | 'fail') {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button type="submit" name="outcome" value="complete">Complete authentication</button>');
    expect(html).toContain(
      '<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>',
    );
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
      redirect: 'manual',
    });
  }

  it.each(['pm_card_threeDSecure2Required', 'pm_card_authenticationRequired'])(
    '%s: the confirm leaves the intent requires_action with a redirect to the challenge page; Complete holds it',
    async (card) => {
      const { hold } = await confirmed(card);
      expect(hold).toMatchObject({ status: 'requires_action', amountCapturable: 0, chargeId: null });
      expect(hold.authenticationUrl).toBe(
        `${emu.url}/_emulator/authenticate/${hold.id}?client_secret=${encodeURIComponent(hold.clientSecret!)}`,
      );
      const raw = await createStripeClient(emu.config, 'test').paymentIntents.retrieve(
        hold.id,
        {},
        { stripeAccount: accountId },
      );
      expect(raw.next_action).toEqual({
        type: 'redirect_to_url',
        redirect_to_url: { url: hold.authenticationUrl, return_url: RETURN_URL },
      });

      const answer = await answerChallenge(hold.authenticationUrl!, 'complete');
      expect(answer.status).toBe(303);
      const back = new URL(answer.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        payment_intent: hold.id,
        payment_intent_client_secret: hold.clientSecret,
        redirect_status: 'succeeded',
      });

      const after = await test.retrieveHold({ accountId, paymentIntentId: hold.id });
      expect(after).toMatchObject({ status: 'requires_capture', amountCapturable: 1020, authenticationUrl: null });
      expect(await events(hold.id)).toEqual([
        'payment_intent.requires_action',
        'payment_intent.amount_capturable_updated',
      ]);
    },
  );

  it('Fail authentication leaves the intent requires_payment_method with payment_intent_authentication_failure', async () => {
    const { hold, participantId } = await confirmed('pm_card_threeDSecure2Required');
    const answer = await answerChallenge(hold.authenticationUrl!, 'fail');
    expect(answer.status).toBe(303);
    expect(new URL(answer.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');

    const after = await test.retrieveHold({ accountId, paymentIntentId: hold.id });
    expect(after).toMatchObject({ status: 'requires_payment_method', paymentMethodId: null, authenticationUrl: null });
    expect(after.lastPaymentError).toEqual({
      code: 'payment_intent_authentication_failure',
      declineCode: null,
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    });
    expect(await events(hold.id)).toEqual(['payment_intent.requires_action', 'payment_intent.payment_failed']);

    // The page answers once: a second answer changes nothing and still goes back.
    const again = await answerChallengeAfter(hold.authenticationUrl!);
    expect(new URL(again.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');

    const retried = await test.confirmHold({
      accountId,
      paymentIntentId: hold.id,
      participantId,
      attempt: 2,
      paymentMethodId: 'pm_card_visa',
      returnUrl: RETURN_URL,
    });
    expect(retried.status).toBe('requires_capture');
  });

  async function answerChallengeAfter(url: string) {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    return answer;
  }

  it('an abandoned challenge can be confirmed again with another card', async () => {
    const { hold, participantId } = await confirmed('pm_card_threeDSecure2Required');
    const retried = await test.confirmHold({
      accountId,
      paymentIntentId: hold.id,
      participantId,
      attempt: 2,
      paymentMethodId: 'pm_card_visa',
      returnUrl: RETURN_URL,
    });
    expect(retried).toMatchObject({ status: 'requires_capture', authenticationUrl: null });
  });

  it('a challenge on a released intent cannot place a hold', async () => {
    const { hold, participantId } = await confirmed('pm_card_threeDSecure2Required');
    await test.releaseHold({ accountId, paymentIntentId: hold.id, participantId, reason: 'abandoned' });
    const answer = await answerChallengeAfter(hold.authenticationUrl!);
    expect(new URL(answer.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    expect(await test.retrieveHold({ accountId, paymentIntentId: hold.id })).toMatchObject({
      status: 'canceled',
      amountCapturable: 0,
    });
  });

  it.each([
    ['pm_card_threeDSecureRequiredChargeDeclined', 'generic_decline', 'Your card was declined.'],
    [
      'pm_card_authenticationRequiredChargeDeclinedInsufficientFunds',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
  ])(
    '%s asks, then declines with card_declined / %s after a completed challenge',
    async (card, declineCode, message) => {
      const { hold } = await confirmed(card);
      expect(hold.status).toBe('requires_action');
      const answer = await answerChallenge(hold.authenticationUrl!, 'complete');
      expect(new URL(answer.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
      const after = await test.retrieveHold({ accountId, paymentIntentId: hold.id });
      expect(after.status).toBe('requires_payment_method');
      expect(after.lastPaymentError).toEqual({ code: 'card_declined', declineCode, message });
    },
  );

  it('pm_card_threeDSecureOptional is frictionless: held at once', async () => {
    const { hold } = await confirmed('pm_card_threeDSecureOptional');
    expect(hold).toMatchObject({ status: 'requires_capture', authenticationUrl: null });
  });

  it('without a return_url the next action is left to Stripe.js (use_stripe_sdk)', async () => {
    const { hold } = await confirmed('pm_card_threeDSecure2Required', null);
    expect(hold).toMatchObject({ status: 'requires_action', authenticationUrl: null });
    const raw = await createStripeClient(emu.config, 'test').paymentIntents.retrieve(
      hold.id,
      {},
      { stripeAccount: accountId },
    );
    expect(raw.next_action?.type).toBe('use_stripe_sdk');
  });

  it('an unknown client secret does not open the page', async () => {
    const { hold } = await confirmed('pm_card_threeDSecure2Required');
    const page = await fetch(`${emu.url}/_emulator/authenticate/${hold.id}?client_secret=nope`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This authentication page is not valid.');
  });
});
