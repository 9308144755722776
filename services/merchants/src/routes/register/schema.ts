import { idField, nullableTextField } from '@groupsplit/shared';
import { z } from 'zod';
import { BUSINESS_TYPES } from '../../businesses/business-types';

/** docs/spec.md (Errors) gives the 409 codes but not these texts ("message text differs between routes"). */
export const MERCHANT_EXISTS_MESSAGE =
  'This account already has a business. Send allow_additional: true to register another one.';
export const COMPANY_REGISTERED_MESSAGE = 'A business with this company number is already registered.';

const NEEDS_COMPANY_NUMBER = new Set<string>(['limited_company', 'limited_liability_partnership']);

/** Field metadata whose description states the limit the schema enforces (`limit`: "1 to 120 characters"). */
type Documented = { describe: (limit: string) => string; example: string | null };

const text = (message: string, max: number, doc: Documented) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message} (at most ${max} characters)`)
    .meta({ description: doc.describe(`1 to ${max} characters`), example: doc.example });

/** Absent, null and "" all mean "not given". */
const optionalText = (message: string, max: number, doc: Documented) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `${message} (at most ${max} characters)`)
    .nullish()
    .transform((value) => value || null)
    .meta({ description: doc.describe(`up to ${max} characters`), example: doc.example });

export const AddressPartsSchema = z
  .object(
    {
      line1: text('Enter the first line of the address', 200, {
        describe: (limit) => `First line, ${limit}.`,
        example: '12 Market Street',
      }),
      line2: optionalText('Enter the second line of the address as text', 200, {
        describe: (limit) => `Second line, ${limit}.`,
        example: 'Unit 4',
      }),
      city: text('Enter the town or city', 100, {
        describe: (limit) => `Town or city, ${limit}.`,
        example: 'Bristol',
      }),
      county: optionalText('Enter the county as text', 100, {
        describe: (limit) => `County, ${limit}.`,
        example: null,
      }),
      postcode: text('Enter the postcode', 16, {
        describe: (limit) => `Postcode, ${limit}.`,
        example: 'BS1 4DJ',
      }),
      country: optionalText('Enter the country as text', 60, {
        describe: (limit) => `Country, ${limit}.`,
        example: 'United Kingdom',
      }),
    },
    { error: 'Send business_address_parts as an object with line1, city and postcode' },
  )
  .meta({ description: 'The address in parts; `business_address` is then derived from them.' });

export const RegisterSchema = z
  .object(
    {
      name: text('Enter the trading name', 120, {
        describe: (limit) => `The trading name shown to customers, ${limit}.`,
        example: 'Picnic Supplies',
      }),
      legal_name: text('Enter the legal name', 200, {
        describe: (limit) => `The registered legal name, ${limit}.`,
        example: 'Picnic Supplies Ltd',
      }),
      business_type: z
        .enum(BUSINESS_TYPES, { error: `Choose a business type: ${BUSINESS_TYPES.join(', ')}` })
        .meta({ description: 'The legal form of the business.', example: 'limited_company' }),
      business_address: optionalText('Enter the business address', 500, {
        describe: (limit) => `The address on one line, ${limit}. Required unless \`business_address_parts\` is sent.`,
        example: '12 Market Street, Unit 4, Bristol BS1 4DJ',
      }),
      business_address_parts: AddressPartsSchema.optional(),
      business_email: z
        .string({ error: 'Enter a valid business email address' })
        .trim()
        .pipe(z.email({ error: 'Enter a valid business email address' }).max(254))
        .meta({
          description: 'The business contact address (not the login), up to 254 characters.',
          example: 'hello@shop.example.com',
        }),
      business_phone: z
        .string({ error: 'Enter a phone number of 7 to 30 characters' })
        .trim()
        .min(7, 'Enter a phone number of 7 to 30 characters')
        .max(30, 'Enter a phone number of 7 to 30 characters')
        .meta({ description: 'A phone number, 7 to 30 characters.', example: '+44 117 496 0123' }),
      company_number: z
        .string({ error: 'Enter the company number as text' })
        .nullish()
        .transform((value) => value?.replace(/\s+/g, '').toUpperCase() || null)
        .pipe(
          z
            .string()
            .regex(/^[A-Z0-9]{1,20}$/, 'Enter the company number: letters and digits only, up to 20')
            .nullable(),
        )
        .meta({
          description:
            'The Companies House number, letters and digits, up to 20 (spaces are removed). Required for ' +
            '`limited_company` and `limited_liability_partnership`.',
          example: '12345678',
        }),
      vat_number: optionalText('Enter the VAT number as text', 20, {
        describe: (limit) => `The VAT number, ${limit}.`,
        example: 'GB123456789',
      }),
      webhook_url: optionalText('Enter the webhook URL as text', 2048, {
        describe: (limit) => `The live webhook URL, ${limit}; the same checks as \`PATCH /api/merchants\`.`,
        example: 'https://shop.example.com/webhooks',
      }),
      allow_additional: z
        .boolean({ error: 'allow_additional must be true or false' })
        .optional()
        .default(false)
        .meta({ description: '`true` to add a further business to a login that already has one.', example: false }),
    },
    { error: 'Send the business details as a JSON object' },
  )
  // `when` lets these run even if other fields failed, so one answer lists every problem.
  .superRefine(
    (value, ctx) => {
      if (!value.business_address && !value.business_address_parts) {
        ctx.addIssue({
          code: 'custom',
          path: ['business_address'],
          message: 'Enter the business address, or send business_address_parts',
        });
      }
      if (NEEDS_COMPANY_NUMBER.has(value.business_type) && !value.company_number) {
        ctx.addIssue({
          code: 'custom',
          path: ['company_number'],
          message: 'Enter the company number (required for limited companies and LLPs)',
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

export type RegisterInput = z.infer<typeof RegisterSchema>;
export type AddressParts = z.infer<typeof AddressPartsSchema>;

/** POST /api/merchants/register: 201. No API key or webhook secret is created here. */
export const RegisteredMerchantSchema = z
  .object({
    id: idField('merchant', 'The new business.'),
    name: z.string().meta({ description: 'Its trading name.', example: 'Picnic Supplies' }),
    webhook_url: nullableTextField('The live webhook URL, or null.', 'https://shop.example.com/webhooks'),
  })
  .meta({ id: 'RegisteredMerchant', description: 'The new business (no API key or webhook secret yet).' });
