import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Emu, Mode, OpContext, Scope } from '../context';
import { confirmIntent, lockPaymentIntent, resolvePaymentMethod } from '../domain';
import { EmulatorError, invalidParam, missingParam, noSuch } from '../errors';
import { paymentIntentJson, paymentMethodJson } from '../objects';
import { accountScope } from '../scoped';
import { TEST_CARD_TABLE } from '../test-cards';
import { renderWalletSheet } from './sheet';

/**
 * A stand-in for Stripe.js (`https://js.stripe.com/v3/`), served by the emulator at `/v3/`: the subset
 * groupsplit's pay page uses, with Stripe's names and shapes (docs/processor.md, "The Stripe.js stand-in").
 * The script (`stripe.js`) talks to the emulator's own small browser API under `/v3/api/...`, which is
 * keyed by the publishable key as Stripe's browser calls are: make a PaymentMethod from a test card
 * number or a wallet test card, and read or confirm a PaymentIntent by its client secret. The wallet sheet
 * (`/v3/wallet-sheet`) is the page the Express Checkout stand-in opens for "Apple Pay" / "Google Pay".
 */

const JS = 'text/javascript; charset=utf-8';
const file = (name: string) => readFileSync(join(__dirname, name));
const ASSETS: Record<string, Buffer> = { 'stripe.js': file('stripe.js'), 'wallet-sheet.js': file('wallet-sheet.js') };

/** The card numbers the Card Element stand-in takes: the brand, decline and 3-D Secure tables (first id per number). */
export const STAND_IN_CARD_NUMBERS: Record<string, string> = {};
for (const r of TEST_CARD_TABLE) {
  if (!r.number || r.table === 'wallets') continue;
  STAND_IN_CARD_NUMBERS[r.number.replace(/\s/g, '')] ??= r.id;
}

/** The mode a publishable key is for, as Stripe tells its keys apart; anything else is refused as Stripe does. */
function modeOfKey(emu: Emu, key: string): Mode {
  if (key && key === emu.config.STRIPE_TEST_PUBLISHABLE_KEY) return 'test';
  if (key && key === emu.config.STRIPE_LIVE_PUBLISHABLE_KEY) return 'live';
  throw new EmulatorError({
    type: 'invalid_request_error',
    status: 401,
    message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : '(none)'}`,
    replayable: false,
  });
}

async function scopeOf(emu: Emu, params: Record<string, unknown>): Promise<Scope> {
  const mode = modeOfKey(emu, String(params.key ?? ''));
  return accountScope(
    emu.db,
    mode,
    String(params.stripe_account ?? ''),
    (account) => `The provided key does not have access to account '${account}' (or that account does not exist).`,
  );
}

/** Browser calls come from the pay page's origin: answered to any origin, as Stripe's API is (the key is public). */
const cors: Middleware = async (ctx, next) => {
  ctx.set('access-control-allow-origin', '*');
  ctx.set('cache-control', 'no-store');
  try {
    await next();
  } catch (error) {
    if (!(error instanceof EmulatorError)) throw error;
    ctx.status = error.status;
    ctx.body = error.toBody();
  }
};

/** The intent behind a client secret, in the key's mode and account; a wrong secret is "no such intent", as at Stripe. */
function checkSecret<T extends { id: string; client_secret: string }>(
  pi: T | undefined,
  id: string,
  secret: string,
): T {
  if (!pi || !secret || pi.client_secret !== secret) throw noSuch('payment_intent', id, 'intent');
  return pi;
}

/** Which test card a Card Element number or a wallet sheet's choice stands for. */
function testCardOf(params: Record<string, unknown>): string {
  const wallet = String(params.wallet_card ?? '');
  if (wallet) {
    if (!TEST_CARD_TABLE.some((r) => r.id === wallet && r.table === 'wallets')) {
      throw invalidParam('wallet_card', `No such wallet test card: '${wallet}'`);
    }
    return wallet;
  }
  const number = String(params.number ?? '').replace(/[\s-]/g, '');
  if (!number) throw missingParam('number');
  const id = STAND_IN_CARD_NUMBERS[number];
  if (!id) {
    throw new EmulatorError({
      type: 'card_error',
      code: 'incorrect_number',
      param: 'number',
      message: 'Your card number is incorrect.',
      replayable: false,
    });
  }
  return id;
}

export function stripeJsRoutes(emu: Emu, seeded: Middleware): Router {
  const router = new Router();
  const asset = (name: string) => (ctx: Context) => {
    ctx.type = JS;
    ctx.set('cache-control', 'no-store');
    ctx.set('access-control-allow-origin', '*');
    ctx.body = ASSETS[name];
  };
  router.get('/v3', asset('stripe.js'));
  router.get('/v3/', asset('stripe.js'));
  router.get('/v3/wallet-sheet.js', asset('wallet-sheet.js'));
  router.get('/v3/wallet-sheet', (ctx) => renderWalletSheet(ctx));

  // A browser asks first when a call carries headers of its own: any origin, the two methods, the headers asked for.
  router.options('/v3/api/{*rest}', (ctx) => {
    ctx.set('access-control-allow-origin', '*');
    ctx.set('access-control-allow-methods', 'GET, POST');
    ctx.set('access-control-allow-headers', ctx.get('access-control-request-headers') || 'content-type');
    ctx.set('access-control-max-age', '600');
    ctx.status = 204;
  });

  // stripe.createPaymentMethod: a fresh pm_ on the account, from a test card number or a wallet sheet's card.
  router.post('/v3/api/payment_methods', cors, seeded, async (ctx) => {
    const params = (ctx.request.body ?? {}) as Record<string, unknown>;
    const scope = await scopeOf(emu, params);
    const testCard = testCardOf(params);
    const pm = await emu.db.transaction().execute((trx) => resolvePaymentMethod(trx, scope, testCard));
    ctx.body = paymentMethodJson(pm);
  });

  // stripe.retrievePaymentIntent / handleNextAction: the intent, to whoever holds its client secret.
  router.get('/v3/api/payment_intents/:id', cors, seeded, async (ctx) => {
    const scope = await scopeOf(emu, ctx.query);
    const pi = await emu.db
      .selectFrom('emulator_payment_intents')
      .selectAll()
      .where('id', '=', ctx.params.id!)
      .where('mode', '=', scope.mode)
      .where('account', '=', scope.account)
      .executeTakeFirst();
    ctx.body = paymentIntentJson(checkSecret(pi, ctx.params.id!, String(ctx.query.client_secret ?? '')));
  });

  // stripe.confirmPayment / confirmCardPayment: a confirm from the browser, with the client secret as the credential.
  router.post('/v3/api/payment_intents/:id/confirm', cors, seeded, async (ctx) => {
    const params = (ctx.request.body ?? {}) as Record<string, unknown>;
    const scope = await scopeOf(emu, params);
    const paymentMethod = String(params.payment_method ?? '') || testCardOf(params);
    const returnUrl = String(params.return_url ?? '') || null;
    const op: OpContext = { requestId: null, idempotencyKey: null, emitted: [] };
    const outcome = await emu.db.transaction().execute(async (trx) => {
      const pi = checkSecret(
        await lockPaymentIntent(trx, ctx.params.id!, scope).catch(() => undefined),
        ctx.params.id!,
        String(params.client_secret ?? ''),
      );
      const pm = await resolvePaymentMethod(trx, scope, paymentMethod);
      return confirmIntent(emu, trx, op, pi, pm, { origin: `${ctx.protocol}://${ctx.host}`, returnUrl });
    });
    emu.deliverer.schedule(op.emitted);
    if (outcome.declined) {
      ctx.status = outcome.declined.status;
      const body = outcome.declined.toBody();
      ctx.body = { error: { ...body.error, payment_intent: paymentIntentJson(outcome.pi) } };
      return;
    }
    ctx.body = paymentIntentJson(outcome.pi);
  });

  return router;
}
