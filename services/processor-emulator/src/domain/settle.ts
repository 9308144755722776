import { type Emu, type OpContext, PLATFORM, type Tx } from '../context';
import { invalidRequest } from '../errors';
import { newId } from '../ids';
import type { PaymentIntentRow } from '../rows';
import { emitIntentEvent } from './events';
import { CANCELABLE, latestCharge, setIntent } from './intents';

// Capturing and cancelling a held PaymentIntent.

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
