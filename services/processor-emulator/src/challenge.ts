import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Emu, OpContext } from './context';
import { completeChallenge, failChallenge, formatAmount, lockPaymentIntent } from './domain';
import { escapeHtml, page } from './html';
import type { PaymentIntentRow } from './rows';

/**
 * Stripe's 3-D Secure test page, emulated: where a `requires_action` PaymentIntent's next_action
 * sends the cardholder. "Complete authentication" lets the payment go on (a hold for manual
 * capture, and `payment_intent.amount_capturable_updated`); "Fail authentication" leaves the
 * intent `requires_payment_method` with `payment_intent_authentication_failure`. Either way the
 * browser goes back to the confirm's return_url with `payment_intent`,
 * `payment_intent_client_secret` and `redirect_status`, as Stripe does. The client secret in the
 * address is the credential, as it is for Stripe.js.
 */
export function challengeRoutes(emu: Emu, router: Router) {
  const findIntent = async (ctx: Context) => {
    const secret = String(ctx.query.client_secret ?? '');
    const pi = await emu.db
      .selectFrom('emulator_payment_intents')
      .selectAll()
      .where('id', '=', ctx.params.id!)
      .executeTakeFirst();
    return pi && secret && pi.client_secret === secret ? pi : null;
  };
  const notFound = (ctx: Context) => page(ctx, 404, 'Not found', '<h1>This authentication page is not valid.</h1>');

  router.get('/authenticate/:id', async (ctx) => {
    const pi = await findIntent(ctx);
    if (!pi) return notFound(ctx);
    if (pi.status !== 'requires_action') return finish(ctx, pi);
    const action = `/_emulator/authenticate/${encodeURIComponent(pi.id)}?client_secret=${encodeURIComponent(pi.client_secret)}`;
    page(
      ctx,
      200,
      'Confirm your payment',
      `<p><span class="badge">${escapeHtml(pi.mode)} mode</span> Processor emulator: 3-D Secure test page</p>
<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm a payment of <strong>${escapeHtml(formatAmount(pi.amount, pi.currency))}</strong>.
This is a test page: no real bank is asked.</p>
<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</form>`,
    );
  });

  router.post('/authenticate/:id', async (ctx) => {
    const found = await findIntent(ctx);
    if (!found) return notFound(ctx);
    const outcome = (ctx.request.body as Record<string, unknown> | undefined)?.outcome;
    const op: OpContext = { requestId: null, idempotencyKey: null, emitted: [] };
    const pi = await emu.db.transaction().execute(async (trx) => {
      const locked = await lockPaymentIntent(trx, found.id, null);
      return outcome === 'complete' ? completeChallenge(emu, trx, op, locked) : failChallenge(emu, trx, op, locked);
    });
    emu.deliverer.schedule(op.emitted);
    return finish(ctx, pi);
  });

  /** Back to return_url (the one the confirm named), or a plain "done" page when there is none (Stripe.js's case). */
  function finish(ctx: Context, pi: PaymentIntentRow) {
    const succeeded = pi.status === 'requires_capture' || pi.status === 'succeeded' || pi.status === 'processing';
    const returnUrl = pi.return_url;
    if (!returnUrl) {
      return page(ctx, 200, 'Authentication finished', `<h1>Authentication ${succeeded ? 'complete' : 'failed'}</h1>`);
    }
    const target = new URL(returnUrl);
    target.searchParams.set('payment_intent', pi.id);
    target.searchParams.set('payment_intent_client_secret', pi.client_secret);
    target.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
    ctx.status = 303;
    ctx.redirect(target.toString());
  }
}
