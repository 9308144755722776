import { err, FAMILIES, GATES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { TEST_SESSION_MESSAGES as M, TestSessionSchema } from './schema';

export const testSessionsPaths: OpenApiPaths = operations(FAMILIES.server, {
  'POST /api/merchants/checkout/test-sessions': {
    id: 'createTestCheckoutSession',
    summary: 'Open a sample test checkout (dashboard)',
    description:
      "Dashboard session; Owner or Admin; test mode only (X-Service-Mode: test). Makes a £20 hosted checkout session, as a server's " +
      "`POST /api/merchants/checkout/sessions` would, for trying the checkout as a buyer: its return and cancel go to the dashboard's own " +
      'Orders page, the one return allowed beyond your domains, and for these sample sessions only. Like every test checkout it ' +
      'needs a test billing card (the `take_split` gate of `GET /api/merchants/me`). No body.',
    business: { mode: true, write: true, roleMessage: MESSAGES.roleForbidden },
    responses: {
      201: { description: 'The sample session: open `checkout_url`.', schema: TestSessionSchema },
    },
    errors: {
      400: [
        err(GATES.billing_card_required.message, 'billing_card_required', 'no test billing card yet'),
        err(GATES.billing_paused.message, 'billing_paused', 'a test bill is overdue'),
      ],
      409: [err(M.liveMode, 'test_mode_only', 'the dashboard is in live mode')],
    },
  },
});
