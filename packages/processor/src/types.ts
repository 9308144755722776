/**
 * What the processor adapter returns: plain, JSON-serialisable objects (amounts in pence,
 * timestamps as ISO strings) that activities can hand to workflows as they are.
 */
export type ProcessorMode = 'test' | 'live';
export const PROCESSOR_MODES: readonly ProcessorMode[] = ['test', 'live'];

export type ProcessorAccount = {
  id: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  country: string | null;
  defaultCurrency: string | null;
  email: string | null;
  /** The processor's reason the account cannot take charges yet, when it gives one. */
  disabledReason: string | null;
};

export type OnboardingLink = { url: string; expiresAt: string };

export type HoldStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type PaymentFailure = { code: string | null; declineCode: string | null; message: string | null };

/** A PaymentIntent on a connected account (a hold while `requires_capture`). */
export type Hold = {
  id: string;
  accountId: string | null;
  status: HoldStatus;
  /** What the card is charged: share + customer fee, in pence. */
  amount: number;
  amountCapturable: number;
  amountReceived: number;
  currency: string;
  applicationFeeAmount: number | null;
  description: string | null;
  metadata: Record<string, string>;
  clientSecret: string | null;
  paymentMethodId: string | null;
  /** Latest charge (present once a card was tried). */
  chargeId: string | null;
  /** Pence refunded on the latest charge; 0 when not expanded or none. */
  amountRefunded: number;
  /** When the authorisation lapses (charge.payment_method_details.card.capture_before), when known. */
  captureBefore: string | null;
  /** The application fee object on the platform, once the charge is captured. */
  applicationFeeId: string | null;
  lastPaymentError: PaymentFailure | null;
  cancellationReason: string | null;
  /** While `requires_action`: the issuer's challenge page (next_action.redirect_to_url.url), when the confirm named a return URL. */
  authenticationUrl: string | null;
  created: string;
  /**
   * The card of the latest charge (receipts show it), when the charge was expanded. `wallet` only for a
   * wallet card (Apple Pay, Google Pay): its type and the device number's last four (`card.wallet`).
   */
  card: { brand: string; last4: string; wallet?: CardWallet } | null;
};

/** A wallet card's wallet (Stripe's `card.wallet.type` and `dynamic_last4`). */
export type CardWallet = { type: string; dynamicLast4: string | null };

export type ProcessorRefund = {
  id: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  amount: number;
  currency: string;
  status: string | null;
  reason: string | null;
  metadata: Record<string, string>;
  created: string;
};

export type ApplicationFeeRefund = { id: string; feeId: string; amount: number; created: string };

export type BillingCustomer = { id: string; email: string | null };

export type BillingCard = {
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/**
 * A processor-hosted card set-up page (a Checkout Session in setup mode, docs/processor.md, "Hosted card
 * set-up"). `url` is there while it is open; `setupIntentId` once the person saved a card.
 */
export type CardSetup = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  url: string | null;
  expiresAt: string;
  /** Whose set-up it is: the merchant id it was created for. */
  clientReferenceId: string | null;
  setupIntentId: string | null;
};

/** The SetupIntent a completed card set-up made: its new payment method. */
export type CardSetupIntent = { id: string; status: string; paymentMethodId: string | null };

/** One wallet's status on a payment method domain (Stripe's `apple_pay.status` and its `status_details`). */
export type PaymentMethodDomainStatus = { status: 'active' | 'inactive'; errorMessage: string | null };

/** A web domain registered on an account for wallet buttons (Stripe's Payment Method Domain). */
export type PaymentMethodDomain = {
  id: string;
  accountId: string;
  domainName: string;
  enabled: boolean;
  applePay: PaymentMethodDomainStatus;
  googlePay: PaymentMethodDomainStatus;
  link: PaymentMethodDomainStatus;
  paypal: PaymentMethodDomainStatus;
};

export type BillingCharge = { id: string; status: HoldStatus; amount: number; currency: string };

/** A verified processor event, with the raw object kept for handlers that need more fields. */
export type ProcessorEvent = {
  id: string;
  type: string;
  /** The connected account the event happened on (Connect events); null for the platform. */
  accountId: string | null;
  livemode: boolean;
  created: string;
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | null;
};
