import { TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

/** The answers of the refresh-session routes (docs/security.md, "Sessions that survive a reload"). */
export const SESSION_MESSAGES = {
  ended: 'The session has ended. Sign in again.',
  notFound: 'No such active session.',
} as const;

/** One active session family: a sign-in on one device. */
export const ActiveSessionSchema = z
  .object({
    id: z.string(),
    device: z.string().meta({ description: 'Browser and system, read from the user agent ("Chrome on Linux").' }),
    user_agent: z.string(),
    ip_address: z.string().meta({ description: 'The client address of the sign-in or of its latest refresh.' }),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema,
    expires_at: TimestampSchema.meta({ description: 'The absolute end; an idle session ends sooner.' }),
    current: z.boolean().meta({ description: 'True for the session the calling access token belongs to.' }),
  })
  .meta({ id: 'ActiveSession' });

/** GET /api/auth/sessions: 200. */
export const ActiveSessionListSchema = z
  .object({ sessions: z.array(ActiveSessionSchema) })
  .meta({ id: 'ActiveSessionList' });
