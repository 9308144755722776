import {
  err,
  FAMILIES,
  MESSAGES,
  type OpenApiPaths,
  operations,
  passedThrough,
  VALIDATION_FAILED,
} from '@groupsplit/shared';
import { PAY_LIMIT_MESSAGES } from './attempt-limits';
import { ACTIONABLE_DECLINES, GENERIC_DECLINE } from './declines';
import {
  AuthenticationRequiredSchema,
  AuthoriseShareResponseSchema,
  AuthoriseShareSchema,
  PayTokenParams,
  PayViewSchema,
} from './schema';

/** The card-testing limits (docs/rate-limits.md, "Card testing"): each message ends saying when to try again. */
const payLimited = (message: string, when: string) =>
  err(`${message} Please try again in 30 minutes.`, 'rate_limited', `${when}; the minutes follow \`Retry-After\``);

const notFound = err(MESSAGES.notFound, undefined, 'unknown pay token, or the participant was replaced');

/** The pay step (docs/splits.md): one participant's own view and authorisation, reached with their pay token. */
/** Both reach one participant by their pay token; an unknown one is 404. */
const family = { ...FAMILIES.pay, path: PayTokenParams, errors: { 404: [notFound] } };

export const payPaths: OpenApiPaths = operations(family, {
  'GET /api/checkout-splits/pay/{token}': {
    id: 'getPayView',
    summary: "One participant's own view",
    description:
      'No credential: the pay token is one; treat it as a secret. The share and the 20p fee on top, the order and ' +
      "the group's progress (other participants masked), and what the processor's page script needs to confirm the hold.",
    responses: {
      200: { description: 'The pay view.', schema: PayViewSchema },
    },
  },
  'POST /api/checkout-splits/pay/{token}/authorise': {
    id: 'authoriseShare',
    summary: 'Authorise the share (place the hold)',
    description:
      'Confirms the hold on the card for the share plus 20p; nobody is charged until everyone has authorised. A ' +
      'declined card answers 402 and the participant stays pending, free to try another card. Authorising twice is ' +
      'harmless. A decline says only what the payer can act on: `card_declined` with a generic reason, or ' +
      '`expired_card`, `incorrect_cvc` or `insufficient_funds` (docs/security.md, "Declines on the pay step"). In test mode use a test payment method such as `pm_card_visa`. Card testing is braked: 10 attempts per ' +
      'pay token per 10 minutes, 30 per client address per hour, a token paused for 30 minutes after 5 declines in a ' +
      'row, and an address paused for an hour after 15 declines in an hour (429 `rate_limited` with `Retry-After`). ' +
      "When the card's bank asks the " +
      'participant to confirm the payment (3-D Secure, `pm_card_threeDSecure2Required` in test mode), the answer is ' +
      "202 with `redirect_url`, the bank's page: nothing is held until they confirm there, and the page sends them " +
      'back to `/pay/{token}/return`, which records the hold (docs/hosted-checkout.md, "Strong Customer Authentication").',
    body: { schema: AuthoriseShareSchema, example: { payment_method: 'pm_card_visa' } },
    responses: {
      200: { description: 'Authorised.', schema: AuthoriseShareResponseSchema },
      202: {
        description: "The card's bank asks the participant to confirm the payment (3-D Secure) at `redirect_url`.",
        schema: AuthenticationRequiredSchema,
      },
    },
    errors: {
      400: [
        VALIDATION_FAILED,
        passedThrough("the processor's message", 'processor_error', 'the processor refused the request'),
      ],
      402: [
        err(GENERIC_DECLINE.message, GENERIC_DECLINE.code, 'the card was declined for any reason but the three below'),
        ...Object.entries(ACTIONABLE_DECLINES).map(([code, message]) =>
          err(message, code, 'the card was declined for a reason the payer can fix'),
        ),
        err('Your card could not be authorised. Please try another card.', 'card_not_authorised'),
        err('Your card could not be authorised. Please try another card.', 'requires_action'),
      ],
      409: [err('This split is no longer pending', 'not_pending', '`status` names the split status')],
      429: [
        payLimited(PAY_LIMIT_MESSAGES.tokenPaused, 'five declined cards in a row paused this pay token'),
        payLimited(PAY_LIMIT_MESSAGES.tokenAttempts, 'over 10 attempts on this pay token in 10 minutes'),
        payLimited(
          PAY_LIMIT_MESSAGES.addressPaused,
          '15 declined cards from this address within an hour paused it for an hour',
        ),
        payLimited(PAY_LIMIT_MESSAGES.addressAttempts, 'over 30 attempts from this address in an hour'),
      ],
      502: [err('The payment processor could not be reached. Please try again.', 'processor_unavailable')],
    },
  },
});
