import type { Database } from '@groupsplit/shared';
import type { Updateable } from 'kysely';
import type { Scope, Tx } from '../context';
import { noSuch } from '../errors';
import type { PaymentIntentRow } from '../rows';

// A PaymentIntent's row: the lock, its latest charge, one write, and the states each step accepts.

/** Writes `changes` to one payment intent and returns the row as it now stands. */
export async function setIntent(trx: Tx, id: string, changes: Updateable<Database['emulator_payment_intents']>) {
  return trx
    .updateTable('emulator_payment_intents')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const HOLD_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

export const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
// A `requires_action` intent may be confirmed again (another card, or the same one after an abandoned challenge).
export const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

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
