import { sql } from 'kysely';
import { z } from 'zod';
import type { MerchantRow } from './auth/merchant-context';
import type { Db } from './db';
import { type AppError, badRequest, MESSAGES } from './errors';
import type { ServiceMode } from './http/service-mode';

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

/** A gate as responses show it (the merchant record's `gates`). */
export const GateSchema = z
  .object({
    code: z.enum(['connector_not_live', 'billing_card_required', 'billing_paused', 'verification_required']),
    message: z.string(),
    fix: z.object({ label: z.string(), path: z.string() }),
  })
  .nullable()
  .meta({ id: 'Gate', description: 'Null when the feature is ready; otherwise why not, and where to fix it.' });

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

type GateMerchant = Pick<
  MerchantRow,
  'id' | 'processor_charges_enabled' | 'verification_status' | 'verification_grandfathered'
>;

/** Verified owner (and company, where that applies), or a business that predates verification. */
export function isVerified(merchant: Pick<MerchantRow, 'verification_status' | 'verification_grandfathered'>) {
  return merchant.verification_status === 'verified' || merchant.verification_grandfathered;
}

export async function hasBillingCard(db: Db, merchantId: string, mode: ServiceMode): Promise<boolean> {
  const card = await db
    .selectFrom('billing_cards')
    .select('merchant_id')
    .where('merchant_id', '=', merchantId)
    .where('mode', '=', mode)
    .executeTakeFirst();
  return Boolean(card);
}

export async function hasOverdueBill(db: Db, merchantId: string, mode: ServiceMode): Promise<boolean> {
  const bill = await db
    .selectFrom('bills')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('mode', '=', mode)
    .where('paid_at', 'is', null)
    .where('issued_at', '<=', sql<Date>`now() - make_interval(days => ${UNPAID_BILL_PAUSE_DAYS})`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(bill);
}

/**
 * Why this business cannot take a split in this mode, or null when it can. Test mode needs
 * no processor connection (docs/spec.md, Authentication rule 3): without a test account of its
 * own, the platform's test sandbox account holds the split (docs/processor.md, section 5a).
 * Both modes need their own billing card.
 */
export async function takeSplitGate(db: Db, merchant: GateMerchant, mode: ServiceMode): Promise<Gate | null> {
  if (mode === 'live' && !merchant.processor_charges_enabled) return GATES.connector_not_live;
  // docs/spec.md, Team (invitation rules): after an ownership transfer, a business whose new owner is not
  // verified cannot take payments.
  if (mode === 'live' && !isVerified(merchant)) return PAYMENTS_NEED_VERIFICATION;
  if (!(await hasBillingCard(db, merchant.id, mode))) return GATES.billing_card_required;
  if (await hasOverdueBill(db, merchant.id, mode)) return GATES.billing_paused;
  return null;
}

/** Invoices need a verified owner (a transfer of ownership restarts verification) and, live, a working processor. */
export function issueInvoiceGate(merchant: GateMerchant, mode: ServiceMode): Gate | null {
  if (!isVerified(merchant)) return GATES.verification_required;
  if (mode === 'live' && !merchant.processor_charges_enabled) return GATES.connector_not_live;
  return null;
}

export async function merchantGates(db: Db, merchant: GateMerchant, mode: ServiceMode): Promise<MerchantGates> {
  const issueInvoice = issueInvoiceGate(merchant, mode);
  return {
    issue_invoice: issueInvoice,
    // TODO: also require bank details once invoicing has a table for them.
    issue_invoice_bank_transfer: issueInvoice,
    take_split: await takeSplitGate(db, merchant, mode),
  };
}

/** The 400 a refused split answers with: `{ error: <message>, code: <gate code> }`. */
export function gateError(gate: Gate): AppError {
  return badRequest(gate.message, gate.code);
}
