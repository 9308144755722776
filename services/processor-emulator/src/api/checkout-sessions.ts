import { checkoutSessionJson, sessionStatus, setupIntentJson } from '../checkout-objects';
import type { Tx } from '../context';
import { invalidParam, invalidRequest } from '../errors';
import { newId } from '../ids';
import { int, metadata, str, strList } from '../params';
import { type ApiRequest, type Route, route } from '../pipeline';
import { findScoped } from '../scoped';

/** Stripe's bounds on a session's `expires_at`: 30 minutes to 24 hours after creation. */
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

function expiresAt(requested: number | undefined, now: Date) {
  const nowS = Math.floor(now.getTime() / 1000);
  if (requested === undefined) return new Date((nowS + MAX_EXPIRY_S) * 1000);
  if (requested < nowS + MIN_EXPIRY_S || requested > nowS + MAX_EXPIRY_S) {
    throw invalidParam(
      'expires_at',
      'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
      'parameter_invalid_integer',
    );
  }
  return new Date(requested * 1000);
}

/**
 * Checkout Sessions in `mode=setup` (docs/processor.md, "Hosted card set-up"): the session's `url`
 * is the emulator's card set-up page (../card-setup-page.ts); saving a card there completes the
 * session with a succeeded SetupIntent carrying the new PaymentMethod. Other modes are refused.
 */
/** The Checkout Session the path names, in the caller's scope; Stripe's 404 otherwise. */
const findSession = (req: ApiRequest, tx: Tx) =>
  findScoped(tx, 'emulator_checkout_sessions', req.path.id!, req.scope, { kind: 'checkout.session', param: 'session' });

export const checkoutSessionRoutes: Route[] = [
  route('POST /v1/checkout/sessions', async (req, tx) => {
    const p = req.params;
    const mode = str(p, 'mode', true);
    if (mode !== 'setup') {
      throw invalidParam('mode', `The processor emulator only supports mode=setup, not ${mode}.`, 'parameter_invalid');
    }
    const methods = strList(p, 'payment_method_types');
    if (methods?.some((m) => m !== 'card')) {
      throw invalidParam('payment_method_types', 'The processor emulator only offers card.', 'parameter_invalid');
    }
    const currency = str(p, 'currency')?.toLowerCase();
    if (!currency && !methods) {
      throw invalidParam(
        'currency',
        'currency is required in setup mode when payment_method_types is not set.',
        'parameter_missing',
      );
    }
    const successUrl = str(p, 'success_url', true);
    const cancelUrl = str(p, 'cancel_url');
    for (const [name, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (url !== undefined && !URL.canParse(url)) throw invalidParam(name, 'Not a valid URL', 'url_invalid');
    }
    const customerId = str(p, 'customer');
    if (customerId) {
      await findScoped(tx, 'emulator_customers', customerId, req.scope, { kind: 'customer', param: 'customer' });
    }
    const now = new Date();
    const session = await tx
      .insertInto('emulator_checkout_sessions')
      .values({
        id: newId(`cs_${req.scope.mode}`, 58),
        mode: req.scope.mode,
        account: req.scope.account,
        session_mode: mode,
        status: 'open',
        currency: currency ?? null,
        customer: customerId ?? null,
        client_reference_id: str(p, 'client_reference_id') ?? null,
        success_url: successUrl,
        cancel_url: cancelUrl ?? null,
        metadata: JSON.stringify(metadata(p) ?? {}),
        expires_at: expiresAt(int(p, 'expires_at'), now),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: checkoutSessionJson(session, req.origin) };
  }),
  route('GET /v1/checkout/sessions/:id', async (req, tx) => {
    const session = await findSession(req, tx);
    return { body: checkoutSessionJson(session, req.origin) };
  }),
  route('POST /v1/checkout/sessions/:id/expire', async (req, tx) => {
    const session = await findSession(req, tx);
    if (sessionStatus(session) !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${sessionStatus(session)}".`,
      );
    }
    const expired = await tx
      .updateTable('emulator_checkout_sessions')
      .set({ status: 'expired', expires_at: new Date() })
      .where('id', '=', session.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { body: checkoutSessionJson(expired, req.origin) };
  }),
  route('GET /v1/setup_intents/:id', async (req, tx) => {
    const si = await findScoped(tx, 'emulator_setup_intents', req.path.id!, req.scope, {
      kind: 'setup_intent',
      param: 'intent',
    });
    return { body: setupIntentJson(si) };
  }),
];
