import { z } from 'zod';

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link is missing its token' })
    .min(1, 'The unsubscribe link is missing its token'),
});

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';
