import { z } from 'zod';
import { BUSINESS_TYPES } from '../../businesses/business-types';

/** docs/spec.md (Errors) gives the 409 codes but not these texts ("message text differs between routes"). */
export const MERCHANT_EXISTS_MESSAGE =
  'This account already has a business. Send allow_additional: true to register another one.';
export const COMPANY_REGISTERED_MESSAGE = 'A business with this company number is already registered.';

const NEEDS_COMPANY_NUMBER = new Set<string>(['limited_company', 'limited_liability_partnership']);

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${message} (at most ${max} characters)`);

/** Absent, null and "" all mean "not given". */
const optionalText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .max(max, `${message} (at most ${max} characters)`)
    .nullish()
    .transform((value) => value || null);

export const AddressPartsSchema = z.object(
  {
    line1: text('Enter the first line of the address', 200),
    line2: optionalText('Enter the second line of the address as text', 200),
    city: text('Enter the town or city', 100),
    county: optionalText('Enter the county as text', 100),
    postcode: text('Enter the postcode', 16),
    country: optionalText('Enter the country as text', 60),
  },
  { error: 'Send business_address_parts as an object with line1, city and postcode' },
);

export const RegisterSchema = z
  .object(
    {
      name: text('Enter the trading name', 120),
      legal_name: text('Enter the legal name', 200),
      business_type: z.enum(BUSINESS_TYPES, { error: `Choose a business type: ${BUSINESS_TYPES.join(', ')}` }),
      business_address: optionalText('Enter the business address', 500),
      business_address_parts: AddressPartsSchema.optional(),
      business_email: z
        .string({ error: 'Enter a valid business email address' })
        .trim()
        .pipe(z.email({ error: 'Enter a valid business email address' }).max(254)),
      business_phone: z
        .string({ error: 'Enter a phone number of 7 to 30 characters' })
        .trim()
        .min(7, 'Enter a phone number of 7 to 30 characters')
        .max(30, 'Enter a phone number of 7 to 30 characters'),
      company_number: z
        .string({ error: 'Enter the company number as text' })
        .nullish()
        .transform((value) => value?.replace(/\s+/g, '').toUpperCase() || null)
        .pipe(
          z
            .string()
            .regex(/^[A-Z0-9]{1,20}$/, 'Enter the company number: letters and digits only, up to 20')
            .nullable(),
        ),
      vat_number: optionalText('Enter the VAT number as text', 20),
      webhook_url: optionalText('Enter the webhook URL as text', 2048),
      allow_additional: z.boolean({ error: 'allow_additional must be true or false' }).optional().default(false),
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
  .object({ id: z.string(), name: z.string(), webhook_url: z.string().nullable() })
  .meta({ id: 'RegisteredMerchant' });
