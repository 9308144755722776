import { err, MESSAGES, type OpenApiPaths, operation } from '@groupsplit/shared';
import { TEST_SESSION_MESSAGES as M, TestSessionSchema } from './schema';

export const testSessionsPaths: OpenApiPaths = {
  '/api/merchants/checkout/test-sessions': {
    post: operation({
      id: 'createTestCheckoutSession',
      tag: 'Hosted checkout',
      summary: 'Open a sample test checkout (dashboard)',
      description:
        "Dashboard session; Owner or Admin; test mode only (X-Service-Mode: test). Makes a £20 hosted checkout session, as a server's " +
        "`POST /api/merchants/checkout/sessions` would, for trying the checkout as a buyer: its return and cancel go to the dashboard's own " +
        'Orders page, the one return allowed beyond your domains, and for these sample sessions only. No body.',
      business: { mode: true, write: true, roleMessage: MESSAGES.roleForbidden },
      responses: {
        201: { description: 'The sample session: open `checkout_url`.', schema: TestSessionSchema },
      },
      errors: {
        409: [err(M.liveMode, 'test_mode_only', 'the dashboard is in live mode')],
      },
    }),
  },
};
