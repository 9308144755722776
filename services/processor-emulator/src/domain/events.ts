import { type Emu, type Mode, type OpContext, PLATFORM, type Tx } from '../context';
import { newId } from '../ids';
import { paymentIntentJson } from '../objects';
import type { PaymentIntentRow } from '../rows';

// The events the emulator records and delivers, as Stripe sends them.

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

/** An event about a PaymentIntent, carrying its state after the change. */
export function emitIntentEvent(
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
