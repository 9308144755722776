import type { Database } from '@groupsplit/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Mode, Scope, Tx } from './context';
import { noSuch } from './errors';

/** Objects made on one account in one mode, as Stripe keeps them: another account's or mode's id does not exist. */
type ScopedTable =
  | 'emulator_customers'
  | 'emulator_payment_methods'
  | 'emulator_payment_intents'
  | 'emulator_charges'
  | 'emulator_refunds'
  | 'emulator_checkout_sessions'
  | 'emulator_setup_intents'
  | 'emulator_payment_method_domains';

/** What every scoped table has, which is all the lookup below needs to know of it. */
type ScopedColumns = { id: string; mode: string; account: string };

/**
 * The caller's own object of `table` by id, or Stripe's "No such <kind>" (404, naming `param`).
 * One lookup for every object the API reads by id, so none of them can forget the scope.
 */
export async function findScoped<T extends ScopedTable>(
  tx: Tx,
  table: T,
  id: string,
  scope: Scope,
  noSuchAnswer: { kind: string; param?: string },
): Promise<Selectable<Database[T]>> {
  const row = await (tx as unknown as Kysely<{ scoped: ScopedColumns }>)
    .selectFrom(table as unknown as 'scoped')
    .selectAll()
    .where('id', '=', id)
    .where('mode', '=', scope.mode)
    .where('account', '=', scope.account)
    .executeTakeFirst();
  if (!row) throw noSuch(noSuchAnswer.kind, id, noSuchAnswer.param);
  return row as unknown as Selectable<Database[T]>;
}

/** The connected account of this id in this mode, or undefined: accounts belong to a mode, not to another account. */
export async function findAccount(tx: Tx, id: string, mode: Mode) {
  return tx
    .selectFrom('emulator_accounts')
    .selectAll()
    .where('id', '=', id)
    .where('mode', '=', mode)
    .executeTakeFirst();
}
