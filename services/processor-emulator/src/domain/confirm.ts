import type { Database } from '@groupsplit/shared';
import type { Insertable } from 'kysely';
import { type Emu, type OpContext, PLATFORM, type Scope, type Tx } from '../context';
import { EmulatorError, invalidRequest } from '../errors';
import { newId } from '../ids';
import { paymentIntentJson, paymentMethodJson } from '../objects';
import type { ChargeRow, PaymentIntentRow, PaymentMethodRow } from '../rows';
import { findScoped } from '../scoped';
import { type CardDecline, isTestCardId, TEST_CARDS } from '../test-cards';
import { emitIntentEvent } from './events';
import { CONFIRMABLE, HOLD_VALIDITY_MS, setIntent } from './intents';

// Confirming a PaymentIntent: the card's behaviour, its charge, 3-D Secure and a payment that failed.

/** A usable PaymentMethod: a magic test id makes a fresh one (as Stripe does), else it must exist in scope. */
export async function resolvePaymentMethod(trx: Tx, scope: Scope, id: string, param = 'payment_method') {
  if (isTestCardId(id)) {
    const { card } = TEST_CARDS[id]!;
    return trx
      .insertInto('emulator_payment_methods')
      .values({
        id: newId('pm'),
        mode: scope.mode,
        account: scope.account,
        test_card: id,
        ...card,
        metadata: '{}',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return findScoped(trx, 'emulator_payment_methods', id, scope, { kind: 'PaymentMethod', param });
}

/** How the card behaves on this intent: differently for some cards when the intent requests 3-D Secure. */
function behaviourOn(pi: PaymentIntentRow, pm: PaymentMethodRow) {
  const card = TEST_CARDS[pm.test_card];
  if (!card) return { outcome: 'succeed' as const };
  return pi.request_three_d_secure === 'any' || pi.request_three_d_secure === 'challenge'
    ? card.whenRequested
    : card.behaviour;
}

export function cardDecline(pm: PaymentMethodRow) {
  const behaviour = TEST_CARDS[pm.test_card]?.behaviour ?? { outcome: 'succeed' as const };
  return behaviour.outcome === 'decline' ? behaviour : null;
}

/** What every charge a confirmation creates takes from its intent and PaymentMethod, declined or not. */
/** A new charge of `pi` on card `pm`: what every charge copies from the two, plus how this one went. */
function insertCharge(
  trx: Tx,
  pi: PaymentIntentRow,
  pm: PaymentMethodRow,
  outcome: Omit<Insertable<Database['emulator_charges']>, keyof ReturnType<typeof chargeOf>>,
): Promise<ChargeRow> {
  return trx
    .insertInto('emulator_charges')
    .values({ ...chargeOf(pi, pm), ...outcome })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function chargeOf(pi: PaymentIntentRow, pm: PaymentMethodRow) {
  return {
    id: newId('ch'),
    mode: pi.mode,
    account: pi.account,
    payment_intent: pi.id,
    amount: pi.amount,
    currency: pi.currency,
    payment_method: pm.id,
    card: JSON.stringify({
      brand: pm.brand,
      last4: pm.last4,
      exp_month: pm.exp_month,
      exp_year: pm.exp_year,
      funding: pm.funding,
      country: pm.country,
      // A wallet card's charge says so too (payment_method_details.card.wallet).
      wallet: TEST_CARDS[pm.test_card]?.wallet ?? null,
    }),
    description: pi.description,
    metadata: JSON.stringify(pi.metadata),
  };
}

export type ConfirmOutcome = { pi: PaymentIntentRow; charge: ChargeRow | null; declined: EmulatorError | null };

/** Where the cardholder confirms a payment their issuer asked about (the test challenge page, challenge.ts). */
export type ChallengeRequest = { origin: string; returnUrl: string | null };

function challengeUrl(origin: string, pi: PaymentIntentRow) {
  return `${origin}/_emulator/authenticate/${encodeURIComponent(pi.id)}?client_secret=${encodeURIComponent(pi.client_secret)}`;
}

/** Stripe's next_action: a redirect when the confirm named a return_url, else the card is left to Stripe.js. */
function nextActionFor(pi: PaymentIntentRow, challenge: ChallengeRequest) {
  const url = challengeUrl(challenge.origin, pi);
  if (challenge.returnUrl) {
    return { type: 'redirect_to_url', redirect_to_url: { url, return_url: challenge.returnUrl } };
  }
  return { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
}

/**
 * Charges (or authorises, for manual capture) the PaymentMethod; a declining test card leaves the
 * intent reusable; a card whose issuer asks for authentication leaves it `requires_action` until
 * the cardholder answers the challenge (completeChallenge / failChallenge).
 */
export async function confirmIntent(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  pm: PaymentMethodRow,
  challenge: ChallengeRequest = { origin: '', returnUrl: null },
): Promise<ConfirmOutcome> {
  if (!CONFIRMABLE.includes(pi.status)) {
    throw invalidRequest(
      `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const behaviour = behaviourOn(pi, pm);
  if (behaviour.outcome === 'authenticate') {
    const updated = await setIntent(trx, pi.id, {
      status: 'requires_action',
      payment_method: pm.id,
      next_action: JSON.stringify(nextActionFor(pi, challenge)),
      return_url: challenge.returnUrl,
      last_payment_error: null,
      updated_at: new Date(),
    });
    await emitIntentEvent(emu, trx, op, updated, 'payment_intent.requires_action');
    return { pi: updated, charge: null, declined: null };
  }
  if (behaviour.outcome === 'decline') return declineCharge(emu, trx, op, pi, pm, behaviour);
  return authoriseCharge(emu, trx, op, pi, pm);
}

/** The card field Stripe names in the error for a refusal about one field. */
const DECLINE_PARAM: Partial<Record<CardDecline['code'], string>> = {
  expired_card: 'exp_year',
  incorrect_cvc: 'cvc',
};

async function declineCharge(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  pm: PaymentMethodRow,
  decline: CardDecline,
): Promise<ConfirmOutcome> {
  const charge = await insertCharge(trx, pi, pm, {
    status: 'failed',
    paid: false,
    capture_before: null,
    application_fee_id: null,
    application_fee_amount: pi.application_fee_amount,
    failure_code: decline.code,
    failure_message: decline.message,
    decline_code: decline.declineCode,
  });
  const lastError = {
    charge: charge.id,
    code: decline.code,
    decline_code: decline.declineCode,
    doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    message: decline.message,
    ...(DECLINE_PARAM[decline.code] ? { param: DECLINE_PARAM[decline.code] } : {}),
    payment_method: paymentMethodJson(pm),
    type: 'card_error',
  };
  const updated = await paymentFailed(emu, trx, op, pi, lastError, charge.id);
  const declined = new EmulatorError({
    type: 'card_error',
    code: decline.code,
    declineCode: decline.declineCode,
    message: decline.message,
    param: DECLINE_PARAM[decline.code],
    extra: {
      charge: charge.id,
      payment_intent: paymentIntentJson(updated),
      payment_method: paymentMethodJson(pm),
      request_log_url: null,
    },
    shouldRetry: false,
  });
  return { pi: updated, charge, declined };
}

async function authoriseCharge(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  pm: PaymentMethodRow,
): Promise<ConfirmOutcome> {
  const now = new Date();
  const manual = pi.capture_method === 'manual';
  const connected = pi.account !== PLATFORM;
  const fee = pi.application_fee_amount;
  const charge = await insertCharge(trx, pi, pm, {
    status: 'succeeded',
    paid: true,
    captured: !manual,
    amount_captured: manual ? 0 : pi.amount,
    capture_before: manual
      ? (emu.settings.captureBefore.get(pi.id) ?? new Date(now.getTime() + HOLD_VALIDITY_MS))
      : null,
    application_fee_id: !manual && connected && fee ? newId('fee') : null,
    application_fee_amount: fee,
    failure_code: null,
    failure_message: null,
    decline_code: null,
  });
  const updated = await setIntent(trx, pi.id, {
    status: manual ? 'requires_capture' : 'succeeded',
    amount_capturable: manual ? pi.amount : 0,
    amount_received: manual ? 0 : pi.amount,
    latest_charge: charge.id,
    payment_method: pm.id,
    last_payment_error: null,
    next_action: null,
    updated_at: now,
  });
  await emitIntentEvent(
    emu,
    trx,
    op,
    updated,
    manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    manual ? { amount_capturable: 0 } : undefined,
  );
  return { pi: updated, charge, declined: null };
}

/** The card a challenge is open for: only a `requires_action` intent has one (null once answered or released). */
async function challengedCard(trx: Tx, pi: PaymentIntentRow) {
  if (pi.status !== 'requires_action' || !pi.payment_method) return null;
  return trx
    .selectFrom('emulator_payment_methods')
    .selectAll()
    .where('id', '=', pi.payment_method)
    .executeTakeFirstOrThrow();
}

/**
 * The cardholder passed the challenge: the payment goes on as the card says after one (an
 * authorisation, or the 1629 / 3178 cards' declines). Only a `requires_action` intent has a
 * challenge open; on any other (released meanwhile, or answered already) nothing changes.
 */
export async function completeChallenge(emu: Emu, trx: Tx, op: OpContext, pi: PaymentIntentRow) {
  const pm = await challengedCard(trx, pi);
  if (!pm) return pi;
  const behaviour = behaviourOn(pi, pm);
  const after = behaviour?.outcome === 'authenticate' ? behaviour.afterChallenge : { outcome: 'succeed' as const };
  const outcome =
    after.outcome === 'decline'
      ? await declineCharge(emu, trx, op, pi, pm, after)
      : await authoriseCharge(emu, trx, op, pi, pm);
  return outcome.pi;
}

/** The cardholder failed (or refused) the challenge: the intent wants a payment method again, as Stripe's does. */
export async function failChallenge(emu: Emu, trx: Tx, op: OpContext, pi: PaymentIntentRow) {
  const pm = await challengedCard(trx, pi);
  if (!pm) return pi;
  const lastError = {
    code: 'payment_intent_authentication_failure',
    doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: paymentMethodJson(pm),
    type: 'invalid_request_error',
  };
  return paymentFailed(emu, trx, op, pi, lastError, pi.latest_charge);
}

/** A payment that did not go through (a decline, a failed challenge): the intent wants a payment method again. */
async function paymentFailed(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  lastError: Record<string, unknown>,
  latestCharge: string | null,
) {
  const updated = await setIntent(trx, pi.id, {
    status: 'requires_payment_method',
    last_payment_error: JSON.stringify(lastError),
    latest_charge: latestCharge,
    payment_method: null,
    next_action: null,
    updated_at: new Date(),
  });
  await emitIntentEvent(emu, trx, op, updated, 'payment_intent.payment_failed');
  return updated;
}
