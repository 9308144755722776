import { randomUUID } from 'node:crypto';
import { createProcessors, createStripeClient } from '@groupsplit/shared';
import { APPLE_PAY_CHECK_FAILED } from './api/payment-method-domains';
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

/**
 * Payment Method Domains as Stripe's API has them, per connected account (`Stripe-Account`): create,
 * list, retrieve, update `enabled`, validate; each wallet's own status. And the shared adapter's
 * registerPaymentMethodDomain, which may be repeated safely.
 */
describe('processor emulator: payment method domains', () => {
  let emu: RunningEmulator;
  let stripe: StripeClient;
  let accountId: string;
  let otherAccountId: string;

  beforeAll(async () => {
    emu = await startEmulator();
    stripe = createStripeClient(emu.config, 'test');
    const processor = createProcessors(emu.config).forMode('test');
    const make = async () =>
      (await processor.createAccount({ merchantId: randomUUID(), email: 'shop@example.test', businessName: 'Shop' }))
        .id;
    accountId = await make();
    otherAccountId = await make();
  });
  afterAll(() => emu.stop());

  const on = (account = accountId) => ({ stripeAccount: account });
  const domainName = () => `pay-${randomUUID().slice(0, 8)}.groupsplit.example`;

  it('create answers Stripe’s object with every method active; retrieve and list read it back', async () => {
    const name = domainName();
    const created = await stripe.paymentMethodDomains.create({ domain_name: name }, on());
    expect(created).toEqual({
      id: expect.stringMatching(/^pmd_/),
      object: 'payment_method_domain',
      amazon_pay: { status: 'active' },
      apple_pay: { status: 'active' },
      created: expect.any(Number),
      domain_name: name,
      enabled: true,
      google_pay: { status: 'active' },
      klarna: { status: 'active' },
      link: { status: 'active' },
      livemode: false,
      paypal: { status: 'active' },
    });
    expect(await stripe.paymentMethodDomains.retrieve(created.id, {}, on())).toEqual(created);
    const listed = await stripe.paymentMethodDomains.list({ domain_name: name }, on());
    expect(listed.data).toEqual([created]);
    // Another account's domain does not exist for this one.
    const elsewhere = await stripe.paymentMethodDomains
      .retrieve(created.id, {}, on(otherAccountId))
      .catch((e: StripeError) => e);
    expect(elsewhere).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((await stripe.paymentMethodDomains.list({ domain_name: name }, on(otherAccountId))).data).toEqual([]);
  });

  it('update switches enabled; list filters on it and pages with starting_after', async () => {
    const a = await stripe.paymentMethodDomains.create({ domain_name: domainName() }, on(otherAccountId));
    const b = await stripe.paymentMethodDomains.create({ domain_name: domainName() }, on(otherAccountId));
    const off = await stripe.paymentMethodDomains.update(a.id, { enabled: false }, on(otherAccountId));
    expect(off).toMatchObject({ id: a.id, enabled: false, apple_pay: { status: 'active' } });
    const disabled = await stripe.paymentMethodDomains.list({ enabled: false }, on(otherAccountId));
    expect(disabled.data.map((d) => d.id)).toEqual([a.id]);
    const first = await stripe.paymentMethodDomains.list({ limit: 1 }, on(otherAccountId));
    expect(first).toMatchObject({ has_more: true, data: [{ id: b.id }] });
    const next = await stripe.paymentMethodDomains.list({ limit: 1, starting_after: b.id }, on(otherAccountId));
    expect(next.data.map((d) => d.id)).toEqual([a.id]);
  });

  it('refuses a malformed domain and a second registration of the same one', async () => {
    const bad = await stripe.paymentMethodDomains
      .create({ domain_name: 'https://shop.example/pay' }, on())
      .catch((e: StripeError) => e);
    expect(bad).toMatchObject({ statusCode: 400, param: 'domain_name' });
    const name = domainName();
    await stripe.paymentMethodDomains.create({ domain_name: name }, on());
    const again = await stripe.paymentMethodDomains.create({ domain_name: name }, on()).catch((e: StripeError) => e);
    expect(again).toMatchObject({ statusCode: 400, code: 'resource_already_exists', param: 'domain_name' });
  });

  it('Apple Pay is inactive with why when Apple’s check fails, and validate asks again', async () => {
    const created = await stripe.paymentMethodDomains.create({ domain_name: domainName() }, on());
    const check = await emu.control('POST', `/_emulator/payment_method_domains/${created.id}/apple_pay_check`, {
      passes: false,
    });
    expect(check).toEqual({ status: 200, body: { id: created.id, apple_pay_check: false } });
    const failed = await stripe.paymentMethodDomains.validate(created.id, {}, on());
    expect(failed.apple_pay).toEqual({ status: 'inactive', status_details: { error_message: APPLE_PAY_CHECK_FAILED } });
    expect(failed.google_pay).toEqual({ status: 'active' });
    await emu.control('POST', `/_emulator/payment_method_domains/${created.id}/apple_pay_check`, { passes: true });
    expect((await stripe.paymentMethodDomains.validate(created.id, {}, on())).apple_pay).toEqual({ status: 'active' });
    expect(
      (await emu.control('POST', '/_emulator/payment_method_domains/pmd_nope/apple_pay_check', { passes: true }))
        .status,
    ).toBe(404);
  });

  it('the adapter registers a domain once: a repeat reads it back, switched on and validated', async () => {
    const processor = createProcessors(emu.config).forMode('test');
    const name = domainName();
    const first = await processor.registerPaymentMethodDomain({ accountId, domainName: name });
    expect(first).toEqual({
      id: expect.stringMatching(/^pmd_/),
      accountId,
      domainName: name,
      enabled: true,
      applePay: { status: 'active', errorMessage: null },
      googlePay: { status: 'active', errorMessage: null },
      link: { status: 'active', errorMessage: null },
      paypal: { status: 'active', errorMessage: null },
    });
    await stripe.paymentMethodDomains.update(first.id, { enabled: false }, on());
    await emu.control('POST', `/_emulator/payment_method_domains/${first.id}/apple_pay_check`, { passes: false });
    const failing = await processor.registerPaymentMethodDomain({ accountId, domainName: name.toUpperCase() });
    expect(failing).toMatchObject({
      id: first.id,
      enabled: true,
      applePay: { status: 'active' },
    });
    // Apple Pay was active already, so the repeat did not validate again; now it does.
    await stripe.paymentMethodDomains.validate(first.id, {}, on());
    const repaired = await processor.registerPaymentMethodDomain({ accountId, domainName: name });
    expect(repaired.applePay).toEqual({ status: 'inactive', errorMessage: APPLE_PAY_CHECK_FAILED });
    await emu.control('POST', `/_emulator/payment_method_domains/${first.id}/apple_pay_check`, { passes: true });
    expect((await processor.registerPaymentMethodDomain({ accountId, domainName: name })).applePay.status).toBe(
      'active',
    );
    expect((await stripe.paymentMethodDomains.list({ domain_name: name }, on())).data).toHaveLength(1);
  });
});
