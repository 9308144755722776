import {
  AppError,
  awaitingMerchant,
  cardLabel,
  createProcessors,
  MESSAGES,
  notFound,
  ParticipantsRepository,
  PayPageViewsRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { CheckoutDeps } from '../../deps';
import { hostedPageHeaders } from '../../pages/headers';
import { seatsOfSplit, withOpenSeats } from '../../seats/seats';
import { withinPayAttemptLimits, withinReturnLimits } from './attempt-limits';
import { AUTHENTICATION_NOT_CONFIRMED, completeAuthentication } from './authentication';
import { renderCoveredPage } from './covered-page';
import { newNonce, payPageCsp, renderNotFoundPage, renderPayPage, stripeJsSource } from './page';
import { AuthoriseShareSchema, PayFormSchema, PayTokenParams } from './schema';
import { authoriseShare, findShare, loadPayView, presentShare } from './share';

/**
 * The pay step: one participant's own view and authorisation, reached with their pay token
 * (no sign-in; the token is the credential), as JSON and as a server-rendered page. A replaced
 * participant's token is gone: every route here answers 404 for it at once.
 */
export function payRoutes(deps: CheckoutDeps): Router {
  const { db, config } = deps;
  const processors = createProcessors(config, { logger: deps.logger });
  const router = new Router();
  // A token too long to exist is just an unknown token, not a validation failure.
  const shareNotFound = () => notFound(MESSAGES.notFound);

  const views = new PayPageViewsRepository(db);
  /**
   * The participant's first view (the "opened" step of Insights); a failed write never costs them their page.
   * A HEAD (answered by the GET handler) is no view: it never writes.
   */
  const recordView = async (ctx: Context, share: { participant_id: string; email: string; split_id: string }) => {
    if (ctx.method === 'HEAD') return;
    await views
      .recordFirstView({ participantId: share.participant_id, email: share.email, splitId: share.split_id })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'pay page view not recorded'));
  };

  /** The pay view; a split made with seats counts and lists its open seats in the group, page and JSON alike. */
  const presentShareWithSeats = async (view: NonNullable<Awaited<ReturnType<typeof loadPayView>>>) => {
    const shown = presentShare(config, view);
    return { ...shown, group: withOpenSeats(shown.group, await seatsOfSplit(db, view.split)) };
  };

  const shareOr404 = async (ctx: Context) => {
    const share = await findShare(db, ctx.params.token as string);
    if (!share) throw shareNotFound();
    return share;
  };

  router.get('/api/checkout-splits/pay/:token', validate('params', PayTokenParams, shareNotFound), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const view = await loadPayView(db, ctx.params.token as string);
    if (!view) throw shareNotFound();
    await recordView(ctx, view.share);
    ctx.body = await presentShareWithSeats(view);
  });

  router.post(
    '/api/checkout-splits/pay/:token/authorise',
    validate('params', PayTokenParams, shareNotFound),
    // The attempt limits come before the body is read and before the token is looked up: a flood of
    // malformed bodies, or of made-up tokens, from one address is refused like any other attempt.
    (ctx, next) => withinPayAttemptLimits(ctx, db, ctx.params.token as string, next),
    validate('body', AuthoriseShareSchema),
    async (ctx) => {
      const share = await shareOr404(ctx);
      const { payment_method } = validBody(ctx, AuthoriseShareSchema);
      const token = ctx.params.token as string;
      const result = await authoriseShare({ ...deps, processors }, share, token, payment_method);
      // 202: nothing is held yet; the participant's bank asks them to confirm at redirect_url first.
      if (result.status === 'requires_action') ctx.status = 202;
      ctx.body = result;
    },
  );

  /** The participant's held card as a person reads it ("Apple Pay (Visa ••••4242)"), once a hold named it. */
  const heldCard = (view: NonNullable<Awaited<ReturnType<typeof loadPayView>>>) => {
    const me = view.participants.find((p) => p.id === view.share.participant_id);
    return me ? cardLabel({ brand: me.card_brand, last4: me.card_last4, wallet: me.card_wallet }) : null;
  };

  const renderPage = async (ctx: Context, error?: string) => {
    const nonce = newNonce();
    const view = await loadPayView(db, ctx.params.token as string);
    const live = view?.share.mode === 'live';
    const stripeJs = stripeJsSource(config);
    hostedPageHeaders(ctx, payPageCsp(nonce, stripeJs));
    if (!view) {
      // A share the organiser covered: its old link says it is no longer needed (410), not "not found".
      const covered = await new ParticipantsRepository(db).coveredShare(ctx.params.token as string);
      ctx.status = covered ? 410 : 404;
      ctx.body = covered ? renderCoveredPage(covered) : renderNotFoundPage();
      return;
    }
    await recordView(ctx, view.share);
    const shown = await presentShareWithSeats(view);
    ctx.body = renderPayPage(shown, ctx.params.token as string, nonce, {
      error,
      live,
      awaitingMerchant: awaitingMerchant(view.split) === true,
      stripeJs,
      card: heldCard(view),
    });
  };

  router.get('/pay/:token', (ctx) => renderPage(ctx));

  // Test mode's card picker posts here (no script needed); live mode posts from Stripe.js instead.
  router.post('/pay/:token', async (ctx) => {
    const parsed = PayFormSchema.safeParse(ctx.request.body ?? {});
    const token = ctx.params.token as string;
    const share = await findShare(db, token);
    if (!share || !parsed.success) return renderPage(ctx, share ? 'Choose a card.' : undefined);
    try {
      const result = await withinPayAttemptLimits(ctx, db, token, () =>
        authoriseShare({ ...deps, processors }, share, token, parsed.data.payment_method),
      );
      // The bank asks the participant to confirm: a plain redirect to its page, which sends them back to /return.
      if (result.status === 'requires_action' && 'redirect_url' in result) {
        ctx.status = 303;
        return ctx.redirect(result.redirect_url);
      }
      return renderPage(ctx);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await renderPage(ctx, error.message);
      if (ctx.status !== 404) ctx.status = error.status;
    }
  });

  // Back from the bank's 3-D Secure challenge: the processor's word on the hold decides.
  router.get('/pay/:token/return', validate('params', PayTokenParams, shareNotFound), async (ctx) => {
    // A HEAD asks the processor nothing and changes nothing: it is answered from our records.
    if (ctx.method === 'HEAD') return renderPage(ctx);
    try {
      await withinReturnLimits(ctx, db, ctx.params.token as string);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The page as our records have it, saying when to come back; the processor is not asked.
      await renderPage(ctx, error.message);
      if (ctx.status !== 404) ctx.status = error.status;
      return;
    }
    const outcome = await completeAuthentication({ ...deps, processors }, ctx.params.token as string);
    return renderPage(ctx, outcome.kind === 'not_confirmed' ? AUTHENTICATION_NOT_CONFIRMED : undefined);
  });

  return router;
}
