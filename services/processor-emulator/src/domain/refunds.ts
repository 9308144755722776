// Refunds, disputes and the platform fee's own refunds on a captured PaymentIntent.
import type { Emu, OpContext, Scope, Tx } from '../context';
import { invalidRequest, noSuch } from '../errors';
import { newId } from '../ids';
import { chargeJson, disputeJson } from '../objects';
import type { ChargeRow, PaymentIntentRow, RefundRow } from '../rows';
import { emitEvent, formatAmount } from './events';
import { latestCharge } from './intents';

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
