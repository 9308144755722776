import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { checkoutSessionJson, sessionStatus, setupIntentJson } from './checkout-objects';
import type { Emu, OpContext } from './context';
import { emitEvent } from './domain';
import { escapeHtml, page } from './html';
import { newId } from './ids';
import type { CheckoutSessionRow } from './rows';
import { TEST_CARD_NUMBERS, TEST_CARDS } from './test-cards';

type CardForm = { number: string; expiry: string; cvc: string };
type CardEntry = { testCard: string; expMonth: number; expYear: number };

/** Where the browser goes after saving: success_url with Stripe's one template filled in (nothing else is added). */
export const successTarget = (s: Pick<CheckoutSessionRow, 'id' | 'success_url'>) =>
  s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id);

/** The entered card as a known test card, or the message the page shows (Stripe's wording where it has one). */
export function readCard(form: CardForm, now = new Date()): CardEntry | { error: string; field: keyof CardForm } {
  const number = form.number.replace(/[\s-]/g, '');
  if (!number) return { error: 'Enter your card number.', field: 'number' };
  const testCard = TEST_CARD_NUMBERS[number];
  if (!testCard) {
    return {
      error: 'Your card number is invalid. This test page takes test cards only, such as 4242 4242 4242 4242.',
      field: 'number',
    };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    return { error: "Your card's expiry date is incomplete. Enter it as MM / YY.", field: 'expiry' };
  }
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { error: "Your card's expiration date is in the past.", field: 'expiry' };
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { error: "Your card's security code is incomplete.", field: 'cvc' };
  return { testCard, expMonth: month, expYear: year };
}

/**
 * The processor's hosted card set-up page (a Checkout Session in setup mode), emulated: a plain
 * form for a test card number, expiry and security code. "Save card" makes the PaymentMethod
 * (attached to the session's customer, if it named one), completes the session with a succeeded
 * SetupIntent and goes to success_url; "Cancel" goes to cancel_url. A card that declines shows the
 * decline on the page and saves nothing. The session id in the address is the credential, as it is
 * for Stripe's checkout pages.
 */
export function cardSetupRoutes(emu: Emu, router: Router) {
  const findSession = (id: string) =>
    emu.db.selectFrom('emulator_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();

  router.get('/checkout/:id', async (ctx) => {
    const session = await findSession(ctx.params.id!);
    if (!session) return notFound(ctx);
    if (sessionStatus(session) !== 'open') return noLongerOpen(ctx, session);
    form(ctx, session);
  });

  router.post('/checkout/:id', async (ctx) => {
    const found = await findSession(ctx.params.id!);
    if (!found) return notFound(ctx);
    if (sessionStatus(found) !== 'open') return noLongerOpen(ctx, found);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const entered: CardForm = {
      number: String(body.card_number ?? ''),
      expiry: String(body.card_expiry ?? ''),
      cvc: String(body.card_cvc ?? ''),
    };
    const card = readCard(entered);
    if ('error' in card) return form(ctx, found, entered, card);
    const behaviour = TEST_CARDS[card.testCard]!.behaviour;
    if (behaviour.outcome === 'decline' && behaviour.onAttach) {
      return form(ctx, found, entered, { error: behaviour.message, field: 'number' });
    }

    const op: OpContext = { requestId: null, idempotencyKey: null, emitted: [] };
    const completed = await emu.db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('emulator_checkout_sessions')
        .selectAll()
        .where('id', '=', found.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (sessionStatus(session) !== 'open') return session;
      const scope = { mode: session.mode, account: session.account };
      const pm = await trx
        .insertInto('emulator_payment_methods')
        .values({
          id: newId('pm'),
          ...scope,
          test_card: card.testCard,
          ...TEST_CARDS[card.testCard]!.card,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          customer: session.customer,
          metadata: '{}',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const seti = newId('seti');
      const intent = await trx
        .insertInto('emulator_setup_intents')
        .values({
          id: seti,
          ...scope,
          status: 'succeeded',
          customer: session.customer,
          payment_method: pm.id,
          client_secret: `${seti}_secret_${randomBytes(18).toString('base64url')}`,
          usage: 'off_session',
          metadata: '{}',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const done = await trx
        .updateTable('emulator_checkout_sessions')
        .set({ status: 'complete', setup_intent: intent.id, completed_at: new Date() })
        .where('id', '=', session.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const origin = `${ctx.protocol}://${ctx.host}`;
      for (const [type, object] of [
        ['setup_intent.succeeded', setupIntentJson(intent)],
        ['checkout.session.completed', checkoutSessionJson(done, origin)],
      ] as const) {
        await emitEvent(emu, trx, op, { mode: done.mode, account: done.account, type, object });
      }
      return done;
    });
    emu.deliverer.schedule(op.emitted);
    if (completed.status !== 'complete') return noLongerOpen(ctx, completed);
    ctx.status = 303;
    ctx.redirect(successTarget(completed));
  });
}

function notFound(ctx: Context) {
  page(ctx, 404, 'Page not found', '<h1>This card set-up page is not valid.</h1>');
}

/** A completed or expired session's page: it cannot be used again; say so and offer the way back. */
function noLongerOpen(ctx: Context, session: CheckoutSessionRow) {
  const complete = session.status === 'complete';
  const back = complete ? successTarget(session) : session.cancel_url;
  page(
    ctx,
    200,
    complete ? 'Card already saved' : 'Page expired',
    `<h1>${complete ? 'Your card is already saved' : 'This card set-up page has expired'}</h1>
<p>${complete ? 'This page has done its work.' : 'Start again from where you came from to get a fresh page.'}</p>
${back ? `<p><a href="${escapeHtml(back)}">Go back</a></p>` : ''}`,
  );
}

function form(
  ctx: Context,
  session: CheckoutSessionRow,
  entered: CardForm = { number: '', expiry: '', cvc: '' },
  problem?: { error: string; field: keyof CardForm },
) {
  const invalid = (field: keyof CardForm) =>
    problem?.field === field ? ' aria-invalid="true" aria-describedby="card-error"' : '';
  const action = `/_emulator/checkout/${encodeURIComponent(session.id)}`;
  page(
    ctx,
    200,
    problem ? 'Error: Add a card' : 'Add a card',
    `<p><span class="badge">${escapeHtml(session.mode)} mode</span> Processor emulator: hosted card set-up</p>
<h1>Add a card</h1>
<p>Save a card for future payments. Nothing is charged now. This is the processor emulator: use a test card
such as 4242 4242 4242 4242, any future expiry date and any three digits.</p>
${problem ? `<p class="error" role="alert" id="card-error">${escapeHtml(problem.error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" class="fields">
<div><label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required
 value="${escapeHtml(entered.number)}"${invalid('number')}></div>
<div><label for="card-expiry">Expiry date (MM / YY)</label>
<input id="card-expiry" name="card_expiry" autocomplete="cc-exp" placeholder="MM / YY" required
 value="${escapeHtml(entered.expiry)}"${invalid('expiry')}></div>
<div><label for="card-cvc">Security code (CVC)</label>
<input id="card-cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" required
 value="${escapeHtml(entered.cvc)}"${invalid('cvc')}></div>
<div class="actions"><button type="submit">Save card</button>
${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a>` : ''}</div>
</form>`,
  );
}
