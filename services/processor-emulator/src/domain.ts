import type { Database } from '@groupsplit/shared';
import type { Insertable, Updateable } from 'kysely';
import { type Emu, type Mode, type OpContext, PLATFORM, type Scope, type Tx } from './context';
import { EmulatorError, invalidRequest, noSuch } from './errors';
import { newId } from './ids';
import { accountJson, chargeJson, disputeJson, paymentIntentJson, paymentMethodJson } from './objects';
import type { AccountRow, ChargeRow, PaymentIntentRow, PaymentMethodRow, RefundRow } from './rows';
import { findScoped } from './scoped';
import { type CardDecline, isTestCardId, TEST_CARDS } from './test-cards';

/** Writes `changes` to one payment intent and returns the row as it now stands. */
async function setIntent(trx: Tx, id: string, changes: Updateable<Database['emulator_payment_intents']>) {
  return trx
    .updateTable('emulator_payment_intents')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The emulator's state machine, shared by the Stripe-shaped API and the control API.
 * Every function runs inside the caller's transaction and records the events it causes.
 */

const HOLD_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
// A `requires_action` intent may be confirmed again (another card, or the same one after an abandoned challenge).
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function formatAmount(pence: number, currency: string) {
  const symbol = currency === 'gbp' ? '£' : currency === 'usd' ? '$' : currency === 'eur' ? '€' : '';
  return `${symbol}${(pence / 100).toFixed(2)}${symbol ? '' : ` ${currency}`}`;
}

export async function emitEvent(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  event: {
    mode: Mode;
    account: string | null;
    type: string;
    object: Record<string, unknown>;
    previousAttributes?: Record<string, unknown>;
    paymentIntent?: string | null;
  },
): Promise<string> {
  const id = newId('evt');
  const endpoint = emu.deliverer.endpointFor(event.mode);
  await trx
    .insertInto('emulator_events')
    .values({
      id,
      mode: event.mode,
      account: event.account === PLATFORM ? null : event.account,
      type: event.type,
      data: JSON.stringify({
        object: event.object,
        ...(event.previousAttributes ? { previous_attributes: event.previousAttributes } : {}),
      }),
      request_id: op.requestId,
      idempotency_key: op.idempotencyKey,
      payment_intent: event.paymentIntent ?? null,
      endpoint,
      delivery_status: endpoint ? 'pending' : 'disabled',
    })
    .execute();
  op.emitted.push(id);
  return id;
}

// ---------------------------------------------------------------------------- accounts

export type AccountFlags = Partial<
  Pick<AccountRow, 'charges_enabled' | 'details_submitted' | 'payouts_enabled' | 'owner_identity_verified'>
>;

/** Changes an account's onboarding flags; sends `account.updated` when anything visible changed. */
export async function updateAccountFlags(emu: Emu, trx: Tx, op: OpContext, accountId: string, flags: AccountFlags) {
  const account = await trx
    .selectFrom('emulator_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw noSuch('account', accountId);
  const previous: Record<string, unknown> = {};
  for (const key of ['charges_enabled', 'details_submitted', 'payouts_enabled'] as const) {
    if (flags[key] !== undefined && flags[key] !== account[key]) previous[key] = account[key];
  }
  const updated = await trx
    .updateTable('emulator_accounts')
    .set({ ...flags, updated_at: new Date() })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (Object.keys(previous).length > 0) {
    const before = accountJson(account);
    await emitEvent(emu, trx, op, {
      mode: updated.mode,
      account: updated.id,
      type: 'account.updated',
      object: accountJson(updated),
      previousAttributes: { ...previous, capabilities: before.capabilities, requirements: before.requirements },
    });
  }
  return updated;
}

// ---------------------------------------------------------------------------- payment methods

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

// ---------------------------------------------------------------------------- payment intents

export async function lockPaymentIntent(trx: Tx, id: string, scope: Scope | null) {
  let query = trx.selectFrom('emulator_payment_intents').selectAll().where('id', '=', id);
  if (scope) query = query.where('mode', '=', scope.mode).where('account', '=', scope.account);
  const pi = await query.forUpdate().executeTakeFirst();
  if (!pi) throw noSuch('payment_intent', id, 'intent');
  return pi;
}

export async function latestCharge(trx: Tx, pi: PaymentIntentRow, lock = false) {
  if (!pi.latest_charge) return null;
  let query = trx.selectFrom('emulator_charges').selectAll().where('id', '=', pi.latest_charge);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/** An event about a PaymentIntent, carrying its state after the change. */
function emitIntentEvent(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  updated: PaymentIntentRow,
  type: string,
  previousAttributes?: Record<string, unknown>,
) {
  return emitEvent(emu, trx, op, {
    mode: updated.mode,
    account: updated.account,
    type,
    object: paymentIntentJson(updated),
    previousAttributes,
    paymentIntent: updated.id,
  });
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
const DECLINE_PARAM: Partial<Record<CardDecline['code'], string>> = { expired_card: 'exp_year', incorrect_cvc: 'cvc' };

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

export async function captureIntent(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  options: { amountToCapture?: number; applicationFeeAmount?: number } = {},
) {
  if (pi.status !== 'requires_capture') {
    throw invalidRequest(
      `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const charge = await latestCharge(trx, pi, true);
  if (!charge) throw invalidRequest('This PaymentIntent has no charge to capture.');
  const now = new Date();
  if (charge.capture_before && charge.capture_before < now) {
    throw invalidRequest('This PaymentIntent could not be captured because the authorization has expired.', {
      code: 'charge_expired_for_capture',
    });
  }
  const amount = options.amountToCapture ?? pi.amount_capturable;
  if (amount > pi.amount_capturable) {
    throw invalidRequest(
      `The amount_to_capture (${amount}) must be less than or equal to the PaymentIntent's amount_capturable (${pi.amount_capturable}).`,
      { code: 'amount_too_large', param: 'amount_to_capture' },
    );
  }
  const fee = options.applicationFeeAmount ?? pi.application_fee_amount;
  if (fee !== null && fee > amount) {
    throw invalidRequest('The application fee cannot be greater than the amount captured.', {
      param: 'application_fee_amount',
    });
  }
  const connected = pi.account !== PLATFORM;
  const capturedCharge = await trx
    .updateTable('emulator_charges')
    .set({
      captured: true,
      amount_captured: amount,
      application_fee_amount: fee,
      application_fee_id: connected && fee ? newId('fee') : null,
    })
    .where('id', '=', charge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const updated = await trx
    .updateTable('emulator_payment_intents')
    .set((eb) => ({
      status: 'succeeded',
      amount_received: amount,
      amount_capturable: 0,
      application_fee_amount: fee,
      capture_calls: eb('capture_calls', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', pi.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await emitIntentEvent(emu, trx, op, updated, 'payment_intent.succeeded', {
    status: 'requires_capture',
    amount_received: 0,
    amount_capturable: pi.amount_capturable,
  });
  return { pi: updated, charge: capturedCharge };
}

export async function cancelIntent(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  reason: string | undefined,
): Promise<PaymentIntentRow> {
  if (!CANCELABLE.includes(pi.status)) {
    throw invalidRequest(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      { code: 'payment_intent_unexpected_state' },
    );
  }
  const updated = await setIntent(trx, pi.id, {
    status: 'canceled',
    canceled_at: new Date(),
    cancellation_reason: reason ?? null,
    amount_capturable: 0,
    next_action: null,
    updated_at: new Date(),
  });
  await emitIntentEvent(emu, trx, op, updated, 'payment_intent.canceled', { status: pi.status });
  return updated;
}

// ---------------------------------------------------------------------------- refunds

export type RefundOptions = {
  amount?: number;
  reason?: string;
  refundApplicationFee: boolean;
  metadata: Record<string, string>;
  source: 'api' | 'dashboard';
};

/**
 * Refunds part or all of the captured charge. With refund_application_fee the platform's fee is
 * refunded in proportion to the amount refunded (cumulatively, so refunding everything with the
 * flag returns the whole fee).
 */
export async function refundIntent(
  emu: Emu,
  trx: Tx,
  op: OpContext,
  pi: PaymentIntentRow,
  options: RefundOptions,
): Promise<{ refund: RefundRow; charge: ChargeRow }> {
  const charge = await latestCharge(trx, pi, true);
  if (!charge?.captured || charge.status !== 'succeeded') {
    throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
      code: 'charge_not_refundable',
    });
  }
  if (charge.disputed) {
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: 'charge_disputed',
    });
  }
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = options.amount ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }

  let feeRefunded = 0;
  const fee = charge.application_fee_amount ?? 0;
  if (options.refundApplicationFee && charge.application_fee_id && fee > 0) {
    const before = await trx
      .selectFrom('emulator_refunds')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('flagged'),
        eb.fn.coalesce(eb.fn.sum<number>('application_fee_refunded'), eb.lit(0)).as('fee'),
      ])
      .where('charge', '=', charge.id)
      .where('refund_application_fee', '=', true)
      .executeTakeFirstOrThrow();
    const target = Math.round((fee * (Number(before.flagged) + amount)) / charge.amount_captured);
    feeRefunded = Math.max(0, Math.min(target - Number(before.fee), fee - charge.application_fee_refunded));
  }

  const refund = await trx
    .insertInto('emulator_refunds')
    .values({
      id: newId('re'),
      mode: pi.mode,
      account: pi.account,
      charge: charge.id,
      payment_intent: pi.id,
      amount,
      currency: charge.currency,
      status: 'succeeded',
      reason: options.reason ?? null,
      metadata: JSON.stringify(options.metadata),
      refund_application_fee: options.refundApplicationFee,
      application_fee_refunded: feeRefunded,
      source: options.source,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const refundedTotal = charge.amount_refunded + amount;
  const updatedCharge = await trx
    .updateTable('emulator_charges')
    .set({
      amount_refunded: refundedTotal,
      refunded: refundedTotal >= charge.amount_captured,
      application_fee_refunded: charge.application_fee_refunded + feeRefunded,
    })
    .where('id', '=', charge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await emitEvent(emu, trx, op, {
    mode: pi.mode,
    account: pi.account,
    type: 'charge.refunded',
    object: chargeJson(updatedCharge),
    previousAttributes: { amount_refunded: charge.amount_refunded, refunded: charge.refunded },
    paymentIntent: pi.id,
  });
  return { refund, charge: updatedCharge };
}

export async function disputeIntent(emu: Emu, trx: Tx, op: OpContext, pi: PaymentIntentRow, reason = 'fraudulent') {
  const charge = await latestCharge(trx, pi, true);
  if (!charge?.captured || charge.status !== 'succeeded') {
    throw invalidRequest(`PaymentIntent ${pi.id} has no captured charge to dispute.`);
  }
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} is already disputed.`);
  const dispute = await trx
    .insertInto('emulator_disputes')
    .values({
      id: newId('dp'),
      mode: pi.mode,
      account: pi.account,
      charge: charge.id,
      payment_intent: pi.id,
      amount: charge.amount_captured - charge.amount_refunded,
      currency: charge.currency,
      reason,
      status: 'needs_response',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.updateTable('emulator_charges').set({ disputed: true }).where('id', '=', charge.id).execute();
  await emitEvent(emu, trx, op, {
    mode: pi.mode,
    account: pi.account,
    type: 'charge.dispute.created',
    object: disputeJson(dispute),
    paymentIntent: pi.id,
  });
  return dispute;
}

/** Refund on the platform's application fee itself (POST /v1/application_fees/:id/refunds). */
export async function refundApplicationFee(
  trx: Tx,
  scope: Scope,
  feeId: string,
  options: { amount?: number; metadata: Record<string, string> },
) {
  const charge = await trx
    .selectFrom('emulator_charges')
    .selectAll()
    .where('application_fee_id', '=', feeId)
    .where('mode', '=', scope.mode)
    .forUpdate()
    .executeTakeFirst();
  if (!charge) throw noSuch('application fee', feeId, 'id');
  const fee = charge.application_fee_amount ?? 0;
  const remaining = fee - charge.application_fee_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Application fee ${feeId} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = options.amount ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on application fee (${formatAmount(remaining, charge.currency)})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  const refund = await trx
    .insertInto('emulator_fee_refunds')
    .values({
      id: newId('fr'),
      mode: scope.mode,
      fee: feeId,
      charge: charge.id,
      amount,
      metadata: JSON.stringify(options.metadata),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('emulator_charges')
    .set({ application_fee_refunded: charge.application_fee_refunded + amount })
    .where('id', '=', charge.id)
    .execute();
  return { refund, currency: charge.currency };
}
