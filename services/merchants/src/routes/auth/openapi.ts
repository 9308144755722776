import { err, FAMILIES, OkSchema, type OpenApiPaths, operations } from '@groupsplit/shared';
import { z } from 'zod';
import { REFRESH_HEADER, REFRESH_REFUSALS } from './refresh-guard';
import { SIGN_IN_MESSAGES as M, SignInSessionSchema, StartSignInSchema, VerifySignInSchema } from './schema';
import { ActiveSessionListSchema, SESSION_MESSAGES } from './session-schema';
import { CODE_SENDS_MESSAGE, SIGN_IN_LIMIT_MESSAGES } from './sign-in-limits';

/** E-mail code sign-in and sign-out (docs/identity.md). */
export const authPaths: OpenApiPaths = operations(FAMILIES.signIn, {
  'POST /api/auth/email/start': {
    id: 'startSignIn',
    summary: 'E-mail a sign-in code',
    description:
      'Mails a 6-digit code, valid for 10 minutes, replacing any earlier one. The answer is the same whether or not ' +
      'the address has an account. At most 10 codes an hour are sent to one address, whoever asks ' +
      '(`SIGN_IN_CODES_PER_ADDRESS_PER_HOUR`); more are refused with 429 `rate_limited` and `Retry-After`.',
    body: { schema: StartSignInSchema },
    responses: { 202: { description: 'The code is on its way.', schema: OkSchema } },
    errors: {
      400: [err(M.invalidStart, 'validation_failed')],
      429: [
        err(
          `${CODE_SENDS_MESSAGE} 60 minutes.`,
          'rate_limited',
          'more codes for this address within an hour than the limit; the minutes follow `Retry-After`',
        ),
      ],
    },
  },
  'POST /api/auth/email/verify': {
    id: 'verifySignIn',
    summary: 'Exchange the code for a bearer token',
    description:
      "Creates the account on first sign-in. The token lasts 12 hours. The answer also sets the dashboard's `HttpOnly` refresh cookie (POST /api/auth/session/refresh), which a server can ignore. Five wrong codes use the code up; ask for a new one. " +
      'Wrong codes slow whoever sends them and never lock the owner out (docs/rate-limits.md, "Sign-in codes per address"): a ' +
      'connection waits after its sixth wrong code for one address (1 minute, doubling up to an hour) and is paused ' +
      'for an hour after 20 wrong codes in an hour; after 10 wrong codes for one address within an hour, from any ' +
      'connections, only the connection that asked for the current code may enter one for the next hour, and the ' +
      'owner is e-mailed once. Each is 429 `rate_limited` with `Retry-After`, even for the right code.',
    body: { schema: VerifySignInSchema },
    responses: { 200: { description: 'Signed in.', schema: SignInSessionSchema } },
    errors: {
      400: [
        err(M.invalidVerify, 'validation_failed'),
        err(M.wrongCode, 'invalid_code'),
        err(M.expired, 'code_expired'),
        err(M.tooManyAttempts, 'too_many_attempts'),
      ],
      429: [
        err(
          `${SIGN_IN_LIMIT_MESSAGES.pair} Try again in 1 minute.`,
          'rate_limited',
          'this connection sent six or more wrong codes for this address within an hour; the minutes follow `Retry-After`',
        ),
        err(
          `${SIGN_IN_LIMIT_MESSAGES.connection} Try again in 60 minutes.`,
          'rate_limited',
          'this connection sent 20 wrong codes within an hour, for any addresses',
        ),
        err(
          `${SIGN_IN_LIMIT_MESSAGES.guarded} 60 minutes.`,
          'rate_limited',
          'ten wrong codes for this address within an hour, and this connection did not ask for its current code',
        ),
      ],
    },
  },
  'POST /api/auth/sign-out': {
    id: 'signOut',
    summary: 'Revoke this bearer token',
    description:
      'Ends only this session; other devices stay signed in. A dashboard session also loses its refresh cookie.',
    responses: { 200: { description: 'Signed out.', schema: OkSchema } },
  },
});

const SessionParamsSchema = z.object({
  id: z.string().meta({ description: 'The session id from GET /api/auth/sessions.' }),
});

/** The dashboard's refresh sessions (docs/security.md, "Sessions that survive a reload"). */
export const sessionPaths: OpenApiPaths = operations(FAMILIES.signIn, {
  'POST /api/auth/session/refresh': {
    id: 'refreshSession',
    summary: "Exchange the dashboard's refresh cookie for a new access token",
    description:
      'For the dashboard on its own origin: the `HttpOnly` refresh cookie set at sign-in is exchanged for a short-lived ' +
      'access token (15 minutes by default) and replaced by a new one; a replaced cookie presented again ends the whole ' +
      'session and every token it made. Refused (403) when `Origin` names another origin, `Sec-Fetch-Site` is not ' +
      `\`same-origin\`, or \`${REFRESH_HEADER.name}: ${REFRESH_HEADER.value}\` is missing. A session ends 2 hours ` +
      'after its last refresh and 12 hours after sign-in. The cookie authenticates no other route.',
    responses: {
      200: { description: 'A new access token; a new refresh cookie is set.', schema: SignInSessionSchema },
    },
    errors: {
      401: [err(SESSION_MESSAGES.ended, 'session_ended', 'no cookie, or its session ended; the cookie is cleared')],
      403: [
        err(REFRESH_REFUSALS.crossSite.message, REFRESH_REFUSALS.crossSite.code, 'another origin or site'),
        err(REFRESH_REFUSALS.header.message, REFRESH_REFUSALS.header.code, 'the custom header is missing'),
      ],
    },
  },
  'GET /api/auth/sessions': {
    id: 'listSessions',
    summary: 'The active sessions of this login',
    description: 'One per dashboard sign-in and device still alive, most recently used first.',
    responses: { 200: { description: 'The sessions.', schema: ActiveSessionListSchema } },
  },
  'POST /api/auth/sessions/{id}/revoke': {
    id: 'revokeSession',
    summary: 'Sign one session out',
    description: 'Ends that session and every access token it made at once.',
    path: SessionParamsSchema,
    responses: { 200: { description: 'Signed out.', schema: OkSchema } },
    errors: { 404: [err(SESSION_MESSAGES.notFound, 'session_not_found')] },
  },
  'POST /api/auth/sessions/revoke-all': {
    id: 'revokeAllSessions',
    summary: 'Sign out everywhere',
    description: 'Ends every session and access token of this login, this one included, and clears the refresh cookie.',
    responses: { 200: { description: 'Signed out everywhere.', schema: OkSchema } },
  },
});
