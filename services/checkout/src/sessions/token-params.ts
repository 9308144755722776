import { validate } from '@groupsplit/shared';
import { sessionNotFound, TokenParams } from './schema';

/** The `:token` of a hosted-checkout session route: a malformed token is the unknown session's 404. */
export const tokenParams = validate('params', TokenParams, sessionNotFound);
