import type Stripe from 'stripe';
import type { CardSetup, Hold, HoldStatus, PaymentMethodDomain, ProcessorAccount, ProcessorRefund } from './types';

// Stripe's objects turned into ours: the adapter's answers and the events' payloads read the same fields.

export const iso = (unixSeconds: number | null | undefined) =>
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

export function toCardSetup(session: Stripe.Checkout.Session): CardSetup {
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

export function toRefund(refund: Stripe.Refund): ProcessorRefund {
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
