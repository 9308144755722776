import { TimestampSchema, textField } from '@groupsplit/shared';
import { z } from 'zod';

/** The answers of the refresh-session routes (docs/security.md, "Sessions that survive a reload"). */
export const SESSION_MESSAGES = {
  ended: 'The session has ended. Sign in again.',
  notFound: 'No such active session.',
} as const;

/** One active session family: a sign-in on one device. */
export const ActiveSessionSchema = z
  .object({
    id: textField(
      'The session id: sign it out with `POST /api/auth/sessions/{id}/revoke`.',
      '3f6a9c2e-8b1d-4e7f-a5c3-9d2b6e8f1a47',
    ),
    device: textField('Browser and system, read from the user agent.', 'Chrome on Linux'),
    user_agent: textField(
      'The user agent the session signed in with.',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    ),
    ip_address: textField('The client address of the sign-in or of its latest refresh.', '203.0.113.24'),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema,
    expires_at: TimestampSchema.meta({ description: 'The absolute end; an idle session ends sooner.' }),
    current: z.boolean().meta({ description: 'True for the session the calling access token belongs to.' }),
  })
  .meta({ id: 'ActiveSession' });

/** GET /api/auth/sessions: 200. */
export const ActiveSessionListSchema = z
  .object({
    sessions: z
      .array(ActiveSessionSchema)
      .meta({ description: 'Your active sessions, one per signed-in device, the current one included.' }),
  })
  .meta({ id: 'ActiveSessionList' });
