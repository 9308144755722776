import { MESSAGES, notFound, type SplitRow, validate, validBody } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { buyerSplit } from '../../sessions/buyer-split';
import { sessionParamsFailure } from '../../sessions/schema';
import { routeSplit } from '../../splits/load-split';
import { newPayerAnswer } from '../../splits/new-payer';
import { REPLACE_MESSAGES, type Replaced, replaceParticipant } from '../../splits/replace-participant';
import { splitDetailFor } from '../../splits/split-detail';
import {
  ReplaceParticipantSchema,
  replaceBodyFailure,
  SessionParticipantParams,
  SplitParticipantParams,
} from './schema';

/**
 * Replacing a pending participant (beyond the spec; docs/splits.md): someone who cannot pay hands
 * their share to someone else, in place. Two callers, one rule (splits/replace-participant.ts):
 * - POST /api/checkout-splits/:id/participants/:participantId/replace (dashboard session): Owner,
 *   Admin, Member or the creating account; answers the split's detail record;
 * - POST /api/merchants/checkout/sessions/:token/participants/:participantId/replace: the signed-in
 *   buyer who created that session's split; answers `{ participant: { id, email, amount, status, pay_url } }`.
 */
export function participantReplaceRoutes(deps: CheckoutDeps): Router {
  const { db, config } = deps;
  const router = new Router();
  const unknown = () => notFound(MESSAGES.notFound);

  /**
   * One route of the rule: its own params check, how it finds the split (and who acts), and its
   * answer; between them the same body, ask and replaceParticipant() for both callers.
   */
  const replaceRoute = (
    path: string,
    params: ReturnType<typeof validate>,
    load: (ctx: Context) => Promise<{ split: SplitRow; userId: string; email: string }>,
    answer: (replaced: Replaced, viewer: { userId: string; email: string }) => Promise<unknown> | unknown,
  ) =>
    router.post(
      path,
      auth('session'),
      params,
      validate('body', ReplaceParticipantSchema, replaceBodyFailure),
      async (ctx: Context) => {
        const { split, userId, email } = await load(ctx);
        const body = validBody(ctx, ReplaceParticipantSchema);
        ctx.body = await answer(
          await replaceParticipant(deps, split, {
            participantId: ctx.params.participantId as string,
            email: body.email,
            name: body.name ?? null,
            actor: `user:${userId}`,
          }),
          { userId, email },
        );
      },
    );

  replaceRoute(
    '/api/checkout-splits/:id/participants/:participantId/replace',
    validate('params', SplitParticipantParams, unknown),
    async (ctx) => {
      const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.replace');
      return { split, userId: principal.userId, email: principal.email };
    },
    // The creating buyer may call it too: they see only their own share's secrets, as on the detail route.
    (replaced, viewer) => splitDetailFor(db, replaced.split, viewer),
  );

  replaceRoute(
    '/api/merchants/checkout/sessions/:token/participants/:participantId/replace',
    validate('params', SessionParticipantParams, sessionParamsFailure),
    async (ctx) => {
      const buyer = sessionPrincipal(ctx.state.principal);
      const token = ctx.params.token as string;
      const { split } = await buyerSplit(deps, token, buyer, 'split.replace', REPLACE_MESSAGES.forbidden);
      return { split, userId: buyer.userId, email: buyer.email };
    },
    ({ participant }) => newPayerAnswer(participant, config.PUBLIC_BASE_URL),
  );

  return router;
}
