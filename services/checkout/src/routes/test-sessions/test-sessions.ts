import {
  CheckoutSessionsRepository,
  conflict,
  gateError,
  merchantContext,
  permit,
  randomToken,
  serviceMode,
  sessionPrincipal,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { type SessionBody, sessionRefusal, sessionRow } from '../../sessions/create-session';
import { presentCreatedSession } from '../../sessions/presenters';
import { checkoutGate } from '../../sessions/session-state';
import { SAMPLE_SESSION, TEST_SESSION_MESSAGES } from './schema';

/** The dashboard's own Orders page: the one return a sample session may have beyond the business's domains. */
export const dashboardOrdersUrl = (baseUrl: string) => new URL('/dashboard/orders', baseUrl).toString();

/** SAMPLE- and six letters or digits (no 0/O or 1/I to misread). */
function sampleReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomToken(12);
  let text = '';
  for (let i = 0; i < 6; i++) text += alphabet[bytes.charCodeAt(i) % alphabet.length];
  return `${SAMPLE_SESSION.referencePrefix}${text}`;
}

/**
 * POST /api/merchants/checkout/test-sessions (docs/dashboard.md, "Get started"): a signed-in Owner or
 * Admin opens a sample checkout from Home. It is a hosted checkout session like any other (the same
 * checks and row as POST /api/merchants/checkout/sessions, src/sessions/create-session.ts), for £20, in
 * test mode only, whose return and cancel go to the dashboard's own Orders page, allowed for these
 * sessions alone. No API key is involved (`api_key_id` null). Refused with the take_split gate while the
 * hosted page could not take it (no test billing card, an overdue bill).
 */
export function testSessionRoutes(deps: CheckoutDeps): Router {
  const { db, config, logger } = deps;
  const router = new Router();

  router.post(
    '/api/merchants/checkout/test-sessions',
    auth('session'),
    merchantContext(db),
    permit('checkout.test_session'),
    async (ctx: Context) => {
      const mode = serviceMode(ctx);
      if (mode !== 'test') throw conflict(TEST_SESSION_MESSAGES.liveMode, 'test_mode_only');
      const person = sessionPrincipal(ctx.state.principal);
      const merchant = ctx.state.merchantContext.merchant;
      const returnUrl = dashboardOrdersUrl(config.PUBLIC_BASE_URL);
      const body: SessionBody = {
        amount: SAMPLE_SESSION.amount,
        currency: SAMPLE_SESSION.currency,
        order_reference: sampleReference(),
        return_url: returnUrl,
        cancel_url: returnUrl,
        customer_email: person.email,
        line_items: [{ description: SAMPLE_SESSION.line, amount: SAMPLE_SESSION.amount, quantity: 1 }],
        metadata: { sample: 'dashboard' },
        capture: 'automatic',
      };
      const owner = { merchantId: merchant.id, mode, apiKeyId: null };
      const refused = sessionRefusal(body, merchant, mode, returnUrl);
      if (refused) throw refused;
      // A checkout the hosted page would only call unavailable is refused here, with its fix (a test billing card).
      const gate = await checkoutGate(deps, merchant, mode);
      if (gate) throw gateError(gate);
      const row = sessionRow(randomToken(32), owner, body, [], config.CHECKOUT_SESSION_TTL_MS);
      await new CheckoutSessionsRepository(db).insert(row);
      logger.info({ merchantId: merchant.id, mode }, 'sample checkout session created');
      ctx.status = 201;
      // The server create's answer, plus what the dashboard shows of the sample.
      ctx.body = {
        ...presentCreatedSession(row, 'pending', config.PUBLIC_BASE_URL),
        order_reference: row.order_reference,
        return_url: row.return_url,
      };
    },
  );

  return router;
}
