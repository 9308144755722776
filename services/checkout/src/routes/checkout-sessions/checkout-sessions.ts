import {
  type CheckoutSessionInsert,
  CheckoutSessionsRepository,
  MESSAGES,
  MerchantsRepository,
  notFound,
  outboundPolicyFor,
  randomToken,
  SplitSeatsRepository,
  SplitsRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { type ApiKeyPrincipal, apiKeyPrincipal, auth } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { idempotencyKeyHeader, requestHash } from '../../idempotency-key';
import { linesRefusal, sessionRefusal, sessionRow } from '../../sessions/create-session';
import { presentCreatedSession, presentPublicSession, presentSessionStatus } from '../../sessions/presenters';
import { sessionNotFound } from '../../sessions/schema';
import { checkoutGate, type LoadedSession, loadSession, sessionStatus } from '../../sessions/session-state';
import { tokenParams } from '../../sessions/token-params';
import type { RefundHistorySource } from '../../splits/refund-history';
import { comparableHost } from './comparable-host';
import { claimKey, replayFor } from './idempotency';
import { fetchLineItemImages } from './images';
import { CreateSessionSchema, createSessionFailure, ImageParams } from './schema';

/** The caller's own session in the key's mode; anyone else's (or the other mode's) is 404. */
async function ownSession(deps: CheckoutDeps, token: string, principal: { merchantId: string; mode: string }) {
  const loaded = await loadSession(deps.db, token);
  if (!loaded || loaded.session.merchant_id !== principal.merchantId || loaded.session.mode !== principal.mode) {
    throw sessionNotFound();
  }
  return loaded;
}

/** `split.refunds` on the status endpoint: every refund however made, oldest first (docs/refunds.md). */
async function refundHistory(db: CheckoutDeps['db'], loaded: LoadedSession): Promise<RefundHistorySource[]> {
  return loaded.split ? new SplitsRepository(db).refundHistory(loaded.split.id) : [];
}

class IdempotencyRaceLost extends Error {}

/** The session's owner: the key's business and mode, and the key. */
const keyOwner = (principal: ApiKeyPrincipal) => ({
  merchantId: principal.merchantId,
  mode: principal.mode,
  apiKeyId: principal.apiKeyId,
});

/** Hosted checkout's server API (API key) and the public session lookup. */
export function checkoutSessionRoutes(deps: CheckoutDeps): Router {
  const { db, config, logger } = deps;
  const router = new Router();

  router.post(
    '/api/merchants/checkout/sessions',
    auth('api_key'),
    validate('body', CreateSessionSchema, createSessionFailure),
    async (ctx: Context) => {
      const principal = apiKeyPrincipal(ctx.state.principal);
      const body = validBody(ctx, CreateSessionSchema);
      const key = idempotencyKeyHeader(ctx);
      const scope = key ? { merchantId: principal.merchantId, mode: principal.mode, key } : null;
      const created = (session: CheckoutSessionInsert) => {
        logger.info({ merchantId: principal.merchantId, mode: principal.mode }, 'checkout session created');
        ctx.status = 201;
        ctx.body = presentCreatedSession(session, 'pending', config.PUBLIC_BASE_URL);
      };
      const lines = body.line_items ?? [];

      // The common call (no Idempotency-Key, no pictures to fetch, lines that add up, https URLs):
      // the merchant is read and the row inserted in one statement, and the checks below run on
      // what it read. A refusal there is never an inserted row (see CheckoutSessionsRepository.insertIfAllowed).
      const returnHost = comparableHost(body.return_url);
      const cancelHost = body.cancel_url == null ? null : comparableHost(body.cancel_url);
      if (
        !scope &&
        // The one-statement insert writes the spec's columns only; a merchant_accept session takes the plain INSERT.
        body.capture === 'automatic' &&
        returnHost !== null &&
        (body.cancel_url == null || cancelHost !== null) &&
        !lines.some((line) => line.image_url) &&
        !linesRefusal(lines, body.amount)
      ) {
        const row = sessionRow(randomToken(32), keyOwner(principal), body, [], config.CHECKOUT_SESSION_TTL_MS);
        const outcome = await new CheckoutSessionsRepository(db).insertIfAllowed(row, { returnHost, cancelHost });
        if (!outcome) throw new Error(`merchant ${principal.merchantId} not found`);
        const refused = sessionRefusal(body, outcome.merchant, principal.mode);
        if (refused) {
          if (outcome.inserted) await new CheckoutSessionsRepository(db).deleteByToken(row.token);
          throw refused;
        }
        if (!outcome.inserted) await new CheckoutSessionsRepository(db).insert(row);
        return created(row);
      }

      // Only a keyed request needs the body's hash.
      const hash = scope ? requestHash(ctx.request.body) : '';
      const replay = async (token: string) => {
        const loaded = await loadSession(db, token);
        if (!loaded) throw new Error(`replayed checkout session ${token} not found`);
        ctx.status = 200;
        ctx.body = presentCreatedSession(loaded.session, sessionStatus(loaded), config.PUBLIC_BASE_URL);
      };
      if (scope) {
        const existing = await replayFor(db, scope, hash);
        if (existing) return replay(existing);
      }

      const merchant = await new MerchantsRepository(db).get(principal.merchantId);
      const refused = sessionRefusal(body, merchant, principal.mode);
      if (refused) throw refused;

      const images = await fetchLineItemImages(
        lines.map((line) => line.image_url),
        {
          // The checks a webhook URL of this mode gets: in live mode every one, whatever the dev flag says.
          policy: outboundPolicyFor(config, principal.mode),
          timeoutMs: config.CHECKOUT_IMAGE_TIMEOUT_MS,
          logger: ctx.log,
        },
      );
      const session = sessionRow(randomToken(32), keyOwner(principal), body, images, config.CHECKOUT_SESSION_TTL_MS);
      const token = session.token;
      // One row and nothing to claim: a single INSERT, with no transaction around it (two round trips fewer).
      if (!scope && !images.some(Boolean)) {
        await new CheckoutSessionsRepository(db).insert(session);
      } else {
        try {
          await db.transaction().execute(async (trx) => {
            await new CheckoutSessionsRepository(trx).insert(session);
            for (const image of images) {
              if (!image) continue;
              await new CheckoutSessionsRepository(trx).insertImage({
                id: image.id,
                sessionToken: token,
                contentType: image.contentType,
                bytes: image.bytes,
              });
            }
            if (scope && !(await claimKey(trx, scope, hash, token))) throw new IdempotencyRaceLost();
          });
        } catch (error) {
          if (!(error instanceof IdempotencyRaceLost) || !scope) throw error;
          const winner = await replayFor(db, scope, hash);
          if (!winner) throw error;
          return replay(winner);
        }
      }
      created(session);
    },
  );

  router.get('/api/merchants/checkout/sessions/:token', tokenParams, async (ctx: Context) => {
    const loaded = await loadSession(db, ctx.params.token as string);
    if (!loaded) throw sessionNotFound();
    const gate = await checkoutGate(deps, loaded.merchant, loaded.session.mode);
    ctx.set('cache-control', 'no-store');
    ctx.body = presentPublicSession(loaded, gate, config.PUBLIC_BASE_URL);
  });

  router.get('/api/merchants/checkout/sessions/:token/status', auth('api_key'), tokenParams, async (ctx: Context) => {
    const principal = apiKeyPrincipal(ctx.state.principal);
    const loaded = await ownSession(deps, ctx.params.token as string, principal);
    const seats = loaded.split?.group_token ? await new SplitSeatsRepository(db).seatsOf(loaded.split.id) : [];
    ctx.body = presentSessionStatus(loaded, await refundHistory(db, loaded), config.PUBLIC_BASE_URL, seats);
  });

  router.get(
    '/checkout/images/:id',
    validate('params', ImageParams, () => notFound(MESSAGES.notFound)),
    async (ctx: Context) => {
      const image = await new CheckoutSessionsRepository(db).image(ctx.params.id as string);
      if (!image) throw notFound(MESSAGES.notFound);
      ctx.set('content-type', image.content_type);
      ctx.set('cache-control', 'public, max-age=86400, immutable');
      ctx.set('x-content-type-options', 'nosniff');
      ctx.set('content-security-policy', "default-src 'none'; sandbox");
      ctx.body = image.bytes;
    },
  );

  return router;
}
