import { MESSAGES } from './messages';

/**
 * Every 401, 403 and 404 carries a stable `code` beside the spec's `error` text (docs/errors.md),
 * so a client can branch on it as docs/spec.md (Errors) asks. Where the spec's table names a code it
 * is passed by the thrower; these are the codes of the answers it gives only a message. A message
 * not listed gets its status's code.
 */
const CODE_BY_MESSAGE: Record<string, string> = {
  [MESSAGES.invalidApiKey]: 'invalid_api_key',
  [MESSAGES.unauthorized]: 'unauthorized',
  [MESSAGES.missingAuthorization]: 'missing_authorization',
  [MESSAGES.invalidToken]: 'invalid_token',
  [MESSAGES.noMerchant]: 'no_merchant',
  [MESSAGES.merchantNotFound]: 'merchant_not_found',
  [MESSAGES.notYourMerchant]: 'not_your_merchant',
};

const CODE_BY_STATUS: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

/** The code a 401, 403 or 404 with `message` and no code of its own carries (undefined for other statuses). */
export function stableErrorCode(status: number, message: string): string | undefined {
  const byStatus = CODE_BY_STATUS[status];
  return byStatus ? (CODE_BY_MESSAGE[message] ?? byStatus) : undefined;
}
