import {
  BUSINESS_ERRORS,
  businessHeaders,
  err,
  errorResponses,
  json,
  MESSAGES,
  type OpenApiPaths,
} from '@groupsplit/shared';
import { OnboardingLinkSchema } from './schema';

const businessErrors = {
  400: [BUSINESS_ERRORS.invalidMode],
  403: [BUSINESS_ERRORS.role(), BUSINESS_ERRORS.paused],
  404: [err(MESSAGES.registerFirst, 'no_merchant', 'the login belongs to no business')],
  409: [BUSINESS_ERRORS.selectionRequired],
};

export const connectPaths: OpenApiPaths = {
  '/api/merchants/connect': {
    post: {
      operationId: 'startProcessorOnboarding',
      tags: ['Account'],
      summary: 'Start processor onboarding',
      description:
        'Owner, Admin. A one-shot onboarding link for a Standard connected account in the mode asked (X-Service-Mode; ' +
        'live by default). Safe to call again: it reuses the account already started. Test mode needs no connection ' +
        '(a platform sandbox account holds test splits), but one connected explicitly is used from then on.',
      requestParams: { header: businessHeaders({ mode: true }) },
      responses: {
        200: { description: 'The onboarding link.', ...json(OnboardingLinkSchema) },
        ...errorResponses({ ...businessErrors, 502: [err(MESSAGES.onboardingStartFailed)] }),
      },
    },
  },
  '/api/merchants/connect/refresh': {
    post: {
      operationId: 'refreshProcessorOnboarding',
      tags: ['Account'],
      summary: 'A fresh onboarding link for the account already started',
      requestParams: { header: businessHeaders({ mode: true }) },
      responses: {
        200: { description: 'The onboarding link.', ...json(OnboardingLinkSchema) },
        ...errorResponses({
          ...businessErrors,
          400: [
            ...businessErrors[400],
            err(MESSAGES.connectFirst, 'no_stripe_account', 'onboarding was never started'),
          ],
          502: [err(MESSAGES.onboardingRefreshFailed)],
        }),
      },
    },
  },
};
