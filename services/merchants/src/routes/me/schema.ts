import { GateSchema, ModeSchema, RoleSchema, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';
import { BUSINESS_TYPES } from '../../businesses/business-types';

/** The address as registered in parts (`business_address` is the same address on one line). */
export const AddressPartsViewSchema = z
  .object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string().nullable(),
  })
  .meta({ id: 'AddressParts' });

/** GET /api/merchants/me (docs/spec.md, Merchant): the business the caller acts for. */
export const MerchantSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'The trading name shown to customers.' }),
    created_at: TimestampSchema,
    legal_name: z.string(),
    business_type: z.enum(BUSINESS_TYPES),
    business_email: z.string(),
    business_phone: z.string(),
    vat_number: z.string().nullable(),
    company_number: z.string().nullable(),
    business_address: z.string(),
    business_address_parts: AddressPartsViewSchema.nullable(),
    country: z.string().meta({ example: 'GB' }),
    default_currency: z.string().meta({ example: 'gbp' }),
    processor_charges_enabled: z
      .boolean()
      .meta({ description: 'True once the processor has enabled charges (live). Gate live checkout on it.' }),
    processor_details_submitted: z.boolean(),
    processor_account_id: z.string().nullable(),
    processor_connected_at: TimestampSchema.nullable(),
    business_role: RoleSchema.meta({ description: "The caller's role." }),
    platform_fee_bps: z.number().int().meta({ description: 'Hundredths of a percent; 300 is the standard 3%.' }),
    platform_fee_discount_ends_at: TimestampSchema.nullable(),
    mode: ModeSchema.meta({ description: 'The mode asked for (X-Service-Mode); webhook_url and gates are for it.' }),
    webhook_url: z.string().nullable(),
    allowed_domain: z.string().nullable(),
    verification_status: z.string().meta({ description: 'Reads `verified` once the checks pass.' }),
    verification_grandfathered: z.boolean(),
    paused: z.boolean().meta({ description: 'A paused workspace is read-only.' }),
    paused_reason: z.string().nullable(),
    gates: z.object({ issue_invoice: GateSchema, issue_invoice_bank_transfer: GateSchema, take_split: GateSchema }),
  })
  .meta({ id: 'Merchant' });
