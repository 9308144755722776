import {
  BUSINESS_ERRORS,
  businessHeaders,
  err,
  FAMILIES,
  MESSAGES,
  type OpenApiPaths,
  operations,
} from '@groupsplit/shared';
import { OnboardingLinkSchema } from './schema';

/** The business answers with the connect routes' own 404 (`Register a merchant first`, docs/spec.md, Errors). */
const businessErrors = {
  400: [BUSINESS_ERRORS.invalidMode],
  403: [BUSINESS_ERRORS.role(), BUSINESS_ERRORS.paused],
  404: [err(MESSAGES.registerFirst, 'no_merchant', 'the login belongs to no business')],
  409: [BUSINESS_ERRORS.selectionRequired],
};
const family = {
  ...FAMILIES.account,
  headers: businessHeaders({ mode: true }),
  errors: businessErrors,
};
const link = { 200: { description: 'The onboarding link.', schema: OnboardingLinkSchema } };

export const connectPaths: OpenApiPaths = operations(family, {
  'POST /api/merchants/connect': {
    id: 'startProcessorOnboarding',
    summary: 'Start processor onboarding',
    description:
      'Owner, Admin. A one-shot onboarding link for a Standard connected account in the mode asked (X-Service-Mode; ' +
      'live by default). Safe to call again: it reuses the account already started. Test mode needs no connection ' +
      '(a platform sandbox account holds test splits), but one connected explicitly is used from then on.',
    responses: link,
    errors: { 502: [err(MESSAGES.onboardingStartFailed)] },
  },
  'POST /api/merchants/connect/refresh': {
    id: 'refreshProcessorOnboarding',
    summary: 'A fresh onboarding link for the account already started',
    responses: link,
    errors: {
      400: [err(MESSAGES.connectFirst, 'no_stripe_account', 'onboarding was never started')],
      502: [err(MESSAGES.onboardingRefreshFailed)],
    },
  },
});
