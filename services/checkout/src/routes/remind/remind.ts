import { randomUUID } from 'node:crypto';
import {
  authorize,
  conflict,
  MERCHANT_SELECTION_HEADER,
  type Principal,
  resolveMerchantContext,
  sha256Hex,
  tooManyRequests,
  validate,
} from '@groupsplit/shared';
import { checkoutRemindWorkflow, checkoutRemindWorkflowId, type RemindResult } from '@groupsplit/workflows';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { sessionNotFound } from '../../sessions/schema';
import { loadSession } from '../../sessions/session-state';
import { REMIND_MESSAGES, RemindParams } from './schema';

const REFUSALS = {
  nothing_to_remind: () => conflict(REMIND_MESSAGES.nothingToRemind, 'nothing_to_remind'),
  session_cap_reached: () => tooManyRequests(REMIND_MESSAGES.sessionCap, 'session_cap_reached'),
  not_found: sessionNotFound,
} as const;

/**
 * Who is asking, as a history actor. 404 unless the session is theirs: for a key, its business
 * and mode; for a dashboard session, the business it resolves to (x-service-merchant-id).
 */
async function actorFor(deps: CheckoutDeps, ctx: Context, session: { merchant_id: string; mode: string }) {
  const principal: Principal = ctx.state.principal;
  if (principal.kind === 'api_key') {
    if (principal.merchantId !== session.merchant_id || principal.mode !== session.mode) throw sessionNotFound();
    return `api_key:${principal.apiKeyId}`;
  }
  const signedIn = sessionPrincipal(principal);
  const context = await resolveMerchantContext(
    deps.db,
    signedIn.userId,
    ctx.get(MERCHANT_SELECTION_HEADER) || undefined,
  );
  if (context.merchant.id !== session.merchant_id) throw sessionNotFound();
  // Chasing payers is part of running an order: the roles that may create and cancel splits.
  authorize(context, 'split.cancel', context.merchant);
  return `user:${signedIn.userId}`;
}

/** POST /api/merchants/checkout/sessions/:token/remind (API key, or a dashboard session of the business). */
export function remindRoutes(deps: CheckoutDeps): Router {
  const { db, config, temporal } = deps;
  const router = new Router();

  router.post(
    '/api/merchants/checkout/sessions/:token/remind',
    auth('api_key', 'session'),
    validate('params', RemindParams, sessionNotFound),
    async (ctx: Context) => {
      const loaded = await loadSession(db, ctx.params.token as string);
      if (!loaded) throw sessionNotFound();
      const actor = await actorFor(deps, ctx, loaded.session);

      const result: RemindResult = await temporal.client.workflow.execute(checkoutRemindWorkflow, {
        workflowId: checkoutRemindWorkflowId(sha256Hex(loaded.session.token), randomUUID()),
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{ sessionToken: loaded.session.token, actor }],
      });
      if (!result.ok) throw REFUSALS[result.code]();
      ctx.body = { reminded: result.reminded, skipped: result.skipped, next_allowed_at: result.next_allowed_at };
    },
  );

  return router;
}
