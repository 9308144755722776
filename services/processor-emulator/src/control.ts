import { badRequest, errorWithStatus, notFound, validate, validBody, validQuery } from '@groupsplit/shared';
import Router from '@koa/router';
import type Koa from 'koa';
import { sql } from 'kysely';
import { z } from 'zod';
import { cardSetupRoutes } from './card-setup-page';
import { challengeRoutes } from './challenge';
import type { Emu, OpContext, Tx } from './context';
import {
  captureIntent,
  disputeIntent,
  latestCharge,
  lockPaymentIntent,
  refundIntent,
  updateAccountFlags,
} from './domain';
import { EmulatorError } from './errors';
import { FAULT_OPERATIONS } from './faults';
import { accountJson, disputeJson, paymentIntentJson, refundJson } from './objects';
import { onboardingRoutes } from './onboarding';

/**
 * The emulator's own control API (`/_emulator/...`): what a merchant would do in the processor's
 * dashboard, fault injection, and inspection for tests. Not part of Stripe's protocol.
 */

const FaultSchema = z.object({
  operation: z.enum(FAULT_OPERATIONS),
  match: z
    .object({
      payment_intent: z.string().min(1).optional(),
      amount: z.number().int().optional(),
      account: z.string().min(1).optional(),
    })
    .optional(),
  error: z
    .object({
      type: z.string().min(1),
      code: z.string().optional(),
      decline_code: z.string().optional(),
      message: z.string().min(1),
      status: z.number().int().min(400).max(599).optional(),
    })
    .optional(),
  times: z.number().int().positive().optional(),
  delay_ms: z.number().int().min(0).max(120_000).optional(),
  lose_answer: z.boolean().optional(),
  /** Chance that the fault fires on each matching call (0 < p <= 1); always when omitted. */
  probability: z.number().gt(0).max(1).optional(),
});

const AccountFlagsSchema = z.object({
  charges_enabled: z.boolean().optional(),
  details_submitted: z.boolean().optional(),
  payouts_enabled: z.boolean().optional(),
  owner_identity_verified: z.boolean().optional(),
});
const ApplePayCheckSchema = z.object({ passes: z.boolean() });
const RefundSchema = z.object({ amount: z.number().int().positive().optional() });
const CaptureSchema = z.object({ amount: z.number().int().positive().optional() });
const DisputeSchema = z.object({ reason: z.string().min(1).optional() });
const ConfigSchema = z.object({ latency_ms: z.number().int().min(0).max(60_000) });
/** Unix seconds, like Stripe's `capture_before`. */
const CaptureBeforeSchema = z.object({ capture_before: z.number().int().positive() });
const LedgerQuery = z.object({
  payment_intent: z.string().optional(),
  account: z.string().optional(),
  split_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
const EventsQuery = z.object({
  payment_intent: z.string().optional(),
  account: z.string().optional(),
  type: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** The ledger's rows of one payment intent, without the `payment_intent` they were matched on. */
function ofIntent<R extends { payment_intent: string | null }>(rows: R[], paymentIntentId: string) {
  return rows.filter((row) => row.payment_intent === paymentIntentId).map(({ payment_intent, ...rest }) => rest);
}

/** Runs a dashboard action in one transaction and starts delivering its events after commit. */
async function dashboardAction<T>(emu: Emu, fn: (trx: Tx, op: OpContext) => Promise<T>): Promise<T> {
  const op: OpContext = { requestId: null, idempotencyKey: null, emitted: [] };
  const result = await emu.db.transaction().execute((trx) => fn(trx, op));
  emu.deliverer.schedule(op.emitted);
  return result;
}

/** `before` runs ahead of every control route (the app passes the sandbox-account seed). */
export function controlRoutes(emu: Emu, before?: Koa.Middleware): Router {
  const router = new Router({ prefix: '/_emulator' });
  if (before) router.use(before);

  router.use(async (_ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof EmulatorError) {
        throw errorWithStatus(error.status, error.message, error.code, { type: error.type });
      }
      throw error;
    }
  });

  router.get('/accounts/:id', async (ctx) => {
    const account = await emu.db
      .selectFrom('emulator_accounts')
      .selectAll()
      .where('id', '=', ctx.params.id!)
      .executeTakeFirst();
    if (!account) throw notFound(`No such account: '${ctx.params.id}'`, 'resource_missing');
    ctx.body = {
      ...accountJson(account),
      owner_identity_verified: account.owner_identity_verified,
      mode: account.mode,
    };
  });

  router.post('/accounts/:id/activate', async (ctx) => {
    const account = await dashboardAction(emu, (trx, op) =>
      updateAccountFlags(emu, trx, op, ctx.params.id!, {
        charges_enabled: true,
        details_submitted: true,
        payouts_enabled: true,
        owner_identity_verified: true,
      }),
    );
    ctx.body = { ...accountJson(account), owner_identity_verified: account.owner_identity_verified };
  });

  router.post('/accounts/:id/update', validate('body', AccountFlagsSchema), async (ctx) => {
    const flags = validBody(ctx, AccountFlagsSchema);
    const account = await dashboardAction(emu, (trx, op) => updateAccountFlags(emu, trx, op, ctx.params.id!, flags));
    ctx.body = { ...accountJson(account), owner_identity_verified: account.owner_identity_verified };
  });

  router.post('/payment_intents/:id/refund', validate('body', RefundSchema), async (ctx) => {
    const { amount } = validBody(ctx, RefundSchema);
    const { refund } = await dashboardAction(emu, async (trx, op) => {
      const pi = await lockPaymentIntent(trx, ctx.params.id!, null);
      return refundIntent(emu, trx, op, pi, {
        amount,
        refundApplicationFee: false,
        metadata: {},
        source: 'dashboard',
      });
    });
    ctx.body = refundJson(refund);
  });

  router.post('/payment_intents/:id/dispute', validate('body', DisputeSchema), async (ctx) => {
    const { reason } = validBody(ctx, DisputeSchema);
    const dispute = await dashboardAction(emu, async (trx, op) => {
      const pi = await lockPaymentIntent(trx, ctx.params.id!, null);
      return disputeIntent(emu, trx, op, pi, reason);
    });
    ctx.body = disputeJson(dispute);
  });

  router.post('/payment_intents/:id/capture', validate('body', CaptureSchema), async (ctx) => {
    const { amount } = validBody(ctx, CaptureSchema);
    const { pi } = await dashboardAction(emu, async (trx, op) => {
      const locked = await lockPaymentIntent(trx, ctx.params.id!, null);
      return captureIntent(emu, trx, op, locked, { amountToCapture: amount });
    });
    ctx.body = paymentIntentJson(pi);
  });

  // A hold that lapses sooner than the usual 7 days: set on the current hold, or remembered for
  // the intent's next authorisation (so the authorising request already reports it).
  router.post('/payment_intents/:id/capture_before', validate('body', CaptureBeforeSchema), async (ctx) => {
    const captureBefore = new Date(validBody(ctx, CaptureBeforeSchema).capture_before * 1000);
    const applied = await emu.db.transaction().execute(async (trx) => {
      const pi = await lockPaymentIntent(trx, ctx.params.id!, null);
      const charge = await latestCharge(trx, pi, true);
      if (pi.status !== 'requires_capture' || !charge) return 'next_authorisation' as const;
      await trx
        .updateTable('emulator_charges')
        .set({ capture_before: captureBefore })
        .where('id', '=', charge.id)
        .execute();
      return 'hold' as const;
    });
    if (applied === 'next_authorisation') emu.settings.captureBefore.set(ctx.params.id!, captureBefore);
    ctx.body = { id: ctx.params.id, capture_before: Math.floor(captureBefore.getTime() / 1000), applied };
  });

  // Whether Apple's domain check passes for a payment method domain the next time it is registered
  // or validated (POST /v1/payment_method_domains/:id/validate); Apple's servers cannot be reached here.
  router.post('/payment_method_domains/:id/apple_pay_check', validate('body', ApplePayCheckSchema), async (ctx) => {
    const { passes } = validBody(ctx, ApplePayCheckSchema);
    const updated = await emu.db
      .updateTable('emulator_payment_method_domains')
      .set({ apple_pay_check: passes })
      .where('id', '=', ctx.params.id!)
      .returning(['id', 'apple_pay_check'])
      .executeTakeFirst();
    if (!updated) throw notFound(`No such payment method domain: '${ctx.params.id}'`, 'resource_missing');
    ctx.body = { id: updated.id, apple_pay_check: updated.apple_pay_check };
  });

  router.post('/faults', validate('body', FaultSchema), async (ctx) => {
    const spec = validBody(ctx, FaultSchema);
    if (!spec.error && !spec.delay_ms && !spec.lose_answer)
      throw badRequest('A fault needs an error, a delay_ms or lose_answer');
    if (spec.error && spec.lose_answer)
      throw badRequest('A fault with an error has an answer to lose: use one of them');
    ctx.status = 201;
    ctx.body = emu.faults.add(spec);
  });
  router.get('/faults', (ctx) => {
    ctx.body = { faults: emu.faults.list() };
  });
  router.delete('/faults', (ctx) => {
    const count = emu.faults.list().length;
    emu.faults.clear();
    ctx.body = { deleted: count };
  });

  router.post('/config', validate('body', ConfigSchema), (ctx) => {
    emu.settings.latencyMs = validBody(ctx, ConfigSchema).latency_ms;
    ctx.body = { latency_ms: emu.settings.latencyMs };
  });
  router.get('/config', (ctx) => {
    ctx.body = { latency_ms: emu.settings.latencyMs };
  });

  router.get('/events', validate('query', EventsQuery), async (ctx) => {
    const q = validQuery(ctx, EventsQuery);
    let query = emu.db.selectFrom('emulator_events').selectAll();
    if (q.payment_intent) query = query.where('payment_intent', '=', q.payment_intent);
    if (q.account) query = query.where('account', '=', q.account);
    if (q.type) query = query.where('type', '=', q.type);
    const rows = await query.orderBy('created_at', 'asc').limit(q.limit).execute();
    ctx.body = {
      events: rows.map((e) => ({
        id: e.id,
        type: e.type,
        mode: e.mode,
        account: e.account,
        payment_intent: e.payment_intent,
        endpoint: e.endpoint,
        delivery_status: e.delivery_status,
        attempts: e.attempts,
        last_status: e.last_status,
        last_error: e.last_error,
        created_at: e.created_at,
        delivered_at: e.delivered_at,
        data: e.data,
      })),
    };
  });

  router.post('/events/flush', async (ctx) => {
    ctx.body = await emu.deliverer.flush();
  });

  router.get('/ledger', validate('query', LedgerQuery), async (ctx) => {
    const q = validQuery(ctx, LedgerQuery);
    let query = emu.db.selectFrom('emulator_payment_intents').selectAll();
    if (q.payment_intent) query = query.where('id', '=', q.payment_intent);
    if (q.account) query = query.where('account', '=', q.account);
    if (q.split_id) query = query.where(sql<string>`metadata->>'split_id'`, '=', q.split_id);
    const intents = await query.orderBy('created_at', 'desc').limit(q.limit).execute();
    const ids = intents.map((pi) => pi.id);
    const [charges, refunds, events] =
      ids.length === 0
        ? [[], [], []]
        : await Promise.all([
            emu.db.selectFrom('emulator_charges').selectAll().where('payment_intent', 'in', ids).execute(),
            emu.db
              .selectFrom('emulator_refunds')
              .select([
                'id',
                'payment_intent',
                'amount',
                'source',
                'reason',
                'refund_application_fee',
                'application_fee_refunded',
                'metadata',
                'created_at',
              ])
              .where('payment_intent', 'in', ids)
              .orderBy('created_at')
              .execute(),
            emu.db
              .selectFrom('emulator_events')
              .select(['id', 'type', 'payment_intent', 'delivery_status', 'attempts', 'created_at'])
              .where('payment_intent', 'in', ids)
              .orderBy('created_at')
              .execute(),
          ]);
    ctx.body = {
      payment_intents: intents.map((pi) => {
        const charge = charges.find((c) => c.id === pi.latest_charge);
        const captured = charge?.captured ? charge : undefined;
        return {
          id: pi.id,
          mode: pi.mode,
          account: pi.account,
          status: pi.status,
          currency: pi.currency,
          amount: pi.amount,
          amount_capturable: pi.amount_capturable,
          amount_captured: captured?.amount_captured ?? 0,
          capture_calls: pi.capture_calls,
          amount_refunded: captured?.amount_refunded ?? 0,
          application_fee_amount: pi.application_fee_amount,
          application_fee_collected: captured?.application_fee_id ? (captured.application_fee_amount ?? 0) : 0,
          application_fee_refunded: captured?.application_fee_refunded ?? 0,
          application_fee_id: captured?.application_fee_id ?? null,
          disputed: charge?.disputed ?? false,
          capture_before: charge?.capture_before ?? null,
          metadata: pi.metadata,
          refunds: ofIntent(refunds, pi.id),
          events: ofIntent(events, pi.id),
        };
      }),
    };
  });

  onboardingRoutes(emu, router);
  challengeRoutes(emu, router);
  cardSetupRoutes(emu, router);
  return router;
}
