import type Stripe from 'stripe';
import type { Processor, ProcessorConfig, ProcessorOptions, Processors } from './contract';
import { ACCOUNT_COUNTRY, ACCOUNT_CURRENCY, STRIPE_API_VERSION } from './contract';
import { ProcessorSignatureError, toProcessorError } from './errors';
import { instrumentProcessor } from './instrumented';
import { idempotencyKeys } from './keys';
import { iso, toAccount, toCardSetup, toHold, toPaymentMethodDomain, toRefund } from './stripe-objects';
import { stripePackage } from './stripe-package';
import type { HoldStatus, ProcessorMode } from './types';

/**
 * The one module that talks to the payment processor (Stripe Connect: UK Standard accounts,
 * GBP, direct charges on the merchant's connected account). Nothing else imports `stripe`.
 * The same code runs against real Stripe or, with STRIPE_API_BASE_URL set, the emulator.
 */

/** The stripe client for one mode; exported for the adapter's own tests only. */
export function createStripeClient(config: ProcessorConfig, mode: ProcessorMode, options: ProcessorOptions = {}) {
  const apiKey = mode === 'live' ? config.STRIPE_LIVE_SECRET_KEY : config.STRIPE_TEST_SECRET_KEY;
  const stripeConfig: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
    timeout: options.timeoutMs ?? config.STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'groupsplit' },
  };
  if (config.STRIPE_API_BASE_URL) {
    const base = new URL(config.STRIPE_API_BASE_URL);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    stripeConfig.protocol = protocol;
    stripeConfig.host = base.hostname;
    stripeConfig.port = base.port || (protocol === 'http' ? 80 : 443);
  }
  const StripeClient = stripePackage();
  return new StripeClient(apiKey, stripeConfig);
}

export function createProcessor(
  config: ProcessorConfig,
  mode: ProcessorMode,
  options: ProcessorOptions = {},
): Processor {
  const stripe = createStripeClient(config, mode, options);
  const webhookSecret = mode === 'live' ? config.STRIPE_LIVE_WEBHOOK_SECRET : config.STRIPE_TEST_WEBHOOK_SECRET;
  const log = options.logger?.child({ component: 'processor', mode });

  /** Runs one processor call, translating every failure into a ProcessorError. */
  async function call<T>(operation: string, context: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await fn();
      log?.debug({ operation, ...context, ms: Math.round(performance.now() - started) }, 'processor call');
      return result;
    } catch (error) {
      const translated = toProcessorError(error);
      log?.warn(
        { operation, ...context, ms: Math.round(performance.now() - started), error: translated.toJSON() },
        'processor call failed',
      );
      throw translated;
    }
  }

  const onAccount = (accountId: string, idempotencyKey?: string): Stripe.RequestOptions => ({
    stripeAccount: accountId,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  const expandCharge = ['latest_charge'];

  return {
    mode,

    createAccount: ({ merchantId, email, businessName }) =>
      call('account.create', { merchantId }, async () => {
        const account = await stripe.accounts.create(
          {
            type: 'standard',
            country: ACCOUNT_COUNTRY,
            default_currency: ACCOUNT_CURRENCY,
            ...(email ? { email } : {}),
            ...(businessName ? { business_profile: { name: businessName } } : {}),
            metadata: { merchant_id: merchantId, mode },
          },
          { idempotencyKey: idempotencyKeys.account(merchantId) },
        );
        return toAccount(account);
      }),

    retrieveAccount: (accountId) =>
      call('account.retrieve', { accountId }, async () => toAccount(await stripe.accounts.retrieve(accountId))),

    createOnboardingLink: ({ accountId, refreshUrl, returnUrl, requestId }) =>
      call('account_link.create', { accountId }, async () => {
        const link = await stripe.accountLinks.create(
          { account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' },
          { idempotencyKey: `account-link:${accountId}:${requestId}` },
        );
        return { url: link.url, expiresAt: iso(link.expires_at) ?? new Date().toISOString() };
      }),

    createHold: (input) =>
      call('hold.create', { accountId: input.accountId, participantId: input.participantId }, async () => {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.shareAmount + input.customerFee,
            currency: input.currency,
            capture_method: 'manual',
            payment_method_types: ['card'],
            application_fee_amount: input.applicationFeeAmount,
            description: input.description,
            metadata: {
              ...(input.metadata ?? {}),
              split_id: input.splitId,
              participant_id: input.participantId,
              mode,
            },
          },
          onAccount(input.accountId, idempotencyKeys.hold(input.participantId, input.replacement)),
        );
        return toHold(pi, input.accountId);
      }),

    confirmHold: (input) =>
      call('hold.confirm', { paymentIntentId: input.paymentIntentId, attempt: input.attempt }, async () => {
        const pi = await stripe.paymentIntents.confirm(
          input.paymentIntentId,
          {
            payment_method: input.paymentMethodId,
            ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
            expand: expandCharge,
          },
          onAccount(input.accountId, idempotencyKeys.confirm(input.participantId, input.attempt)),
        );
        return toHold(pi, input.accountId);
      }),

    captureHold: (input) =>
      call('hold.capture', { paymentIntentId: input.paymentIntentId }, async () => {
        const pi = await stripe.paymentIntents.capture(
          input.paymentIntentId,
          {
            ...(input.amountToCapture !== undefined ? { amount_to_capture: input.amountToCapture } : {}),
            expand: expandCharge,
          },
          onAccount(input.accountId, idempotencyKeys.capture(input.participantId)),
        );
        return toHold(pi, input.accountId);
      }),

    releaseHold: (input) =>
      call('hold.release', { paymentIntentId: input.paymentIntentId }, async () => {
        const pi = await stripe.paymentIntents.cancel(
          input.paymentIntentId,
          { ...(input.reason ? { cancellation_reason: input.reason } : {}), expand: expandCharge },
          onAccount(
            input.accountId,
            input.late
              ? idempotencyKeys.releaseLate(input.participantId)
              : input.replacedBy === undefined
                ? idempotencyKeys.release(input.participantId)
                : idempotencyKeys.releaseReplaced(input.participantId, input.replacedBy),
          ),
        );
        return toHold(pi, input.accountId);
      }),

    retrieveHold: ({ accountId, paymentIntentId }) =>
      call('hold.retrieve', { paymentIntentId }, async () => {
        const pi = await stripe.paymentIntents.retrieve(
          paymentIntentId,
          { expand: expandCharge },
          onAccount(accountId),
        );
        return toHold(pi, accountId);
      }),

    refund: (input) =>
      call('refund.create', { paymentIntentId: input.paymentIntentId, refundId: input.refundId }, async () => {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            ...(input.amount !== undefined ? { amount: input.amount } : {}),
            refund_application_fee: input.refundApplicationFee,
            metadata: { ...(input.metadata ?? {}), refund_id: input.refundId, participant_id: input.participantId },
          },
          onAccount(input.accountId, idempotencyKeys.refund(input.refundId, input.participantId)),
        );
        return toRefund(refund);
      }),

    listRefunds: ({ accountId, paymentIntentId }) =>
      call('refund.list', { paymentIntentId }, async () => {
        const list = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }, onAccount(accountId));
        return list.data.map(toRefund);
      }),

    refundApplicationFee: (input) =>
      call('application_fee.refund', { applicationFeeId: input.applicationFeeId }, async () => {
        // Application fees belong to the platform, so this call is not made on the connected account.
        const refund = await stripe.applicationFees.createRefund(
          input.applicationFeeId,
          {
            ...(input.amount !== undefined ? { amount: input.amount } : {}),
            metadata: { refund_id: input.refundId, participant_id: input.participantId },
          },
          { idempotencyKey: idempotencyKeys.feeRefund(input.refundId, input.participantId) },
        );
        return {
          id: refund.id,
          feeId: typeof refund.fee === 'string' ? refund.fee : refund.fee.id,
          amount: refund.amount,
          created: iso(refund.created) ?? new Date(0).toISOString(),
        };
      }),

    registerPaymentMethodDomain: ({ accountId, domainName }) =>
      call('payment_method_domain.register', { accountId, domainName }, async () => {
        const domain = domainName.toLowerCase();
        const existing = await stripe.paymentMethodDomains.list(
          { domain_name: domain, limit: 1 },
          onAccount(accountId),
        );
        const found = existing.data[0];
        if (found) {
          // Registered before (by an earlier attempt or by hand): switch it on and ask again.
          const enabled = found.enabled
            ? found
            : await stripe.paymentMethodDomains.update(
                found.id,
                { enabled: true },
                onAccount(accountId, `${idempotencyKeys.paymentMethodDomain(accountId, domain)}:enable`),
              );
          if (enabled.apple_pay?.status === 'active') return toPaymentMethodDomain(enabled, accountId);
          const validated = await stripe.paymentMethodDomains.validate(found.id, {}, onAccount(accountId));
          return toPaymentMethodDomain(validated, accountId);
        }
        const created = await stripe.paymentMethodDomains.create(
          { domain_name: domain, enabled: true },
          onAccount(accountId, idempotencyKeys.paymentMethodDomain(accountId, domain)),
        );
        return toPaymentMethodDomain(created, accountId);
      }),

    createBillingCustomer: ({ merchantId, email, name }) =>
      call('customer.create', { merchantId }, async () => {
        const customer = await stripe.customers.create(
          { ...(email ? { email } : {}), ...(name ? { name } : {}), metadata: { merchant_id: merchantId, mode } },
          { idempotencyKey: idempotencyKeys.billingCustomer(merchantId) },
        );
        return { id: customer.id, email: customer.email ?? null };
      }),

    attachBillingCard: ({ merchantId, customerId, paymentMethodId }) =>
      call('payment_method.attach', { merchantId, customerId }, async () => {
        const key = idempotencyKeys.billingCard(merchantId, paymentMethodId);
        const pm = await stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `${key}:attach` },
        );
        await stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: pm.id } },
          { idempotencyKey: `${key}:default` },
        );
        return {
          customerId,
          paymentMethodId: pm.id,
          brand: pm.card?.brand ?? 'unknown',
          last4: pm.card?.last4 ?? '',
          expMonth: pm.card?.exp_month ?? 0,
          expYear: pm.card?.exp_year ?? 0,
        };
      }),

    detachBillingCard: ({ paymentMethodId }) =>
      call('payment_method.detach', { paymentMethodId }, async () => {
        await stripe.paymentMethods.detach(
          paymentMethodId,
          {},
          { idempotencyKey: `billing-detach:${paymentMethodId}` },
        );
      }),

    createCardSetup: (input) =>
      call('card_setup.create', { merchantId: input.merchantId }, async () =>
        toCardSetup(
          await stripe.checkout.sessions.create(
            {
              mode: 'setup',
              currency: ACCOUNT_CURRENCY,
              payment_method_types: ['card'],
              client_reference_id: input.merchantId,
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
              metadata: { merchant_id: input.merchantId, mode, purpose: 'billing_card' },
            },
            { idempotencyKey: idempotencyKeys.billingCardSetup(input.merchantId, input.requestId) },
          ),
        ),
      ),

    // Reads take no idempotency key: Stripe keys only requests that change something.
    retrieveCardSetup: (id) =>
      call('card_setup.retrieve', { id }, async () => toCardSetup(await stripe.checkout.sessions.retrieve(id))),

    retrieveCardSetupIntent: (id) =>
      call('setup_intent.retrieve', { id }, async () => {
        const intent = await stripe.setupIntents.retrieve(id);
        const pm = intent.payment_method;
        return {
          id: intent.id,
          status: intent.status,
          paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null),
        };
      }),

    chargeBillingCard: (input) =>
      call('billing.charge', { billId: input.billId }, async () => {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            payment_method_types: ['card'],
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: { bill_id: input.billId, mode },
          },
          { idempotencyKey: idempotencyKeys.billingCharge(input.billId) },
        );
        return { id: pi.id, status: pi.status as HoldStatus, amount: pi.amount, currency: pi.currency };
      }),

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new ProcessorSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          webhookSecret,
          options.webhookToleranceSeconds ?? 300,
        );
      } catch (error) {
        throw new ProcessorSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      const data = event.data as { object: unknown; previous_attributes?: unknown };
      return {
        id: event.id,
        type: event.type,
        accountId: event.account ?? null,
        livemode: event.livemode,
        created: iso(event.created) ?? new Date().toISOString(),
        object: data.object as Record<string, unknown>,
        previousAttributes: (data.previous_attributes as Record<string, unknown> | undefined) ?? null,
      };
    },
  };
}

/** One processor per mode, built lazily; test and live each use their own secret key and webhook secret. */
export function createProcessors(config: ProcessorConfig, options: ProcessorOptions = {}): Processors {
  const cache = new Map<ProcessorMode, Processor>();
  return {
    forMode(mode) {
      let processor = cache.get(mode);
      if (!processor) {
        processor = instrumentProcessor(createProcessor(config, mode, options));
        cache.set(mode, processor);
      }
      return processor;
    },
  };
}
export { toAccount, toHold, toPaymentMethodDomain } from './stripe-objects';
