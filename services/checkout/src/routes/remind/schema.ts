import { nullableTimestampField, pathTokenParam } from '@groupsplit/shared';
import { z } from 'zod';

export const RemindParams = z.object({ token: pathTokenParam('The checkout session token.') });

export const REMIND_MESSAGES = {
  nothingToRemind: 'Nobody to remind: no split yet, everyone has approved, or the order is settled.',
  sessionCap: 'This checkout has already been reminded three times.',
} as const;

/** POST /api/merchants/checkout/sessions/:token/remind: 200. */
export const RemindResultSchema = z
  .object({
    reminded: z.number().int().meta({ description: 'Participants e-mailed now.', example: 1 }),
    skipped: z.number().int().meta({
      description: 'Pending participants not e-mailed (unsubscribed, or reminded in the last 12 hours).',
      example: 0,
    }),
    next_allowed_at: nullableTimestampField('When a skipped participant can be reminded again.'),
  })
  .meta({ id: 'RemindResult', description: 'Who was reminded.' });
