import { EXAMPLE_VALUES, emailField, idField, timestampField } from '@groupsplit/shared';
import { z } from 'zod';
import { type SignInAddress, signInAddress } from './email-address';

/** The answers of the sign-in routes that the spec leaves open (docs/identity.md). */
export const SIGN_IN_MESSAGES = {
  invalidStart: 'Enter a valid email address',
  invalidVerify: 'Enter your email address and the 6-digit code from the e-mail',
  wrongCode: 'That code is not right. Check the e-mail and try again.',
  expired: 'That code has expired or was already used. Ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
} as const;

// The one place sign-in normalises an address (email-address.ts): every limit and lookup gets it this way.
const email = z
  .string({ error: 'Enter your email address' })
  .transform((raw): string => signInAddress(raw))
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, 'Enter a valid email address'))
  .transform((address) => address as SignInAddress);

const EMAIL_DESCRIPTION = {
  description: 'Your e-mail address (the login), up to 254 characters.',
  example: EXAMPLE_VALUES.email,
};

export const StartSignInSchema = z.object({ email: email.meta(EMAIL_DESCRIPTION) });

export const VerifySignInSchema = z.object({
  email: email.meta(EMAIL_DESCRIPTION),
  // A number is accepted too, but then leading zeros are lost and the code will not match.
  code: z
    .union([z.string(), z.number()], { error: 'Enter the 6-digit code from the e-mail' })
    .transform((value) => String(value).replace(/\s+/g, ''))
    .meta({
      description: 'The 6-digit code from the e-mail, as a string (spaces are ignored; a number loses leading zeros).',
      example: '042917',
    }),
});

/** POST /api/auth/email/verify: 200. */
export const SignInSessionSchema = z
  .object({
    access_token: z.string().meta({
      description: 'Send it as `Authorization: Bearer <access_token>`.',
      example: 'gs_at_Vb8wQ2xLm5Rk9TzP3cNf7HjY1dGs4Ae6',
    }),
    token_type: z.literal('Bearer').meta({ description: 'Always `Bearer`.' }),
    expires_at: timestampField('When the access token stops working (12 hours after sign-in).'),
    user: z
      .object({
        id: idField('user', 'Your user id.'),
        email: emailField('Your login address.'),
        consent_required: z.boolean().meta({
          description: 'True until the current terms and privacy policy are accepted (POST /api/auth/consent).',
          example: false,
        }),
      })
      .meta({ description: 'Who signed in.' }),
  })
  .meta({ id: 'SignInSession', description: 'A signed-in session.' });
