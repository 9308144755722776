import { randomUUID } from 'node:crypto';
import { createProcessors, createStripeClient, type Processor, ProcessorError } from '@groupsplit/shared';
import { readCard } from './card-setup-page';
import { type RunningEmulator, startEmulator } from './test-helpers';

/**
 * Checkout Sessions in setup mode and the hosted card set-up page (docs/processor.md, "Hosted card
 * set-up"), through the real `stripe` package and the adapter, with the page driven by form posts.
 */
describe('hosted card set-up (Checkout in setup mode)', () => {
  let emu: RunningEmulator;
  let stripe: ReturnType<typeof createStripeClient>;
  type SessionCreateParams = Parameters<typeof stripe.checkout.sessions.create>[0];
  let test: Processor;

  beforeAll(async () => {
    emu = await startEmulator();
    stripe = createStripeClient(emu.config, 'test');
    test = createProcessors(emu.config).forMode('test');
  });
  afterAll(() => emu.stop());

  const create = (extra: Partial<SessionCreateParams> = {}) =>
    stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      success_url: 'https://shop.example/billing?card_setup={CHECKOUT_SESSION_ID}&mode=test',
      cancel_url: 'https://shop.example/billing?card_setup=cancelled',
      ...extra,
    });

  /** Submits the page's form as a browser would (urlencoded), without following the redirect. */
  const submit = (url: string, card: { number: string; expiry?: string; cvc?: string }) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        card_number: card.number,
        card_expiry: card.expiry ?? '12 / 34',
        card_cvc: card.cvc ?? '123',
      }).toString(),
      redirect: 'manual',
    });

  it('answers an open session with its page address and no SetupIntent yet', async () => {
    const session = await create({ client_reference_id: 'merchant-1', metadata: { purpose: 'billing_card' } });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      setup_intent: null,
      payment_status: 'no_payment_required',
      currency: 'gbp',
      client_reference_id: 'merchant-1',
      metadata: { purpose: 'billing_card' },
      livemode: false,
      url: `${emu.url}/_emulator/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    const hours = (session.expires_at - session.created) / 3600;
    expect(hours).toBe(24);
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ['Card number', 'Expiry date (MM / YY)', 'Security code (CVC)', 'Save card']) {
      expect(html).toContain(label);
    }
    expect(html).toContain('href="https://shop.example/billing?card_setup=cancelled"');
  });

  it('shows a declining card on the page and saves nothing; a good card completes the session and returns', async () => {
    const session = await create();
    const declined = await submit(session.url!, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(
      '<p class="error" role="alert" id="card-error">Your card was declined.</p>',
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const saved = await submit(session.url!, { number: '4242 4242 4242 4242', expiry: '08/31' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`https://shop.example/billing?card_setup=${session.id}&mode=test`);

    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', url: null, setup_intent: expect.stringMatching(/^seti_/) });
    const intent = await stripe.setupIntents.retrieve(done.setup_intent as string);
    expect(intent).toMatchObject({
      object: 'setup_intent',
      status: 'succeeded',
      usage: 'off_session',
      customer: null,
      payment_method: expect.stringMatching(/^pm_/),
    });
    const pm = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 });

    // A second visit, or a second submit, does not save another card.
    const again = await fetch(session.url!);
    expect(await again.text()).toContain('Your card is already saved');
    expect((await submit(session.url!, { number: '4242424242424242' })).status).toBe(200);
    expect((await stripe.checkout.sessions.retrieve(session.id)).setup_intent).toBe(done.setup_intent);
  });

  it('leaves success_url as it is when it has no {CHECKOUT_SESSION_ID}', async () => {
    const session = await create({ success_url: 'https://shop.example/done' });
    const saved = await submit(session.url!, { number: '5555555555554444' });
    expect(saved.headers.get('location')).toBe('https://shop.example/done');
  });

  it('attaches the card to the customer the session names', async () => {
    const customer = await stripe.customers.create({ email: 'owner@example.test' });
    const session = await create({ customer: customer.id });
    expect(session.customer).toBe(customer.id);
    await submit(session.url!, { number: '4242424242424242' });
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const intent = await stripe.setupIntents.retrieve(done.setup_intent as string);
    expect(intent.customer).toBe(customer.id);
    const pm = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(pm.customer).toBe(customer.id);
  });

  it('refuses what Stripe refuses: another mode, no currency, a bad URL, an unknown customer', async () => {
    const refused = async (params: Record<string, unknown>) => {
      try {
        await stripe.checkout.sessions.create(params as never);
      } catch (error) {
        return error as { type: string; message: string; param?: string; code?: string; statusCode?: number };
      }
      throw new Error('expected a refusal');
    };
    const base = { success_url: 'https://shop.example/ok' };
    expect(await refused({ ...base, mode: 'payment', currency: 'gbp' })).toMatchObject({
      statusCode: 400,
      param: 'mode',
    });
    expect(await refused({ ...base, mode: 'setup' })).toMatchObject({ statusCode: 400, param: 'currency' });
    expect(await refused({ mode: 'setup', currency: 'gbp' })).toMatchObject({ statusCode: 400, param: 'success_url' });
    expect(await refused({ mode: 'setup', currency: 'gbp', success_url: 'not a url' })).toMatchObject({
      param: 'success_url',
    });
    expect(await refused({ ...base, mode: 'setup', currency: 'gbp', customer: 'cus_nope' })).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    // Without currency, naming the payment method types is enough.
    expect(
      (await stripe.checkout.sessions.create({ ...base, mode: 'setup', payment_method_types: ['card'] })).status,
    ).toBe('open');
  });

  it('expires a session on request; its page then says so and takes no card', async () => {
    const session = await create();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('This card set-up page has expired');
    expect((await submit(session.url!, { number: '4242424242424242' })).status).toBe(200);
    expect((await stripe.checkout.sessions.retrieve(session.id)).setup_intent).toBeNull();
  });

  it('keeps sessions to their mode: a live key makes cs_live_ sessions and cannot read test ones', async () => {
    const live = createStripeClient(emu.config, 'live');
    const session = await live.checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      success_url: 'https://shop.example/ok',
    });
    expect(session.id).toMatch(/^cs_live_/);
    expect(session.livemode).toBe(true);
    const testSession = await create();
    await expect(live.checkout.sessions.retrieve(testSession.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await (await fetch(`${emu.url}/_emulator/checkout/cs_test_nope`)).text()).toContain('not valid');
  });

  it('through the adapter: create, save on the page, read the session and its SetupIntent, attach the card', async () => {
    const merchantId = randomUUID();
    const setup = await test.createCardSetup({
      merchantId,
      requestId: randomUUID(),
      successUrl: 'https://dashboard.example/billing?card_setup={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://dashboard.example/billing',
    });
    expect(setup).toMatchObject({ status: 'open', clientReferenceId: merchantId, setupIntentId: null });
    expect(new Date(setup.expiresAt).getTime()).toBeGreaterThan(Date.now());
    await submit(setup.url!, { number: '4242424242424242' });
    const done = await test.retrieveCardSetup(setup.id);
    expect(done).toMatchObject({ status: 'complete', url: null, setupIntentId: expect.stringMatching(/^seti_/) });
    const intent = await test.retrieveCardSetupIntent(done.setupIntentId!);
    expect(intent).toMatchObject({ status: 'succeeded', paymentMethodId: expect.stringMatching(/^pm_/) });
    const customer = await test.createBillingCustomer({ merchantId });
    const card = await test.attachBillingCard({
      merchantId,
      customerId: customer.id,
      paymentMethodId: intent.paymentMethodId!,
    });
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', paymentMethodId: intent.paymentMethodId });
    await expect(test.retrieveCardSetup('cs_test_unknown')).rejects.toBeInstanceOf(ProcessorError);
  });

  it('reads the form as the page explains: known test numbers, a future expiry, a security code', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    expect(readCard({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, now)).toEqual({
      testCard: 'pm_card_visa',
      expMonth: 11,
      expYear: 2026,
    });
    expect(readCard({ number: '', expiry: '', cvc: '' }, now)).toMatchObject({ field: 'number' });
    expect(readCard({ number: '4111111111111111', expiry: '12/30', cvc: '123' }, now)).toMatchObject({
      field: 'number',
    });
    expect(readCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toEqual({
      error: "Your card's expiration date is in the past.",
      field: 'expiry',
    });
    expect(readCard({ number: '4242424242424242', expiry: '13/30', cvc: '123' }, now)).toMatchObject({
      field: 'expiry',
    });
    expect(readCard({ number: '4242424242424242', expiry: '12/30', cvc: '12' }, now)).toMatchObject({ field: 'cvc' });
  });
});
