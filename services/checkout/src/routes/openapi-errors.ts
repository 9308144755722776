import { BUSINESS_ERRORS, err, MESSAGES } from '@groupsplit/shared';
import { SESSION_NOT_FOUND } from '../sessions/schema';

/* Answers that several checkout operations give alike, for the route folders' `openapi.ts`. */

/** A server call naming a split that is not its own (another business's, the other mode's, or none). */
export const NOT_YOUR_SPLIT = err(MESSAGES.notFound, undefined, "not your split, the other mode's, or none");

/** A session token that names no session. */
export const NO_SESSION = err(SESSION_NOT_FOUND, 'not_found');

/**
 * The 403s of a dashboard change to one split: `outsider` says who is refused outright (not in the business,
 * nor the creator where the route lets the creator act), then a role that may not, then a paused workspace.
 */
export const splitChangeForbidden = (message: string, outsider: string) => [
  err(message, undefined, outsider),
  BUSINESS_ERRORS.role(message),
  BUSINESS_ERRORS.paused,
];
