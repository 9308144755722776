import {
  type AppError,
  badRequest,
  type CheckoutSessionInsert,
  type CheckoutSessionMerchant,
  CheckoutSessionsRepository,
  formatPounds,
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
import { idempotencyKeyHeader } from '../../idempotency-key';
import { sessionNotFound } from '../../sessions/schema';
import { checkoutGate, type LoadedSession, loadSession, sessionStatus } from '../../sessions/session-state';
import { tokenParams } from '../../sessions/token-params';
import type { RefundHistorySource } from '../../splits/refund-history';
import { comparableHost } from './comparable-host';
import { claimKey, replayFor, requestHash } from './idempotency';
import { type FetchedImage, fetchLineItemImages } from './images';
import { presentCreatedSession, presentPublicSession, presentSessionStatus } from './presenters';
import {
  type CreateSessionBody,
  CreateSessionSchema,
  createSessionFailure,
  ImageParams,
  SESSION_MESSAGES,
} from './schema';

/** The loopback hosts a test-mode session may return to when its domain is `localhost` (URL hostnames). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The domain a session of `mode` returns to: live uses the spec's allowed_domain; test uses
 * test_allowed_domain when set, else allowed_domain (docs/hosted-checkout.md, "Local development"),
 * so test settings never change where live buyers may go.
 */
export function returnDomainFor(
  merchant: Pick<CheckoutSessionMerchant, 'allowed_domain' | 'test_allowed_domain'>,
  mode: 'test' | 'live',
): string | null {
  return mode === 'test' ? (merchant.test_allowed_domain ?? merchant.allowed_domain) : merchant.allowed_domain;
}

/** Which check a return or cancel URL failed (null: it passed); the hint says which (docs/errors.md, "Request id, docs link and hint"). */
export type ReturnUrlProblem = 'no_domain' | 'not_absolute' | 'not_https' | 'wrong_host';

/**
 * Spec rule 2: https, hostname equal to allowed_domain ignoring case; path, port and query unchecked.
 * Test mode adds local development (docs/hosted-checkout.md): with its domain `localhost`, http or
 * https on localhost, 127.0.0.1 or [::1], any port. Live mode is exactly the spec's rule.
 * Returns the first check that failed, or null.
 */
export function returnUrlProblem(
  raw: string,
  allowedDomain: string | null,
  mode: 'test' | 'live',
): ReturnUrlProblem | null {
  if (!allowedDomain) return 'no_domain';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not_absolute';
  }
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const allowed = allowedDomain.trim().replace(/\.$/, '').toLowerCase();
  if (mode === 'test' && allowed === 'localhost' && LOOPBACK_HOSTS.has(host)) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not_https';
  }
  if (url.protocol !== 'https:') return 'not_https';
  return host === allowed ? null : 'wrong_host';
}

export function matchesAllowedDomain(raw: string, allowedDomain: string | null, mode: 'test' | 'live'): boolean {
  return returnUrlProblem(raw, allowedDomain, mode) === null;
}

/** Where the domain a mode uses is set, for the hint (live: allowed_domain; test: test_allowed_domain, else allowed_domain). */
function domainSetting(merchant: Pick<CheckoutSessionMerchant, 'test_allowed_domain'>, mode: 'test' | 'live') {
  return mode === 'test' && merchant.test_allowed_domain != null ? 'test_allowed_domain' : 'allowed_domain';
}

/** The hint of a refused return_url or cancel_url: the check that failed and the domain this mode allows. */
export function returnUrlHint(
  field: 'return_url' | 'cancel_url',
  problem: ReturnUrlProblem,
  merchant: Pick<CheckoutSessionMerchant, 'allowed_domain' | 'test_allowed_domain'>,
  mode: 'test' | 'live',
): string {
  const domain = returnDomainFor(merchant, mode);
  const setting = domainSetting(merchant, mode);
  const allowed = `${mode === 'test' ? 'Test' : 'Live'} mode allows ${domain} (${setting}, set with PATCH /api/merchants)`;
  const local = mode === 'test' && domain?.trim().toLowerCase() === 'localhost' ? ', and http on localhost' : '';
  switch (problem) {
    case 'no_domain':
      return `No return domain is set for ${mode} mode: set ${mode === 'test' ? 'test_allowed_domain (or allowed_domain)' : 'allowed_domain'} with PATCH /api/merchants.`;
    case 'not_absolute':
      return `${field} must be an absolute URL (https://${domain}/…). ${allowed}.`;
    case 'not_https':
      return `${field} must use https${local}. ${allowed}.`;
    case 'wrong_host':
      return `${field}'s host is not the allowed domain. ${allowed}.`;
  }
}

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

type SessionLine = NonNullable<CreateSessionBody['line_items']>[number];

/** 400 when the lines do not add up to amount (no lines at all is fine). */
function linesRefusal(lines: SessionLine[], amount: number): AppError | null {
  const linesTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (lines.length === 0 || linesTotal === amount) return null;
  return badRequest(
    `line_items must add up to amount: they add up to £${formatPounds(linesTotal)}, amount is £${formatPounds(amount)}`,
    'line_items_mismatch',
  );
}

/** The create route's checks against the merchant, in the spec's order, as the error to throw (or null). */
function sessionRefusal(
  body: CreateSessionBody,
  merchant: CheckoutSessionMerchant,
  mode: 'test' | 'live',
): AppError | null {
  const domain = returnDomainFor(merchant, mode);
  const returnProblem = returnUrlProblem(body.return_url, domain, mode);
  if (returnProblem) {
    return badRequest(SESSION_MESSAGES.returnUrl, 'invalid_return_url').withHint(
      returnUrlHint('return_url', returnProblem, merchant, mode),
    );
  }
  const cancelProblem = body.cancel_url == null ? null : returnUrlProblem(body.cancel_url, domain, mode);
  if (cancelProblem) {
    return badRequest(SESSION_MESSAGES.cancelUrl, 'invalid_cancel_url').withHint(
      returnUrlHint('cancel_url', cancelProblem, merchant, mode),
    );
  }
  const lines = linesRefusal(body.line_items ?? [], body.amount);
  if (lines) return lines;
  if (mode === 'live' && !merchant.processor_charges_enabled) {
    return badRequest(SESSION_MESSAGES.onboarding, 'processor_onboarding_required');
  }
  return null;
}

/** The checkout_sessions row for a validated body; `images` are the lines' fetched pictures, by index. */
function sessionRow(
  token: string,
  principal: ApiKeyPrincipal,
  body: CreateSessionBody,
  images: (FetchedImage | null)[],
  ttlMs: number,
): CheckoutSessionInsert {
  const lines = body.line_items ?? [];
  return {
    token,
    merchant_id: principal.merchantId,
    mode: principal.mode,
    api_key_id: principal.apiKeyId,
    amount: body.amount,
    currency: body.currency,
    order_reference: body.order_reference,
    return_url: body.return_url,
    cancel_url: body.cancel_url ?? null,
    customer_email: body.customer_email ?? null,
    customer_name: body.customer_name ?? null,
    metadata: body.metadata ? JSON.stringify(body.metadata) : null,
    line_items: JSON.stringify(
      lines.map((line, i) => ({
        description: line.description,
        amount: line.amount,
        quantity: line.quantity,
        image_id: images[i]?.id ?? null,
      })),
    ),
    expires_at: new Date(Date.now() + ttlMs),
    // The column's default is `automatic`: only the other choice is written.
    ...(body.capture === 'merchant_accept' ? { capture: body.capture } : {}),
  };
}

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
        const row = sessionRow(randomToken(32), principal, body, [], config.CHECKOUT_SESSION_TTL_MS);
        const outcome = await new CheckoutSessionsRepository(db).insertIfAllowed(row, { returnHost, cancelHost });
        if (!outcome) throw new Error(`merchant ${principal.merchantId} not found`);
        const refused = sessionRefusal(body, outcome.merchant, principal.mode);
        if (refused) {
          if (outcome.inserted) await db.deleteFrom('checkout_sessions').where('token', '=', row.token).execute();
          throw refused;
        }
        if (!outcome.inserted) await db.insertInto('checkout_sessions').values(row).execute();
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
      const session = sessionRow(randomToken(32), principal, body, images, config.CHECKOUT_SESSION_TTL_MS);
      const token = session.token;
      // One row and nothing to claim: a single INSERT, with no transaction around it (two round trips fewer).
      if (!scope && !images.some(Boolean)) {
        await db.insertInto('checkout_sessions').values(session).execute();
      } else {
        try {
          await db.transaction().execute(async (trx) => {
            await trx.insertInto('checkout_sessions').values(session).execute();
            for (const image of images) {
              if (!image) continue;
              await trx
                .insertInto('checkout_images')
                .values({ id: image.id, session_token: token, content_type: image.contentType, bytes: image.bytes })
                .execute();
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
      const image = await db
        .selectFrom('checkout_images')
        .select(['content_type', 'bytes'])
        .where('id', '=', ctx.params.id as string)
        .executeTakeFirst();
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
