// An account's onboarding flags, as the control API and the hosted onboarding page change them.
import type { Emu, OpContext, Tx } from '../context';
import { noSuch } from '../errors';
import { accountJson } from '../objects';
import type { AccountRow } from '../rows';
import { emitEvent } from './events';

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
