import type { Database } from '@groupsplit/shared';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { type Mode, PLATFORM, type Scope, type Tx } from './context';
import { EmulatorError, noSuch } from './errors';

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

/** The caller's own rows of `table` (its account, in its mode), for a list call to filter and order further. */
export function selectScoped<T extends ScopedTable>(
  tx: Tx,
  table: T,
  scope: Scope,
): SelectQueryBuilder<Database, T, Selectable<Database[T]>> {
  return (tx as unknown as Kysely<{ scoped: ScopedColumns }>)
    .selectFrom(table as unknown as 'scoped')
    .selectAll()
    .where((eb) => eb.and({ mode: scope.mode, account: scope.account })) as unknown as SelectQueryBuilder<
    Database,
    T,
    Selectable<Database[T]>
  >;
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

/**
 * The scope a call acts in: the platform's own, or the connected account `account` names (Stripe's
 * `Stripe-Account`). An account unknown in this mode is Stripe's 403 `account_invalid`, with `message`.
 */
export async function accountScope(
  tx: Tx,
  mode: Mode,
  account: string,
  message: (account: string) => string,
): Promise<Scope> {
  if (!account) return { mode, account: PLATFORM };
  const row = await findAccount(tx, account, mode);
  if (!row) {
    throw new EmulatorError({
      type: 'invalid_request_error',
      status: 403,
      code: 'account_invalid',
      message: message(account),
      replayable: false,
    });
  }
  return { mode, account: row.id };
}
