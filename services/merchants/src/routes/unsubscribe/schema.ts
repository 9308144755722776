import { z } from 'zod';

/**
 * Loose on purpose (docs/errors.md, "Unknown fields"): this is a link in an e-mail, and mail clients and
 * link scanners append their own parameters (`utm_*` and the like); a person clicking it must still be
 * unsubscribed.
 */
export const UnsubscribeQuerySchema = z.looseObject({
  token: z
    .string({ error: 'The unsubscribe link is missing its token' })
    .min(1, 'The unsubscribe link is missing its token')
    .meta({ description: 'The token of the unsubscribe link in the e-mail.', example: 'uns_T7q2Lx9Wv4Rk1' }),
});

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';
