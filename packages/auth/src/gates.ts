import {
  type AppError,
  badRequest,
  GATES,
  type Gate,
  isVerified,
  type MerchantGates,
  PAYMENTS_NEED_VERIFICATION,
  UNPAID_BILL_PAUSE_DAYS,
} from '@groupsplit/core';
import type { Db, MerchantRow } from '@groupsplit/db';
import { BillingRepository } from '@groupsplit/db';
import type { ServiceMode } from '@groupsplit/http';
import { z } from 'zod';

/** A gate as responses show it (the merchant record's `gates`). */
export const GateSchema = z
  .object({
    code: z
      .enum(['connector_not_live', 'billing_card_required', 'billing_paused', 'verification_required'])
      .meta({ description: 'Why the feature is not ready.' }),
    message: z.string().meta({
      description: 'The reason, for people.',
      example: 'Add a billing card in Settings, Billing before taking split payments.',
    }),
    fix: z
      .object({
        label: z.string().meta({ description: 'What the fix is called.', example: 'Add a billing card' }),
        path: z
          .string()
          .meta({ description: 'Where in the dashboard to fix it.', example: '/dashboard/settings/billing' }),
      })
      .meta({ description: 'Where to fix it.' }),
  })
  .nullable()
  .meta({ id: 'Gate', description: 'Null when the feature is ready; otherwise why not, and where to fix it.' });

type GateMerchant = Pick<
  MerchantRow,
  'id' | 'processor_charges_enabled' | 'verification_status' | 'verification_grandfathered'
>;

/** The merchant's billing card on file for one mode, if there is one. */
export function findBillingCard(db: Db, merchantId: string, mode: ServiceMode) {
  return new BillingRepository(db).findCard(merchantId, mode);
}

export async function hasBillingCard(db: Db, merchantId: string, mode: ServiceMode): Promise<boolean> {
  return Boolean(await findBillingCard(db, merchantId, mode));
}

export async function hasOverdueBill(db: Db, merchantId: string, mode: ServiceMode): Promise<boolean> {
  return new BillingRepository(db).hasOverdueBill(merchantId, mode, UNPAID_BILL_PAUSE_DAYS);
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
