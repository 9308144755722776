import { TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

/** The answers of the sign-in routes that the spec leaves open (docs/identity.md). */
export const SIGN_IN_MESSAGES = {
  invalidStart: 'Enter a valid email address',
  invalidVerify: 'Enter your email address and the 6-digit code from the e-mail',
  wrongCode: 'That code is not right. Check the e-mail and try again.',
  expired: 'That code has expired or was already used. Ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
} as const;

const email = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, 'Enter a valid email address'));

export const StartSignInSchema = z.object({ email });

export const VerifySignInSchema = z.object({
  email,
  // A number is accepted too, but then leading zeros are lost and the code will not match.
  code: z
    .union([z.string(), z.number()], { error: 'Enter the 6-digit code from the e-mail' })
    .transform((value) => String(value).replace(/\s+/g, '')),
});

/** POST /api/auth/email/verify: 200. */
export const SignInSessionSchema = z
  .object({
    access_token: z.string().meta({ description: 'Send it as `Authorization: Bearer <access_token>`.' }),
    token_type: z.literal('Bearer'),
    expires_at: TimestampSchema,
    user: z.object({
      id: z.string(),
      email: z.string(),
      consent_required: z.boolean().meta({
        description: 'True until the current terms and privacy policy are accepted (POST /api/auth/consent).',
      }),
    }),
  })
  .meta({ id: 'SignInSession' });
