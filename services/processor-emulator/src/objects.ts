import { STRIPE_API_VERSION } from '@groupsplit/shared';
import { unix } from './ids';
import type {
  AccountRow,
  ChargeRow,
  CustomerRow,
  DisputeRow,
  EventRow,
  FeeRefundRow,
  PaymentIntentRow,
  PaymentMethodDomainRow,
  PaymentMethodRow,
  RefundRow,
} from './rows';
import { type CardWallet, TEST_CARDS } from './test-cards';

/** Stripe's `card.wallet`: the wallet's type, its own (empty) hash under that name, and the device number's last four. */
export function walletJson(wallet: CardWallet | null | undefined) {
  if (!wallet) return null;
  return { [wallet.type]: {}, dynamic_last4: wallet.dynamic_last4, type: wallet.type };
}

/** Rows rendered as the JSON objects Stripe returns (API version 2026-08-26.dahlia shapes). */

const REQUIREMENTS_DUE = [
  'business_profile.url',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
];

export function accountJson(a: AccountRow) {
  const due = a.details_submitted ? [] : REQUIREMENTS_DUE;
  return {
    id: a.id,
    object: 'account',
    business_profile: { name: a.business_name, mcc: null, support_email: null, url: null },
    business_type: null,
    capabilities: {
      card_payments: a.charges_enabled ? 'active' : 'inactive',
      transfers: a.payouts_enabled ? 'active' : 'inactive',
    },
    charges_enabled: a.charges_enabled,
    controller: { type: 'account', is_controller: true },
    country: a.country,
    created: unix(a.created_at),
    default_currency: a.default_currency,
    details_submitted: a.details_submitted,
    email: a.email,
    metadata: a.metadata,
    payouts_enabled: a.payouts_enabled,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: due,
      disabled_reason: a.charges_enabled ? null : 'requirements.past_due',
      errors: [],
      eventually_due: due,
      past_due: due,
      pending_verification: [],
    },
    settings: { payouts: { schedule: { interval: 'daily' } } },
    tos_acceptance: { date: a.details_submitted ? unix(a.updated_at) : null },
    type: a.type,
  };
}

export function paymentMethodJson(pm: PaymentMethodRow) {
  return {
    id: pm.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
    },
    card: {
      brand: pm.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: pm.country,
      display_brand: pm.brand,
      exp_month: pm.exp_month,
      exp_year: pm.exp_year,
      fingerprint: `fp_${pm.test_card}`,
      funding: pm.funding,
      generated_from: null,
      last4: pm.last4,
      networks: { available: [pm.brand], preferred: null },
      three_d_secure_usage: { supported: TEST_CARDS[pm.test_card]?.threeDSecureSupported ?? true },
      wallet: walletJson(TEST_CARDS[pm.test_card]?.wallet),
    },
    created: unix(pm.created_at),
    customer: pm.customer,
    livemode: pm.mode === 'live',
    metadata: pm.metadata,
    type: 'card',
  };
}

export function chargeJson(c: ChargeRow) {
  return {
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_captured: c.amount_captured,
    amount_refunded: c.amount_refunded,
    application: null,
    application_fee: c.application_fee_id,
    application_fee_amount: c.application_fee_amount,
    balance_transaction: c.captured ? `txn_${c.id.slice(3)}` : null,
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
    },
    calculated_statement_descriptor: 'GROUPSPLIT',
    captured: c.captured,
    created: unix(c.created_at),
    currency: c.currency,
    customer: null,
    description: c.description,
    disputed: c.disputed,
    failure_balance_transaction: null,
    failure_code: c.failure_code,
    failure_message: c.failure_message,
    fraud_details: {},
    livemode: c.mode === 'live',
    metadata: c.metadata,
    on_behalf_of: null,
    outcome:
      c.status !== 'succeeded' && c.decline_code === 'fraudulent'
        ? {
            network_status: 'not_sent_to_network',
            reason: 'highest_risk_level',
            risk_level: 'highest',
            seller_message: 'Stripe blocked this payment as too risky.',
            type: 'blocked',
          }
        : c.status === 'succeeded'
          ? {
              network_status: 'approved_by_network',
              reason: null,
              risk_level: 'normal',
              seller_message: 'Payment complete.',
              type: 'authorized',
            }
          : {
              network_status: 'declined_by_network',
              reason: c.decline_code,
              risk_level: 'normal',
              seller_message: 'The bank did not return any further details with this decline.',
              type: 'issuer_declined',
            },
    paid: c.paid,
    payment_intent: c.payment_intent,
    payment_method: c.payment_method,
    payment_method_details: {
      card: {
        amount_authorized: c.status === 'succeeded' ? c.amount : null,
        brand: c.card.brand,
        capture_before: unix(c.capture_before),
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: c.card.country,
        exp_month: c.card.exp_month,
        exp_year: c.card.exp_year,
        funding: c.card.funding,
        last4: c.card.last4,
        network: c.card.brand,
        wallet: walletJson((c.card as { wallet?: CardWallet | null }).wallet),
      },
      type: 'card',
    },
    receipt_email: null,
    refunded: c.refunded,
    review: null,
    status: c.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function paymentIntentJson(pi: PaymentIntentRow, expandedCharge?: ChargeRow | null) {
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: pi.amount_capturable,
    amount_details: { tip: {} },
    amount_received: pi.amount_received,
    application: null,
    application_fee_amount: pi.application_fee_amount,
    automatic_payment_methods: null,
    canceled_at: unix(pi.canceled_at),
    cancellation_reason: pi.cancellation_reason,
    capture_method: pi.capture_method,
    client_secret: pi.client_secret,
    confirmation_method: 'automatic',
    created: unix(pi.created_at),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    last_payment_error: pi.last_payment_error,
    latest_charge: expandedCharge ? chargeJson(expandedCharge) : pi.latest_charge,
    livemode: pi.mode === 'live',
    metadata: pi.metadata,
    next_action: pi.next_action,
    on_behalf_of: null,
    payment_method: pi.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: pi.request_three_d_secure,
      },
    },
    payment_method_types: pi.payment_method_types,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: pi.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function refundJson(r: RefundRow) {
  return {
    id: r.id,
    object: 'refund',
    amount: r.amount,
    balance_transaction: `txn_${r.id.slice(3)}`,
    charge: r.charge,
    created: unix(r.created_at),
    currency: r.currency,
    destination_details: { card: { type: 'refund' }, type: 'card' },
    metadata: r.metadata,
    payment_intent: r.payment_intent,
    reason: r.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: r.status,
    transfer_reversal: null,
  };
}

export function customerJson(c: CustomerRow) {
  return {
    id: c.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: unix(c.created_at),
    currency: null,
    default_source: null,
    delinquent: false,
    description: c.description,
    email: c.email,
    invoice_prefix: c.id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: c.default_payment_method,
      footer: null,
      rendering_options: null,
    },
    livemode: c.mode === 'live',
    metadata: c.metadata,
    name: c.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function applicationFeeJson(c: ChargeRow) {
  return {
    id: c.application_fee_id,
    object: 'application_fee',
    account: c.account,
    amount: c.application_fee_amount ?? 0,
    amount_refunded: c.application_fee_refunded,
    application: 'ca_groupsplit',
    balance_transaction: null,
    charge: c.id,
    created: unix(c.created_at),
    currency: c.currency,
    livemode: c.mode === 'live',
    originating_transaction: null,
    refunded: c.application_fee_refunded >= (c.application_fee_amount ?? 0),
  };
}

export function feeRefundJson(r: FeeRefundRow, currency: string) {
  return {
    id: r.id,
    object: 'fee_refund',
    amount: r.amount,
    balance_transaction: null,
    created: unix(r.created_at),
    currency,
    fee: r.fee,
    metadata: r.metadata,
  };
}

export function disputeJson(d: DisputeRow) {
  return {
    id: d.id,
    object: 'dispute',
    amount: d.amount,
    balance_transactions: [],
    charge: d.charge,
    created: unix(d.created_at),
    currency: d.currency,
    evidence_details: { due_by: unix(new Date(d.created_at.getTime() + 7 * 86_400_000)), has_evidence: false },
    is_charge_refundable: false,
    livemode: d.mode === 'live',
    metadata: {},
    payment_intent: d.payment_intent,
    reason: d.reason,
    status: d.status,
  };
}

/**
 * Stripe's `payment_method_domain`: each wallet-like method's status on the domain. Apple Pay is
 * inactive (with `status_details.error_message`) when Apple's domain check failed; the others need
 * no check and are active.
 */
export function paymentMethodDomainJson(d: PaymentMethodDomainRow) {
  const active = { status: 'active' };
  return {
    id: d.id,
    object: 'payment_method_domain',
    amazon_pay: active,
    apple_pay: d.apple_pay_error
      ? { status: 'inactive', status_details: { error_message: d.apple_pay_error } }
      : active,
    created: unix(d.created_at),
    domain_name: d.domain_name,
    enabled: d.enabled,
    google_pay: active,
    klarna: active,
    link: active,
    livemode: d.mode === 'live',
    paypal: active,
  };
}

/** The event envelope posted to webhook endpoints. */
export function eventJson(e: EventRow) {
  return {
    id: e.id,
    object: 'event',
    ...(e.account ? { account: e.account } : {}),
    api_version: STRIPE_API_VERSION,
    created: unix(e.created_at),
    data: e.data,
    livemode: e.mode === 'live',
    pending_webhooks: 1,
    request: { id: e.request_id, idempotency_key: e.idempotency_key },
    type: e.type,
  };
}

export const list = (url: string, data: unknown[], hasMore = false) => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
});

/** One page of a list call from rows read with one more than `limit`: the extra row only says there are more. */
export const listPage = <R>(url: string, rows: R[], limit: number, toJson: (row: R) => unknown) =>
  list(url, rows.slice(0, limit).map(toJson), rows.length > limit);
