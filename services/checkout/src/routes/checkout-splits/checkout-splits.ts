import {
  AppError,
  authorize,
  type Db,
  MERCHANT_SELECTION_HEADER,
  type MerchantRow,
  PAUSED_MESSAGE,
  type Role,
  resolveMerchantContext,
  SERVICE_MODE_HEADER,
  serviceMode,
  sessionPrincipal,
  validate,
  validBody,
} from '@groupsplit/shared';
import { cancelSplitUpdate, splitWorkflowId } from '@groupsplit/workflows';
import Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';
import type { CheckoutDeps } from '../../deps';
import { createSplit } from './create-split';
import { presentSplitDetail, presentSplitSummary } from './presenters';
import { CreateSplitSchema, createSplitFailure } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CANCEL_FORBIDDEN = 'Only the creator or the merchant can cancel';
/** Splits still placing holds are not shown anywhere yet. */
const VISIBLE = 'creating';

async function membership(db: Db, merchantId: string, userId: string): Promise<Role | null> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('merchant_id', '=', merchantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

async function participantsOf(db: Db, splitIds: string[]) {
  if (splitIds.length === 0) return new Map<string, never[]>();
  const rows = await db
    .selectFrom('split_participants')
    .selectAll()
    .where('split_id', 'in', splitIds)
    .orderBy('split_id')
    .orderBy('position')
    .execute();
  const bySplit = new Map<string, typeof rows>();
  for (const row of rows) bySplit.set(row.split_id, [...(bySplit.get(row.split_id) ?? []), row]);
  return bySplit;
}

async function findSplit(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('splits').selectAll().where('id', '=', id).where('status', '!=', VISIBLE).executeTakeFirst();
}

/** The splits API (session auth through the gateway). */
export function checkoutSplitRoutes(deps: CheckoutDeps): Router {
  const { db, temporal } = deps;
  const router = new Router();

  router.post('/api/checkout-splits', validate('body', CreateSplitSchema, createSplitFailure), async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const body = validBody(ctx, CreateSplitSchema);
    const mode = serviceMode(ctx);
    const merchant = UUID.test(body.merchantId)
      ? ((await db.selectFrom('merchants').selectAll().where('id', '=', body.merchantId).executeTakeFirst()) as
          | MerchantRow
          | undefined)
      : undefined;
    if (!merchant) throw new AppError(404, 'Merchant not found');
    const role = await membership(db, merchant.id, principal.userId);
    if (!role) throw new AppError(403, 'Not your merchant');
    authorize({ role }, 'split.create', merchant);

    ctx.status = 201;
    ctx.body = await createSplit(deps, {
      merchant,
      mode,
      createdBy: { userId: principal.userId, email: principal.email },
      orderReference: body.orderReference,
      currency: body.currency,
      participants: body.participants,
    });
  });

  router.get('/api/checkout-splits', async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    let merchant: MerchantRow;
    try {
      const context = await resolveMerchantContext(
        db,
        principal.userId,
        ctx.get(MERCHANT_SELECTION_HEADER) || undefined,
      );
      merchant = context.merchant;
      authorize(context, 'split.view', merchant);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        ctx.body = [];
        return;
      }
      throw error;
    }
    let query = db
      .selectFrom('splits')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .where('status', '!=', VISIBLE);
    // Without the header every mode is listed; with it, only that mode (docs/splits.md).
    if (ctx.get(SERVICE_MODE_HEADER)) query = query.where('mode', '=', serviceMode(ctx));
    const splits = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const participants = await participantsOf(
      db,
      splits.map((s) => s.id),
    );
    ctx.body = splits.map((s) => presentSplitSummary(s, participants.get(s.id) ?? []));
  });

  router.get('/api/checkout-splits/mine', async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const email = principal.email.trim().toLowerCase();
    const splits = await db
      .selectFrom('splits')
      .selectAll()
      .where('status', '!=', VISIBLE)
      .where((eb) =>
        eb.or([
          eb('created_by', '=', principal.userId),
          eb(
            'id',
            'in',
            eb
              .selectFrom('split_participants')
              .select('split_id')
              .where((p) => p.or([p('user_id', '=', principal.userId), p(sql<string>`lower(email)`, '=', email)])),
          ),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const participants = await participantsOf(
      db,
      splits.map((s) => s.id),
    );
    const ownToken = (p: { email: string; user_id: string | null; pay_token: string }) =>
      p.user_id === principal.userId || p.email.trim().toLowerCase() === email ? p.pay_token : null;
    ctx.body = splits.map((s) => presentSplitSummary(s, participants.get(s.id) ?? [], ownToken));
  });

  router.get('/api/checkout-splits/:id', async (ctx: Context) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const split = await findSplit(db, ctx.params.id as string);
    if (!split) throw new AppError(404, 'Not found');
    const isCreator = split.created_by === principal.userId;
    if (!isCreator && !(await membership(db, split.merchant_id, principal.userId))) {
      throw new AppError(403, 'Forbidden');
    }
    const participants = await participantsOf(db, [split.id]);
    ctx.body = presentSplitDetail(split, participants.get(split.id) ?? []);
  });

  router.post('/api/checkout-splits/:id/cancel', async (ctx: Context) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const split = await findSplit(db, ctx.params.id as string);
    if (!split) throw new AppError(404, 'Not found');
    const isCreator = split.created_by === principal.userId;
    const role = await membership(db, split.merchant_id, principal.userId);
    if (!isCreator && !role) throw new AppError(403, CANCEL_FORBIDDEN);
    if (role) {
      const merchant = await db
        .selectFrom('merchants')
        .select(['paused_at'])
        .where('id', '=', split.merchant_id)
        .executeTakeFirstOrThrow();
      // A paused workspace is read-only for every member, an Owner who created the split included.
      if (merchant.paused_at) throw new AppError(403, PAUSED_MESSAGE, 'business_forbidden');
      if (!isCreator) authorize({ role }, 'split.cancel', merchant, CANCEL_FORBIDDEN);
    }
    // The spec: on any status other than pending this answers 200 canceled and does nothing.
    if (split.status === 'pending') {
      try {
        await temporal.client.workflow
          .getHandle(splitWorkflowId(split.id))
          .executeUpdate(cancelSplitUpdate, { args: [{ actor: `user:${principal.userId}` }] });
      } catch (error) {
        // The workflow moved on (and closed) between the read and the call: nothing to cancel.
        const now = await findSplit(db, split.id);
        if (now?.status === 'pending') throw error;
      }
    }
    ctx.body = { status: 'canceled' };
  });

  return router;
}
