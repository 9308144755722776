import type { Config } from '@groupsplit/config';
import type { Logger } from '@groupsplit/core';
import type {
  ApplicationFeeRefund,
  BillingCard,
  BillingCharge,
  BillingCustomer,
  CardSetup,
  CardSetupIntent,
  Hold,
  OnboardingLink,
  PaymentMethodDomain,
  ProcessorAccount,
  ProcessorEvent,
  ProcessorMode,
  ProcessorRefund,
} from './types';

/**
 * What the rest of the system knows of the payment processor: the Stripe API version we pin, the inputs of
 * each call and the `Processor` interface the Stripe adapter (processor.ts) implements. Kept apart from the
 * adapter so its metrics wrapper and callers can name the interface without importing `stripe`.
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
