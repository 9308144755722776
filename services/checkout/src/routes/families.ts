import { BUSINESS_ERRORS, err, MESSAGES, type OperationFamily } from '@groupsplit/shared';
import { SESSION_NOT_FOUND } from '../sessions/schema';

/**
 * The checkout service's route families in the API reference, one tag each, for the route folders'
 * `openapi.ts` (`operations(FAMILIES.splits, { … })`); an operation of another family in the same
 * folder starts with that family (`...FAMILIES.buyer`).
 */
export const FAMILIES = {
  /** Your server's operations, with an API key. */
  server: { tag: 'Hosted checkout' },
  /** The buyer's operations: the hosted pages' calls, by session token or group link. */
  buyer: { tag: 'Hosted checkout: buyer' },
  /** The dashboard's operations on splits. */
  splits: { tag: 'Splits' },
  /** One participant's pay step, by pay token. */
  pay: { tag: 'Pay step' },
} as const satisfies Record<string, OperationFamily>;

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
