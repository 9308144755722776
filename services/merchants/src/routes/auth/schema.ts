import { z } from 'zod';

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
