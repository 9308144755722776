import { randomBytes } from 'node:crypto';
import { PLATFORM, type Scope, type Tx } from '../context';
import {
  cancelIntent,
  captureIntent,
  confirmIntent,
  latestCharge,
  lockPaymentIntent,
  resolvePaymentMethod,
} from '../domain';
import { invalidParam, invalidRequest } from '../errors';
import { newId } from '../ids';
import { paymentIntentJson } from '../objects';
import { bool, expandList, int, metadata, obj, oneOf, positiveInt, str, strList } from '../params';
import { type ApiRequest, type ApiResult, type Route, route } from '../pipeline';
import type { PaymentIntentRow } from '../rows';
import { findScoped } from '../scoped';

/** `payment_method_options[card][request_three_d_secure]`, when given. */
function requestThreeDSecure(params: ApiRequest['params']) {
  const card = obj(params, 'payment_method_options')?.card;
  if (card === undefined) return undefined;
  if (typeof card !== 'object' || Array.isArray(card)) {
    throw invalidParam('payment_method_options[card]', 'Invalid object');
  }
  const value = (card as Record<string, unknown>).request_three_d_secure;
  if (value === undefined) return undefined;
  if (value !== 'automatic' && value !== 'any' && value !== 'challenge') {
    throw invalidParam(
      'payment_method_options[card][request_three_d_secure]',
      `Invalid payment_method_options[card][request_three_d_secure]: must be one of automatic, any, or challenge`,
    );
  }
  return value;
}

const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, usd: 50, eur: 50 };

async function render(tx: Tx, pi: PaymentIntentRow, expand: string[]) {
  const charge = expand.includes('latest_charge') ? await latestCharge(tx, pi) : null;
  return paymentIntentJson(pi, charge);
}

async function peekAmount(req: ApiRequest) {
  const pi = await req.emu.db
    .selectFrom('emulator_payment_intents')
    .select(['amount'])
    .where('id', '=', req.path.id!)
    .executeTakeFirst();
  return { paymentIntentId: req.path.id!, amount: pi?.amount ?? null, account: req.scope.account };
}

async function assertCanCharge(tx: Tx, scope: Scope) {
  if (scope.account === PLATFORM) return;
  const account = await tx
    .selectFrom('emulator_accounts')
    .select(['charges_enabled'])
    .where('id', '=', scope.account)
    .executeTakeFirstOrThrow();
  if (!account.charges_enabled) {
    throw invalidRequest(
      `This Connect account cannot currently make ${scope.mode} charges. The \`requirements.disabled_reason\` property on the account will provide information about why this account is currently disabled. If you are a customer trying to make a purchase, please contact the owner of this site. Your transaction has not been processed.`,
    );
  }
}

/** Confirms and turns a decline into Stripe's 402 answer (its side effects are kept). */
async function confirmAndAnswer(req: ApiRequest, tx: Tx, pi: PaymentIntentRow, paymentMethodId: string) {
  const pm = await resolvePaymentMethod(tx, req.scope, paymentMethodId);
  if (pi.customer && pm.customer && pm.customer !== pi.customer) {
    throw invalidRequest(
      `The provided PaymentMethod belongs to a different Customer than the one on this PaymentIntent.`,
      { param: 'payment_method' },
    );
  }
  const outcome = await confirmIntent(req.emu, tx, req.op, pi, pm, {
    origin: req.origin,
    returnUrl: str(req.params, 'return_url') ?? null,
  });
  if (outcome.declined) return { status: outcome.declined.status, body: outcome.declined.toBody() };
  return { body: await render(tx, outcome.pi, expandList(req.params)) };
}

/**
 * `POST /v1/payment_intents/:id/<action>`: faults may match on it by amount, and its handler works on the
 * intent locked for the rest of the request.
 */
function intentAction(
  action: 'confirm' | 'capture' | 'cancel',
  handler: (req: ApiRequest, tx: Tx, pi: PaymentIntentRow) => Promise<ApiResult>,
) {
  return route(
    `POST /v1/payment_intents/:id/${action}`,
    { fault: { operation: action, target: peekAmount } },
    async (req, tx) => handler(req, tx, await lockPaymentIntent(tx, req.path.id!, req.scope)),
  );
}

export const paymentIntentRoutes: Route[] = [
  route(
    'POST /v1/payment_intents',
    {
      fault: {
        operation: 'create',
        target: async (req) => ({
          paymentIntentId: null,
          amount: Number(req.params.amount) || null,
          account: req.scope.account,
        }),
      },
    },
    async (req, tx) => {
      const p = req.params;
      const amount = positiveInt(p, 'amount', true)!;
      const currency = str(p, 'currency', true).toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
      const minimum = MINIMUM_CHARGE[currency];
      if (minimum && amount < minimum) {
        throw invalidRequest(`Amount must be at least ${currency === 'gbp' ? '£0.30' : '50 cents'} ${currency}`, {
          code: 'amount_too_small',
          param: 'amount',
        });
      }
      const captureMethod =
        oneOf(p, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const) ?? 'automatic_async';
      const fee = int(p, 'application_fee_amount');
      if (fee !== undefined) {
        if (req.scope.account === PLATFORM) {
          throw invalidRequest(
            'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
            { param: 'application_fee_amount' },
          );
        }
        if (fee < 0 || fee > amount) {
          throw invalidRequest('The application fee amount must be between 0 and the PaymentIntent amount.', {
            param: 'application_fee_amount',
          });
        }
      }
      await assertCanCharge(tx, req.scope);
      const customer = str(p, 'customer');
      if (customer)
        await findScoped(tx, 'emulator_customers', customer, req.scope, { kind: 'customer', param: 'customer' });
      const paymentMethod = str(p, 'payment_method');
      const id = newId('pi');
      let pi = await tx
        .insertInto('emulator_payment_intents')
        .values({
          id,
          mode: req.scope.mode,
          account: req.scope.account,
          amount,
          currency,
          status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
          capture_method: captureMethod,
          application_fee_amount: fee ?? null,
          description: str(p, 'description') ?? null,
          metadata: JSON.stringify(metadata(p) ?? {}),
          payment_method: null,
          payment_method_types: JSON.stringify(strList(p, 'payment_method_types') ?? ['card']),
          customer: customer ?? null,
          client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
          latest_charge: null,
          request_three_d_secure: requestThreeDSecure(p) ?? 'automatic',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (bool(p, 'confirm')) {
        if (!paymentMethod)
          throw invalidRequest('You must provide a payment_method to confirm.', { param: 'payment_method' });
        return confirmAndAnswer(req, tx, pi, paymentMethod);
      }
      if (paymentMethod) {
        const pm = await resolvePaymentMethod(tx, req.scope, paymentMethod);
        pi = await tx
          .updateTable('emulator_payment_intents')
          .set({ payment_method: pm.id })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return { body: await render(tx, pi, expandList(p)) };
    },
  ),
  route('GET /v1/payment_intents/:id', async (req, tx) => {
    const pi = await findScoped(tx, 'emulator_payment_intents', req.path.id!, req.scope, {
      kind: 'payment_intent',
      param: 'intent',
    });
    return { body: await render(tx, pi, expandList(req.params)) };
  }),
  intentAction('confirm', async (req, tx, locked) => {
    const requested = requestThreeDSecure(req.params);
    const pi = requested
      ? await tx
          .updateTable('emulator_payment_intents')
          .set({ request_three_d_secure: requested })
          .where('id', '=', locked.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : locked;
    const paymentMethod = str(req.params, 'payment_method');
    if (paymentMethod) return confirmAndAnswer(req, tx, pi, paymentMethod);
    if (pi.payment_method) return confirmAndAnswer(req, tx, pi, pi.payment_method);
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, pass a payment_method.",
      { code: 'payment_intent_unexpected_state', param: 'payment_method' },
    );
  }),
  intentAction('capture', async (req, tx, pi) => {
    const { pi: updated } = await captureIntent(req.emu, tx, req.op, pi, {
      amountToCapture: positiveInt(req.params, 'amount_to_capture'),
      applicationFeeAmount: int(req.params, 'application_fee_amount'),
    });
    return { body: await render(tx, updated, expandList(req.params)) };
  }),
  intentAction('cancel', async (req, tx, pi) => {
    const reason = oneOf(req.params, 'cancellation_reason', [
      'abandoned',
      'duplicate',
      'fraudulent',
      'requested_by_customer',
    ] as const);
    const updated = await cancelIntent(req.emu, tx, req.op, pi, reason);
    return { body: await render(tx, updated, expandList(req.params)) };
  }),
];
