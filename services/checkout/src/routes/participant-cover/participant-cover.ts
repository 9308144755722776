import { validate } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { buyerSplit } from '../../sessions/buyer-split';
import { sessionParamsFailure } from '../../sessions/schema';
import { COVER_MESSAGES, coverShare } from '../../splits/cover-share';
import { newPayerAnswer } from '../../splits/new-payer';
import { CoverParams } from './schema';

/**
 * Covering a share (beyond the spec; docs/splits.md, "Covering a share"):
 * POST /api/merchants/checkout/sessions/:token/participants/:participantId/cover, no body. The signed-in
 * buyer who set up the session's split takes over a friend's pending share (or an open seat) and pays it
 * as a hold of their own; answers `{ participant: { id, email, amount, status, pay_url } }` like Replace.
 */
export function participantCoverRoutes(deps: CheckoutDeps): Router {
  const router = new Router();
  router.post(
    '/api/merchants/checkout/sessions/:token/participants/:participantId/cover',
    auth('session'),
    validate('params', CoverParams, sessionParamsFailure),
    async (ctx: Context) => {
      const buyer = sessionPrincipal(ctx.state.principal);
      const { split } = await buyerSplit(
        deps,
        ctx.params.token as string,
        buyer,
        'split.replace',
        COVER_MESSAGES.forbidden,
      );
      const { participant } = await coverShare(deps, split, {
        targetId: ctx.params.participantId as string,
        organiser: { email: buyer.email, name: split.session_context?.organiser_name ?? null },
        actor: `user:${buyer.userId}`,
      });
      ctx.body = newPayerAnswer(participant, deps.config.PUBLIC_BASE_URL);
    },
  );
  return router;
}
