import {
  CheckoutSessionsRepository,
  formatPounds,
  holdsExpireAt,
  MESSAGES,
  notFound,
  SplitSeatsRepository,
  SplitsRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { auth, type SessionPrincipal, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { hostedPageHeaders } from '../../pages/headers';
import { joinNotFoundPage, renderJoinPage } from '../../pages/join/page';
import { type Claimed, claimSeat, openSeatCount, presentOpenSeats, SEAT_MESSAGES } from '../../seats/seats';
import { buyerSplit } from '../../sessions/buyer-split';
import { presentLineItems } from '../../sessions/line-items';
import { sessionParamsFailure } from '../../sessions/schema';
import { payUrl } from '../../sessions/session-state';
import { isApproved } from '../../splits/group';
import { newPayerAnswer } from '../../splits/new-payer';
import {
  ClaimSeatSchema,
  claimBodyFailure,
  GroupTokenParams,
  InviteSeatSchema,
  inviteBodyFailure,
  type JoinGroup,
  SessionSeatParams,
} from './schema';

/** What one way of taking a seat decides: which seat of which split, for which address (and name). */
type SeatTaking = { split: Claimed['split']; seatId: string; email: string; name?: string | null };

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
    const [seats, participants, lineItems] = await Promise.all([
      new SplitSeatsRepository(db).seatsOf(split.id),
      new SplitsRepository(db).participantsOf(split.id),
      split.session_token ? new CheckoutSessionsRepository(db).lineItems(split.session_token) : undefined,
    ]);
    const group: JoinGroup = {
      merchant_name: split.business_name,
      order_reference: split.order_reference,
      amount: formatPounds(split.total_amount),
      open_seats: split.status === 'pending' ? presentOpenSeats(seats) : [],
      approved_count: participants.filter(isApproved).length,
      total_count: participants.length + openSeatCount(seats),
      authorization_expires_at: split.authorization_expires_at.toISOString(),
      holds_expire_at: holdsExpireAt(participants)?.toISOString() ?? null,
      // findByGroupToken never answers a split still `creating`.
      status: split.status as JoinGroup['status'],
      organiser_name: split.session_context?.organiser_name ?? null,
      line_items: presentLineItems(lineItems?.line_items ?? [], config.PUBLIC_BASE_URL),
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
    ctx.body = renderJoinPage({ ...group, mode: split.mode }, ctx.params.group_token as string);
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

  /**
   * One way to take a seat: its own params and body checks, and which seat of which split it takes
   * for which address (`take`, given who is signed in); claimSeat() for both, acting as that person,
   * then the route's answer from the participant the seat became.
   */
  const seatRoute = (
    path: string,
    checks: Middleware[],
    take: (ctx: Context, person: SessionPrincipal) => Promise<SeatTaking>,
    answer: (claimed: Claimed) => unknown,
  ) =>
    router.post(path, auth('session'), ...checks, async (ctx: Context) => {
      const person = sessionPrincipal(ctx.state.principal);
      const { split, ...seat } = await take(ctx, person);
      ctx.body = answer(await claimSeat(deps, split, { ...seat, actor: `user:${person.userId}` }));
    });

  seatRoute(
    '/api/checkout-splits/join/:group_token/claim',
    [validate('params', GroupTokenParams, unknown), validate('body', ClaimSeatSchema, claimBodyFailure)],
    async (ctx, joiner) => {
      const split = await new SplitSeatsRepository(db).findByGroupToken(ctx.params.group_token as string);
      if (!split) throw unknown();
      // The address they proved by e-mailed code: the seat is theirs, the pay link goes there.
      const body = validBody(ctx, ClaimSeatSchema);
      return { split, seatId: body.seat_id, email: joiner.email, name: body.name };
    },
    ({ participant }) => ({ pay_url: payUrl(config.PUBLIC_BASE_URL, participant.pay_token) }),
  );

  seatRoute(
    '/api/merchants/checkout/sessions/:token/seats/:seat_id/invite',
    [
      validate('params', SessionSeatParams, sessionParamsFailure),
      validate('body', InviteSeatSchema, inviteBodyFailure),
    ],
    async (ctx, buyer) => {
      const token = ctx.params.token as string;
      const { split } = await buyerSplit(deps, token, buyer, 'split.replace', SEAT_MESSAGES.forbidden);
      const body = validBody(ctx, InviteSeatSchema);
      return { split, seatId: ctx.params.seat_id as string, email: body.email, name: body.name };
    },
    ({ participant }) => newPayerAnswer(participant, config.PUBLIC_BASE_URL),
  );

  return router;
}
