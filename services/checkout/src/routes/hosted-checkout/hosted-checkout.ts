import { randomUUID } from 'node:crypto';
import {
  CheckoutSessionsRepository,
  conflict,
  forbidden,
  formatPounds,
  gateError,
  MESSAGES,
  notFound,
  type SplitParticipantRow,
  type SplitRow,
  SplitSeatsRepository,
  SplitsRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { FALLBACK_LOGS } from '../../fallback-logs';
import { PAGE_ASSETS } from '../../pages/assets';
import { notFoundPage, renderCheckoutPage } from '../../pages/checkout/page';
import { hostedPageHeaders } from '../../pages/headers';
import { openSeatCount, presentSeatFields, seatsOfSplit } from '../../seats/seats';
import { buyerSplit } from '../../sessions/buyer-split';
import { type BuyerGroup, type Mine, sessionNotFound } from '../../sessions/schema';
import { checkoutGate, loadSession, payUrl } from '../../sessions/session-state';
import { tokenParams } from '../../sessions/token-params';
import { createSplit } from '../../splits/create-split';
import { presentGroup, sameEmail } from '../../splits/group';
import { awaitingMerchantField } from '../../splits/split-detail';
import { claimSession, orphanedClaim, releaseClaim, takeUpClaim } from './claim';
import { CHOOSE_MESSAGES, ChooseSplitSchema, chooseSplitFailure } from './schema';
import { sharesFor } from './shares';

const alreadySplit = () => conflict(CHOOSE_MESSAGES.alreadySplit, 'already_split');
const sessionExpired = () => conflict(CHOOSE_MESSAGES.expired, 'session_expired');

/** The buyer's side of hosted checkout: the page at checkout_url, its assets, and the split it creates. */
export function hostedCheckoutRoutes(deps: CheckoutDeps): Router {
  const { db, config } = deps;
  const router = new Router();

  router.get('/checkout/assets/:name', (ctx: Context) => {
    const asset = PAGE_ASSETS[ctx.params.name as string];
    if (!asset) throw notFound(MESSAGES.notFound);
    ctx.set('cache-control', 'public, max-age=300');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });

  router.get('/checkout/:token', async (ctx: Context) => {
    hostedPageHeaders(ctx);
    const loaded = await loadSession(db, ctx.params.token as string);
    if (!loaded) {
      ctx.status = 404;
      ctx.body = notFoundPage();
      return;
    }
    // A claim left by a request that died is shown as no claim: the buyer chooses again. (A session
    // with its split, the usual claimed one, needs no look at Temporal.)
    if (!loaded.split && (await orphanedClaim(deps, loaded.session))) {
      loaded.session = { ...loaded.session, split_claimed_by: null };
      loaded.expired ||= loaded.session.expires_at.getTime() <= Date.now();
    }
    const gate = await checkoutGate(deps, loaded.merchant, loaded.session.mode);
    const cancelReason =
      loaded.split?.status === 'canceled' ? await new SplitsRepository(db).cancelReason(loaded.split.id) : null;
    ctx.body = renderCheckoutPage(loaded, {
      baseUrl: config.PUBLIC_BASE_URL,
      unavailable: gate !== null,
      cancelReason,
      seats: loaded.split ? await seatsOfSplit(db, loaded.split) : [],
    });
  });

  router.post(
    '/api/merchants/checkout/sessions/:token/split',
    auth('session'),
    tokenParams,
    validate('body', ChooseSplitSchema, chooseSplitFailure),
    async (ctx: Context) => {
      const buyer = sessionPrincipal(ctx.state.principal);
      const body = validBody(ctx, ChooseSplitSchema);
      const loaded = await loadSession(db, ctx.params.token as string);
      if (!loaded) throw sessionNotFound();
      const { session, merchant } = loaded;
      if (loaded.split) throw alreadySplit();
      // A claim whose request died before starting the workflow is taken up under its split id.
      const orphan = await orphanedClaim(deps, session);
      if (session.split_claimed_by && !orphan) throw alreadySplit();
      if (loaded.expired || (orphan && session.expires_at.getTime() <= Date.now())) throw sessionExpired();
      const gate = await checkoutGate(deps, merchant, session.mode);
      if (gate) throw gateError(gate);
      const shares = sharesFor(body, buyer.email, session.amount);

      // The claim is what makes "once per session" hold under concurrent tabs: one UPDATE wins.
      const splitId = orphan ?? randomUUID();
      const claimed = orphan
        ? await takeUpClaim(deps, session.token, orphan)
        : await claimSession(deps, session.token, buyer.userId, splitId);
      if (!claimed) {
        const now = await loadSession(db, session.token);
        if (now?.expired && !now.split) throw sessionExpired();
        throw alreadySplit();
      }
      if (orphan) deps.logger.warn({ token: session.token, splitId }, FALLBACK_LOGS.claimTakenUp);

      let created: Awaited<ReturnType<typeof createSplit>>;
      try {
        created = await createSplit(deps, {
          merchant,
          mode: session.mode,
          createdBy: { userId: buyer.userId, email: buyer.email },
          orderReference: session.order_reference,
          currency: session.currency,
          participants: shares.participants,
          seats: shares.seats,
          session: {
            token: session.token,
            customerEmail: session.customer_email,
            customerName: session.customer_name,
            metadata: session.metadata,
            // Only a merchant_accept order carries the choice (docs/splits.md, "Merchant accept").
            ...(session.capture === 'merchant_accept' ? { capture: 'merchant_accept' as const } : {}),
            // The group sees the name the buyer typed for themself (docs/splits.md, "Names"); never webhooks.
            ...(shares.organiserName ? { organiserName: shares.organiserName } : {}),
          },
          splitId,
          lineItems: session.line_items,
          // One payer: the buyer pays nothing, so there is no share of theirs to e-mail.
          organiserShare: body.mode === 'one_payer' ? undefined : { alone: body.mode === 'alone' },
        });
      } catch (error) {
        // Nothing was placed (or creation failed and released its holds): the buyer may try again.
        await releaseClaim(deps, session.token, splitId);
        throw error;
      }
      await new CheckoutSessionsRepository(db).recordSplit(session.token, created.id);

      ctx.status = 201;
      ctx.body = {
        split_id: created.id,
        participants: created.participants.map((p) => ({
          email: p.email,
          amount: formatPounds(p.amount),
          card_charge: formatPounds(p.amount + p.customer_fee),
          pay_url: payUrl(config.PUBLIC_BASE_URL, p.pay_token),
          name: p.name,
        })),
        ...presentSeatFields({ group_token: created.groupToken }, created.seats, config.PUBLIC_BASE_URL),
      };
    },
  );

  router.get('/api/merchants/checkout/sessions/:token/group', auth('session'), tokenParams, async (ctx: Context) => {
    const buyer = sessionPrincipal(ctx.state.principal);
    const { split, participants } = await buyerSplit(deps, ctx.params.token as string, buyer, 'split.view');
    const cancelReason = split.status === 'canceled' ? await new SplitsRepository(db).cancelReason(split.id) : null;
    const seats = split.group_token ? await new SplitSeatsRepository(db).seatsOf(split.id) : [];
    ctx.set('cache-control', 'no-store');
    const group = presentBuyerGroup(split, participants, buyer.email, cancelReason);
    // Open seats count in the group's size (docs/splits.md, "Open seats").
    group.group.total_count += openSeatCount(seats);
    ctx.body = {
      ...group,
      ...awaitingMerchantField(split),
      ...presentSeatFields(split, seats, config.PUBLIC_BASE_URL),
    };
  });

  /**
   * Whoever is signed in, if they are in the session's split (docs/hosted-checkout.md, "Getting back to
   * your share"): the organiser, or a member, with their own shares and pay links. Anyone else 403.
   */
  router.get('/api/merchants/checkout/sessions/:token/mine', auth('session'), tokenParams, async (ctx: Context) => {
    const person = sessionPrincipal(ctx.state.principal);
    const loaded = await loadSession(db, ctx.params.token as string);
    if (!loaded) throw sessionNotFound();
    const { split, participants } = loaded;
    if (!split) throw notFound(MESSAGES.notFound);
    const own = participants.filter((p) => sameEmail(p.email, person.email));
    const organiser = split.created_by !== null && split.created_by === person.userId;
    if (!organiser && own.length === 0) throw forbidden(MESSAGES.forbidden);
    ctx.set('cache-control', 'no-store');
    const mine: Mine = {
      role: organiser ? 'organiser' : 'member',
      split_status: split.status as Mine['split_status'],
      shares: own.map((p) => ({
        participant_id: p.id,
        amount: formatPounds(p.amount),
        card_charge: formatPounds(p.amount + p.customer_fee),
        status: p.status,
        pay_url: p.status === 'pending' ? payUrl(config.PUBLIC_BASE_URL, p.pay_token) : null,
        covered_name: p.covered_name,
      })),
    };
    ctx.body = mine;
  });

  return router;
}

/** The buyer's view of their split's group (BuyerGroupSchema). */
function presentBuyerGroup(
  split: SplitRow,
  participants: SplitParticipantRow[],
  buyerEmail: string,
  cancelReason: BuyerGroup['cancel_reason'],
): BuyerGroup {
  const isYou = (p: Pick<SplitParticipantRow, 'email'>) => sameEmail(p.email, buyerEmail);
  const group = presentGroup(participants, isYou);
  const pending = split.status === 'pending';
  return {
    organiser_name: split.session_context?.organiser_name ?? null,
    split_id: split.id,
    status: split.status as BuyerGroup['status'],
    cancel_reason: cancelReason,
    authorization_expires_at: split.authorization_expires_at.toISOString(),
    group: {
      ...group,
      participants: participants.map((p, i) => ({
        ...group.participants[i]!,
        id: p.id,
        email: p.email,
        amount: formatPounds(p.amount),
        // Not the organiser's own share (theirs to pay); a share they cover can go to someone new.
        replaceable: pending && p.status === 'pending' && (!isYou(p) || p.covered_at !== null),
        covered_name: p.covered_name,
        covered_email: p.covered_email,
        // The organiser's own share (or one they cover already) is theirs to pay, not to cover.
        coverable: pending && p.status === 'pending' && !isYou(p),
      })),
    },
  };
}
