import { unix } from './ids';
import type { CheckoutSessionRow, SetupIntentRow } from './rows';

/**
 * Checkout Sessions and SetupIntents rendered as Stripe returns them. An open session past its
 * `expires_at` reads as `expired` (Stripe expires them in the background; the emulator on read).
 */
export function sessionStatus(s: CheckoutSessionRow, now = new Date()): CheckoutSessionRow['status'] {
  return s.status === 'open' && s.expires_at <= now ? 'expired' : s.status;
}

export function checkoutSessionJson(s: CheckoutSessionRow, origin: string) {
  const status = sessionStatus(s);
  return {
    id: s.id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: null,
    amount_total: null,
    billing_address_collection: null,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    client_secret: null,
    created: unix(s.created_at),
    currency: s.currency,
    customer: s.customer,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    expires_at: unix(s.expires_at),
    invoice: null,
    livemode: s.mode === 'live',
    locale: null,
    metadata: s.metadata,
    mode: s.session_mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'no_payment_required',
    setup_intent: s.setup_intent,
    status,
    submit_type: null,
    subscription: null,
    success_url: s.success_url,
    ui_mode: 'hosted',
    // Stripe gives the address only while the session is open.
    url: status === 'open' ? hostedSetupUrl(origin, s.id) : null,
  };
}

/** Where the hosted card set-up page of a session is served (./card-setup-page.ts). */
export const hostedSetupUrl = (origin: string, sessionId: string) =>
  `${origin}/_emulator/checkout/${encodeURIComponent(sessionId)}`;

export function setupIntentJson(si: SetupIntentRow) {
  return {
    id: si.id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: si.client_secret,
    created: unix(si.created_at),
    customer: si.customer,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: si.mode === 'live',
    mandate: null,
    metadata: si.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: si.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: si.status,
    usage: si.usage,
  };
}
