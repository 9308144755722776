import {
  GateSchema,
  idField,
  ModeSchema,
  nullableTextField,
  nullableTimestampField,
  RoleSchema,
  textField,
  timestampField,
} from '@groupsplit/shared';
import { z } from 'zod';
import { BUSINESS_TYPES } from '../../businesses/business-types';
import { IntegrationFieldsView } from '../../businesses/integration-fields';

/** The address as registered in parts (`business_address` is the same address on one line). */
export const AddressPartsViewSchema = z
  .object({
    line1: textField('First line.', '12 Market Street'),
    line2: nullableTextField('Second line, or null.', 'Unit 4'),
    city: textField('Town or city.', 'Bristol'),
    county: nullableTextField('County, or null.', null),
    postcode: textField('Postcode.', 'BS1 4DJ'),
    country: nullableTextField('Country, or null.', 'United Kingdom'),
  })
  .meta({ id: 'AddressParts', description: 'The address as registered, in parts.' });

/** GET /api/merchants/me (docs/spec.md, Merchant): the business the caller acts for. */
export const MerchantSchema = z
  .object({
    id: idField('merchant', 'The business.'),
    name: z.string().meta({ description: 'The trading name shown to customers.', example: 'Picnic Supplies' }),
    created_at: timestampField('When the business was registered.'),
    legal_name: textField('The registered legal name.', 'Picnic Supplies Ltd'),
    business_type: z
      .enum(BUSINESS_TYPES)
      .meta({ description: 'The legal form of the business.', example: 'limited_company' }),
    business_email: textField('The business contact address (not the login).', 'hello@shop.example.com'),
    business_phone: textField('The business phone number.', '+44 117 496 0123'),
    vat_number: nullableTextField('The VAT number, or null.', 'GB123456789'),
    company_number: nullableTextField('The Companies House number, or null.', '12345678'),
    business_address: textField('The address on one line.', '12 Market Street, Unit 4, Bristol BS1 4DJ'),
    business_address_parts: AddressPartsViewSchema.nullable(),
    country: z.string().meta({ description: 'Always `GB`: every business is a UK business.', example: 'GB' }),
    default_currency: z.string().meta({ description: 'Always `gbp`.', example: 'gbp' }),
    processor_charges_enabled: z.boolean().meta({
      description: 'True once the processor has enabled charges (live). Gate live checkout on it.',
      example: true,
    }),
    processor_details_submitted: z
      .boolean()
      .meta({ description: 'Details were submitted to the processor (perhaps not yet verified).', example: true }),
    processor_account_id: nullableTextField(
      'The connected processor account, or null before onboarding.',
      'acct_1QabcDEF456ghi',
    ),
    processor_connected_at: nullableTimestampField('When the processor account was linked, or null.'),
    business_role: RoleSchema.meta({ description: "The caller's role." }),
    platform_fee_bps: z
      .number()
      .int()
      .meta({ description: 'Hundredths of a percent; 300 is the standard 3%.', example: 300 }),
    platform_fee_discount_ends_at: nullableTimestampField(
      'When a promotional rate reverts to the standard one, or null.',
      null,
    ),
    mode: ModeSchema.meta({ description: 'The mode asked for (X-Service-Mode); webhook_url and gates are for it.' }),
    ...IntegrationFieldsView,
    verification_status: z
      .string()
      .meta({ description: 'Reads `verified` once the identity and company checks pass.', example: 'verified' }),
    verification_grandfathered: z
      .boolean()
      .meta({ description: 'True for a business that took payments before verification existed.', example: false }),
    paused: z.boolean().meta({ description: 'A paused workspace is read-only.', example: false }),
    paused_reason: nullableTextField('Why it is paused, or null.', null),
    gates: z
      .object({
        issue_invoice: GateSchema.meta({ description: 'Sending invoices.' }),
        issue_invoice_bank_transfer: GateSchema.meta({ description: 'Invoices paid by bank transfer.' }),
        take_split: GateSchema.meta({ description: 'Taking split payments.' }),
      })
      .meta({
        description: 'Per feature, for the mode asked: null when ready, otherwise why not and where to fix it.',
      }),
    apple_pay: z
      .object({
        domain: z.string().meta({
          description: 'Our pay domain, registered on the connected account.',
          example: 'pay.groupsplit.example',
        }),
        status: z.enum(['active', 'inactive']).meta({ description: "Apple Pay's status on it.", example: 'active' }),
        error: nullableTextField('Why Apple Pay is not active, as the processor said; null when it is.', null),
        checked_at: nullableTimestampField('When the registration was last checked.', '2026-12-06T09:30:00.000Z'),
      })
      .nullable()
      .meta({
        description:
          "Beyond the spec's fields: Apple Pay on the pay domain for the mode asked (the go-live checklist's " +
          '"Apple Pay ready on <domain>", docs/processor.md, "Wallet domains"); null until the domain was registered ' +
          'on the connected account (it is once the account can take charges).',
      }),
  })
  .meta({ id: 'Merchant', description: 'The business the caller acts for (docs/spec.md, Merchant).' });
