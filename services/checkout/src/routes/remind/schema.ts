import { TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

export const RemindParams = z.object({ token: z.string().min(1).max(200) });

export const REMIND_MESSAGES = {
  nothingToRemind: 'Nobody to remind: no split yet, everyone has approved, or the order is settled.',
  sessionCap: 'This checkout has already been reminded three times.',
} as const;

/** POST /api/merchants/checkout/sessions/:token/remind: 200. */
export const RemindResultSchema = z
  .object({
    reminded: z.number().int().meta({ description: 'Participants e-mailed now.' }),
    skipped: z
      .number()
      .int()
      .meta({ description: 'Pending participants not e-mailed (unsubscribed, or reminded in the last 12 hours).' }),
    next_allowed_at: TimestampSchema.nullable().meta({
      description: 'When a skipped participant can be reminded again.',
    }),
  })
  .meta({ id: 'RemindResult' });
