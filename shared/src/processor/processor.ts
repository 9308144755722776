import Stripe from 'stripe';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { instrumentProcessor } from '../metrics/processor';
import { ProcessorSignatureError, toProcessorError } from './errors';
import { idempotencyKeys } from './keys';
import type {
  ApplicationFeeRefund,
  BillingCard,
  BillingCharge,
  BillingCustomer,
  CardSetup,
  CardSetupIntent,
  Hold,
  HoldStatus,
  OnboardingLink,
  PaymentMethodDomain,
  ProcessorAccount,
  ProcessorEvent,
  ProcessorMode,
  ProcessorRefund,
} from './types';

/**
 * The one module that talks to the payment processor (Stripe Connect: UK Standard accounts,
 * GBP, direct charges on the merchant's connected account). Nothing else imports `stripe`.
 * The same code runs against real Stripe or, with STRIPE_API_BASE_URL set, the emulator.
 */
export const STRIPE_API_VERSION = '2026-08-26.dahlia' as const;

export const ACCOUNT_COUNTRY = 'GB';
export const ACCOUNT_CURRENCY = 'gbp';

export type ProcessorConfig = Pick<
  Config,
  | 'STRIPE_TEST_SECRET_KEY'
  | 'STRIPE_LIVE_SECRET_KEY'
  | 'STRIPE_TEST_WEBHOOK_SECRET'
  | 'STRIPE_LIVE_WEBHOOK_SECRET'
  | 'STRIPE_API_BASE_URL'
  | 'STRIPE_TIMEOUT_MS'
>;

export type ProcessorOptions = {
  /**
   * Automatic retries inside the stripe package (connection errors, 409, 5xx), reusing the
   * same idempotency key. Default 0: callers (Temporal activities) own retrying, guided by
   * ProcessorError.retryable.
   */
  maxNetworkRetries?: number;
  /** Per-request timeout; a timed-out call fails with kind `connection` (retryable). Default: the config's `STRIPE_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Webhook timestamp tolerance in seconds. Default 300 (Stripe's). */
  webhookToleranceSeconds?: number;
  logger?: Logger;
};

export type CreateAccountInput = { merchantId: string; email?: string | null; businessName?: string | null };
export type OnboardingLinkInput = {
  accountId: string;
  refreshUrl: string;
  returnUrl: string;
  /** Stable id of the caller's request (for example the HTTP request id), used in the idempotency key. */
  requestId: string;
};
export type CardSetupInput = {
  merchantId: string;
  /** Where the page sends the person after saving; `{CHECKOUT_SESSION_ID}` in it becomes the set-up's id. */
  successUrl: string;
  cancelUrl: string;
  /** Stable id of the caller's request, used in the idempotency key. */
  requestId: string;
};
export type CreateHoldInput = {
  accountId: string;
  splitId: string;
  participantId: string;
  /** The participant's share, in pence. */
  shareAmount: number;
  /** The flat customer fee added on top of the share, in pence (0 for a single payer). */
  customerFee: number;
  /** Platform's cut of this charge (customer fee + merchant fee), in pence. */
  applicationFeeAmount: number;
  currency: string;
  /** Shown on the charge: the order reference. */
  description: string;
  /** Extra metadata; split_id, participant_id and mode are always set. */
  metadata?: Record<string, string>;
  /** Set for the hold of someone who took over the share: the n-th replacement (its own idempotency key). */
  replacement?: number;
};
export type HoldRef = { accountId: string; paymentIntentId: string };
export type ConfirmHoldInput = HoldRef & {
  participantId: string;
  attempt: number;
  paymentMethodId: string;
  /** Where the issuer's 3-D Secure challenge sends the cardholder back; without it the answer is `use_stripe_sdk`. */
  returnUrl?: string;
};
export type CaptureHoldInput = HoldRef & { participantId: string; amountToCapture?: number };
export type ReleaseHoldInput = HoldRef & {
  participantId: string;
  reason?: 'abandoned' | 'duplicate' | 'fraudulent' | 'requested_by_customer';
  /** Releasing a hold because the n-th replacement of the participant took over the share. */
  replacedBy?: number;
  /** Releasing a hold that appeared after the participant's hold was released (its own idempotency key). */
  late?: boolean;
};
export type RefundInput = HoldRef & {
  refundId: string;
  participantId: string;
  /** Pence; omitted refunds whatever is left on the charge. */
  amount?: number;
  /** Refund the platform's application fee (proportionally to the amount refunded). */
  refundApplicationFee: boolean;
  metadata?: Record<string, string>;
};
export type RefundApplicationFeeInput = {
  applicationFeeId: string;
  refundId: string;
  participantId: string;
  /** Pence; omitted refunds what is left of the fee. */
  amount?: number;
};

export interface Processor {
  readonly mode: ProcessorMode;
  createAccount(input: CreateAccountInput): Promise<ProcessorAccount>;
  retrieveAccount(accountId: string): Promise<ProcessorAccount>;
  createOnboardingLink(input: OnboardingLinkInput): Promise<OnboardingLink>;

  createHold(input: CreateHoldInput): Promise<Hold>;
  confirmHold(input: ConfirmHoldInput): Promise<Hold>;
  captureHold(input: CaptureHoldInput): Promise<Hold>;
  releaseHold(input: ReleaseHoldInput): Promise<Hold>;
  retrieveHold(input: HoldRef): Promise<Hold>;
  refund(input: RefundInput): Promise<ProcessorRefund>;
  listRefunds(input: HoldRef): Promise<ProcessorRefund[]>;
  refundApplicationFee(input: RefundApplicationFeeInput): Promise<ApplicationFeeRefund>;

  createBillingCustomer(input: {
    merchantId: string;
    email?: string | null;
    name?: string | null;
  }): Promise<BillingCustomer>;
  attachBillingCard(input: { merchantId: string; customerId: string; paymentMethodId: string }): Promise<BillingCard>;
  detachBillingCard(input: { paymentMethodId: string }): Promise<void>;
  /** A processor-hosted page where the person enters a card (Checkout in setup mode, on the platform). */
  createCardSetup(input: CardSetupInput): Promise<CardSetup>;
  retrieveCardSetup(id: string): Promise<CardSetup>;
  retrieveCardSetupIntent(id: string): Promise<CardSetupIntent>;
  chargeBillingCard(input: {
    billId: string;
    customerId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    description: string;
  }): Promise<BillingCharge>;

  /**
   * Registers a web domain for wallet buttons (Apple Pay, Google Pay…) on a connected account
   * (Payment Method Domains, with `Stripe-Account`). Safe to repeat: the idempotency key is built
   * from the account and the domain, and a domain registered already is read back and validated.
   */
  registerPaymentMethodDomain(input: { accountId: string; domainName: string }): Promise<PaymentMethodDomain>;

  /** Verifies the `Stripe-Signature` header against this mode's webhook secret; throws ProcessorSignatureError. */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProcessorEvent;
}

export type Processors = { forMode(mode: ProcessorMode): Processor };

const iso = (unixSeconds: number | null | undefined) =>
  unixSeconds === null || unixSeconds === undefined ? null : new Date(unixSeconds * 1000).toISOString();

/** A payment method domain as we keep it: whether it is on, and each wallet's status on it. */
export function toPaymentMethodDomain(domain: Stripe.PaymentMethodDomain, accountId: string): PaymentMethodDomain {
  const status = (method: { status: string; status_details?: { error_message: string } } | undefined) => ({
    status: method?.status === 'active' ? ('active' as const) : ('inactive' as const),
    errorMessage: method?.status_details?.error_message ?? null,
  });
  return {
    id: domain.id,
    accountId,
    domainName: domain.domain_name,
    enabled: domain.enabled,
    applePay: status(domain.apple_pay),
    googlePay: status(domain.google_pay),
    link: status(domain.link),
    paypal: status(domain.paypal),
  };
}

/** A connected account as we keep it, from the API's answer or an `account.updated` event alike. */
export function toAccount(account: Stripe.Account): ProcessorAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    country: account.country ?? null,
    defaultCurrency: account.default_currency ?? null,
    email: account.email ?? null,
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

/** Builds a Hold from a PaymentIntent (API response or event payload). */
export function toHold(pi: Stripe.PaymentIntent, accountId: string | null): Hold {
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const captureBefore = card?.capture_before;
  const error = pi.last_payment_error;
  const fee = charge?.application_fee;
  return {
    id: pi.id,
    accountId,
    status: pi.status as HoldStatus,
    amount: pi.amount,
    amountCapturable: pi.amount_capturable ?? 0,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    applicationFeeAmount: pi.application_fee_amount ?? null,
    description: pi.description ?? null,
    metadata: { ...(pi.metadata ?? {}) },
    clientSecret: pi.client_secret ?? null,
    paymentMethodId: typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null),
    chargeId: typeof pi.latest_charge === 'string' ? pi.latest_charge : (charge?.id ?? null),
    amountRefunded: charge?.amount_refunded ?? 0,
    captureBefore: iso(captureBefore),
    applicationFeeId: typeof fee === 'string' ? fee : (fee?.id ?? null),
    lastPaymentError: error
      ? { code: error.code ?? null, declineCode: error.decline_code ?? null, message: error.message ?? null }
      : null,
    cancellationReason: pi.cancellation_reason ?? null,
    authenticationUrl: pi.next_action?.redirect_to_url?.url ?? null,
    created: iso(pi.created) ?? new Date(0).toISOString(),
    card: card?.last4
      ? {
          brand: card.brand ?? 'card',
          last4: card.last4,
          ...(card.wallet?.type
            ? { wallet: { type: card.wallet.type, dynamicLast4: card.wallet.dynamic_last4 ?? null } }
            : {}),
        }
      : null,
  };
}

function toCardSetup(session: Stripe.Checkout.Session): CardSetup {
  const intent = session.setup_intent;
  return {
    id: session.id,
    status: (session.status ?? 'open') as CardSetup['status'],
    url: session.url ?? null,
    expiresAt: iso(session.expires_at) ?? new Date(0).toISOString(),
    clientReferenceId: session.client_reference_id ?? null,
    setupIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

function toRefund(refund: Stripe.Refund): ProcessorRefund {
  const id = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
  return {
    id: refund.id,
    paymentIntentId: id(refund.payment_intent),
    chargeId: id(refund.charge),
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status ?? null,
    reason: refund.reason ?? null,
    metadata: { ...(refund.metadata ?? {}) },
    created: iso(refund.created) ?? new Date(0).toISOString(),
  };
}

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
  return new Stripe(apiKey, stripeConfig);
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
