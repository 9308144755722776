import { MESSAGES } from './errors/messages';

/**
 * Readiness gates: whether a business may use a feature in a mode, and if not, what to fix.
 * GET /api/merchants/me shows them; the split and hosted-checkout paths refuse with them.
 */
export type Gate = { code: GateCode; message: string; fix: { label: string; path: string } };
export type GateCode = 'connector_not_live' | 'billing_card_required' | 'billing_paused' | 'verification_required';
export type MerchantGates = {
  issue_invoice: Gate | null;
  issue_invoice_bank_transfer: Gate | null;
  take_split: Gate | null;
};

export const UNPAID_BILL_PAUSE_DAYS = 14;

export const GATES = {
  connector_not_live: {
    code: 'connector_not_live',
    message: MESSAGES.finishOnboarding,
    fix: { label: 'Connect your payment processor', path: '/dashboard/settings/payments' },
  },
  billing_card_required: {
    code: 'billing_card_required',
    message: 'Add a billing card in Settings, Billing before taking split payments.',
    fix: { label: 'Add a billing card', path: '/dashboard/settings/billing' },
  },
  billing_paused: {
    code: 'billing_paused',
    message: `A service bill has been unpaid for ${UNPAID_BILL_PAUSE_DAYS} days. Pay it to restore split payments at once.`,
    fix: { label: 'Pay the outstanding bill', path: '/dashboard/settings/billing' },
  },
  verification_required: {
    code: 'verification_required',
    message: 'Verify the business owner before sending invoices.',
    fix: { label: 'Verify your identity', path: '/dashboard/settings/verification' },
  },
} as const satisfies Record<GateCode, Gate>;

/** Same code as for invoices; the wording names what is blocked here. */
export const PAYMENTS_NEED_VERIFICATION: Gate = {
  ...GATES.verification_required,
  message: 'Verify the business owner before taking live payments.',
};

/** Verified owner (and company, where that applies), or a business that predates verification. */
export function isVerified(merchant: { verification_status: string; verification_grandfathered: boolean }) {
  return merchant.verification_status === 'verified' || merchant.verification_grandfathered;
}
