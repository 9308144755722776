import {
  AppError,
  authorize,
  forbidden,
  isUuid,
  MERCHANT_SELECTION_HEADER,
  MESSAGES,
  MembershipsRepository,
  type MerchantRow,
  MerchantsRepository,
  notFound,
  resolveMerchantContext,
  SERVICE_MODE_HEADER,
  SplitsRepository,
  serviceMode,
  validate,
  validationFailed,
  validBody,
  validQuery,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyHeader, requestHash } from '../../idempotency-key';
import { createSplit } from '../../splits/create-split';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { splitDetailFor } from '../../splits/split-detail';
import { claimSplitId, releaseSplitKey } from './idempotency';
import { businessSplitPage, listWalk } from './list-page';
import { presentCreatedSplit, presentSplitPage, presentSplitSummary } from './presenters';
import {
  CreateSplitSchema,
  createSplitFailure,
  SPLIT_LIST_MESSAGES,
  SplitIdParams,
  SplitListQuerySchema,
} from './schema';

/** The caller's business for the list, or null when they are in none (the spec answers `[]`). */
async function listedMerchant(deps: CheckoutDeps, ctx: Context, userId: string): Promise<MerchantRow | null> {
  try {
    const context = await resolveMerchantContext(deps.db, userId, ctx.get(MERCHANT_SELECTION_HEADER) || undefined);
    authorize(context, 'split.view', context.merchant);
    return context.merchant;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** The splits API for the dashboard (session auth through the gateway). Cancel and refund have their own folders. */
export function checkoutSplitRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const splits = new SplitsRepository(db);
  const router = new Router();

  router.post(
    '/api/checkout-splits',
    auth('session'),
    validate('body', CreateSplitSchema, createSplitFailure),
    async (ctx) => {
      const principal = sessionPrincipal(ctx.state.principal);
      const body = validBody(ctx, CreateSplitSchema);
      const mode = serviceMode(ctx);
      const merchant = isUuid(body.merchantId) ? await new MerchantsRepository(db).find(body.merchantId) : undefined;
      if (!merchant) throw notFound(MESSAGES.merchantNotFound);
      const role = await new MembershipsRepository(db).roleOf(merchant.id, principal.userId);
      if (!role) throw forbidden(MESSAGES.notYourMerchant);
      authorize({ role }, 'split.create', merchant);

      // Additive (docs/splits.md, "Retrying a create"): with an Idempotency-Key a retry joins the
      // first request's split; without one the spec's "not safe to retry" stands.
      const key = idempotencyKeyHeader(ctx);
      const scope = key ? { merchantId: merchant.id, mode, key } : null;
      const claim = scope ? await claimSplitId(db, scope, requestHash(ctx.request.body)) : null;
      const created = await createSplit(deps, {
        merchant,
        mode,
        createdBy: { userId: principal.userId, email: principal.email },
        orderReference: body.orderReference,
        currency: body.currency,
        participants: body.participants,
        ...(claim ? { splitId: claim.splitId } : {}),
      }).catch(async (error: unknown) => {
        if (scope && claim && error instanceof AppError && error.status < 500) {
          await releaseSplitKey(db, scope, claim.splitId);
        }
        throw error;
      });
      // A replay answers 200, as a replayed session create does; the first answer was 201.
      if (claim?.replay) ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      ctx.status = claim?.replay ? 200 : 201;
      ctx.body = presentCreatedSplit(created);
    },
  );

  router.get('/api/checkout-splits', auth('session'), validate('query', SplitListQuerySchema), async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    // Without the header every mode is listed; with it, only that mode (docs/splits.md).
    const headerMode = ctx.get(SERVICE_MODE_HEADER) ? serviceMode(ctx) : undefined;
    // No parameter at all: the spec's answer, the whole array (docs/spec.md, Splits). Any parameter: a page.
    if (Object.keys(ctx.query).length === 0) {
      const merchant = await listedMerchant(deps, ctx, principal.userId);
      if (!merchant) {
        ctx.body = [];
        return;
      }
      const listed = await splits.listForMerchant(merchant.id, { mode: headerMode });
      const participants = await splits.participantsBySplit(listed.map((s) => s.id));
      // The spec's answer exactly as it was: `organiser` is on the pages only.
      ctx.body = listed.map((s) => presentSplitSummary(s, participants.get(s.id) ?? []));
      return;
    }
    const query = validQuery(ctx, SplitListQuerySchema);
    if (query.mode && headerMode && query.mode !== headerMode) {
      throw validationFailed(MESSAGES.validationFailed, [{ field: 'mode', message: SPLIT_LIST_MESSAGES.modeConflict }]);
    }
    const merchant = await listedMerchant(deps, ctx, principal.userId);
    if (!merchant) {
      ctx.body = presentSplitPage({ rows: [], hasMore: false }, new Map(), listWalk(query));
      return;
    }
    ctx.body = await businessSplitPage(splits, merchant.id, query.mode ?? headerMode, query);
  });

  router.get('/api/checkout-splits/mine', auth('session'), async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const email = principal.email.trim().toLowerCase();
    const mine = await splits.listMine({ userId: principal.userId, email });
    const participants = await splits.participantsBySplit(mine.map((s) => s.id));
    const ownToken = (p: { email: string; user_id: string | null; pay_token: string }) =>
      p.user_id === principal.userId || p.email.trim().toLowerCase() === email ? p.pay_token : null;
    ctx.body = mine.map((s) => presentSplitSummary(s, participants.get(s.id) ?? [], ownToken));
  });

  router.get('/api/checkout-splits/:id', auth('session'), splitIdParams(SplitIdParams), async (ctx: Context) => {
    const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.view');
    ctx.body = await splitDetailFor(db, split, principal);
  });

  return router;
}
