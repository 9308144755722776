import {
  type ErrorDetail,
  formatPounds,
  MESSAGES,
  notFound,
  SplitsRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { buyerSplit } from '../../sessions/buyer-split';
import { sessionNotFound } from '../../sessions/schema';
import { payUrl } from '../../sessions/session-state';
import { routeSplit } from '../../splits/load-split';
import { REPLACE_MESSAGES, replaceParticipant } from '../../splits/replace-participant';
import { splitDetail } from '../../splits/split-detail';
import {
  type ReplacedParticipantResponse,
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
  const replaceBody = validate('body', ReplaceParticipantSchema, replaceBodyFailure);
  /** What both callers ask: the path's participant handed to the body's e-mail, by this signed-in user. */
  const askOf = (ctx: Context, userId: string) => ({
    participantId: ctx.params.participantId as string,
    email: validBody(ctx, ReplaceParticipantSchema).email,
    actor: `user:${userId}`,
  });

  router.post(
    '/api/checkout-splits/:id/participants/:participantId/replace',
    auth('session'),
    validate('params', SplitParticipantParams, unknown),
    replaceBody,
    async (ctx: Context) => {
      const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.replace');
      const replaced = await replaceParticipant(deps, split, askOf(ctx, principal.userId));
      ctx.body = await splitDetail(new SplitsRepository(db), replaced.split);
    },
  );

  // An unknown session is the session's 404; a malformed participant id is an unknown participant.
  const sessionParamsFailure = (details: ErrorDetail[]) =>
    details.some((d) => d.field === 'token') ? sessionNotFound() : unknown();

  router.post(
    '/api/merchants/checkout/sessions/:token/participants/:participantId/replace',
    auth('session'),
    validate('params', SessionParticipantParams, sessionParamsFailure),
    replaceBody,
    async (ctx: Context) => {
      const buyer = sessionPrincipal(ctx.state.principal);
      const token = ctx.params.token as string;
      const { split } = await buyerSplit(deps, token, buyer, 'split.replace', REPLACE_MESSAGES.forbidden);
      const { participant } = await replaceParticipant(deps, split, askOf(ctx, buyer.userId));
      const body: ReplacedParticipantResponse = {
        participant: {
          id: participant.id,
          email: participant.email,
          amount: formatPounds(participant.amount),
          status: participant.status,
          pay_url: payUrl(config.PUBLIC_BASE_URL, participant.pay_token),
        },
      };
      ctx.body = body;
    },
  );

  return router;
}
