import {
  type ErrorDetail,
  formatPounds,
  MESSAGES,
  notFound,
  SplitSeatsRepository,
  SplitsRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { hostedPageHeaders } from '../../pages/headers';
import { joinNotFoundPage, renderJoinPage } from '../../pages/join/page';
import { claimSeat, openSeatCount, presentOpenSeats, SEAT_MESSAGES } from '../../seats/seats';
import { buyerSplit } from '../../sessions/buyer-split';
import { sessionNotFound } from '../../sessions/schema';
import { payUrl } from '../../sessions/session-state';
import { isApproved } from '../../splits/group';
import {
  ClaimSeatSchema,
  claimBodyFailure,
  GroupTokenParams,
  type InvitedSeat,
  InviteSeatSchema,
  inviteBodyFailure,
  type JoinGroup,
  SessionSeatParams,
} from './schema';

/**
 * Open seats (docs/splits.md, "Open seats"): the group link's page and lookup, taking a seat through
 * it (the joiner, signed in by e-mailed code), and the buyer filling a seat by e-mail. Both takes go
 * through claimSeat (seats/seats.ts), one claim at a time in the split workflow.
 */
export function seatRoutes(deps: CheckoutDeps): Router {
  const { db, config } = deps;
  const router = new Router();
  const unknown = () => notFound(MESSAGES.notFound);

  /** The split behind a group link, its seats and participants; 404 for an unknown link. */
  async function loadGroup(groupToken: string) {
    const split = await new SplitSeatsRepository(db).findByGroupToken(groupToken);
    if (!split) return null;
    const [seats, participants] = await Promise.all([
      new SplitSeatsRepository(db).seatsOf(split.id),
      new SplitsRepository(db).participantsOf(split.id),
    ]);
    const group: JoinGroup = {
      merchant_name: split.business_name,
      order_reference: split.order_reference,
      amount: formatPounds(split.total_amount),
      open_seats: split.status === 'pending' ? presentOpenSeats(seats) : [],
      approved_count: participants.filter(isApproved).length,
      total_count: participants.length + openSeatCount(seats),
      authorization_expires_at: split.authorization_expires_at.toISOString(),
    };
    return { split, group };
  }

  router.get('/join/:group_token', async (ctx: Context) => {
    hostedPageHeaders(ctx);
    const parsed = GroupTokenParams.safeParse(ctx.params);
    const loaded = parsed.success ? await loadGroup(parsed.data.group_token) : null;
    if (!loaded) {
      ctx.status = 404;
      ctx.body = joinNotFoundPage();
      return;
    }
    const { split, group } = loaded;
    const state = split.status === 'pending' ? 'open' : 'closed';
    ctx.body = renderJoinPage({ ...group, mode: split.mode }, ctx.params.group_token as string, state);
  });

  router.get(
    '/api/checkout-splits/join/:group_token',
    validate('params', GroupTokenParams, unknown),
    async (ctx: Context) => {
      const loaded = await loadGroup(ctx.params.group_token as string);
      if (!loaded) throw unknown();
      ctx.set('cache-control', 'no-store');
      ctx.body = loaded.group;
    },
  );

  router.post(
    '/api/checkout-splits/join/:group_token/claim',
    auth('session'),
    validate('params', GroupTokenParams, unknown),
    validate('body', ClaimSeatSchema, claimBodyFailure),
    async (ctx: Context) => {
      const joiner = sessionPrincipal(ctx.state.principal);
      const split = await new SplitSeatsRepository(db).findByGroupToken(ctx.params.group_token as string);
      if (!split) throw unknown();
      const { participant } = await claimSeat(deps, split, {
        seatId: validBody(ctx, ClaimSeatSchema).seat_id,
        // The address they proved by e-mailed code: the seat is theirs, the pay link goes there.
        email: joiner.email,
        actor: `user:${joiner.userId}`,
      });
      ctx.body = { pay_url: payUrl(config.PUBLIC_BASE_URL, participant.pay_token) };
    },
  );

  // An unknown session is the session's 404; a malformed seat id is an unknown seat.
  const sessionParamsFailure = (details: ErrorDetail[]) =>
    details.some((d) => d.field === 'token') ? sessionNotFound() : unknown();

  router.post(
    '/api/merchants/checkout/sessions/:token/seats/:seat_id/invite',
    auth('session'),
    validate('params', SessionSeatParams, sessionParamsFailure),
    validate('body', InviteSeatSchema, inviteBodyFailure),
    async (ctx: Context) => {
      const buyer = sessionPrincipal(ctx.state.principal);
      const token = ctx.params.token as string;
      const { split } = await buyerSplit(deps, token, buyer, 'split.replace', SEAT_MESSAGES.forbidden);
      const { participant } = await claimSeat(deps, split, {
        seatId: ctx.params.seat_id as string,
        email: validBody(ctx, InviteSeatSchema).email,
        actor: `user:${buyer.userId}`,
      });
      const answer: InvitedSeat = {
        participant: {
          id: participant.id,
          email: participant.email,
          amount: formatPounds(participant.amount),
          status: participant.status,
          pay_url: payUrl(config.PUBLIC_BASE_URL, participant.pay_token),
        },
      };
      ctx.body = answer;
    },
  );

  return router;
}
