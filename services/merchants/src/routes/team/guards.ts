import { type Database, MembershipsRepository, type MerchantContext } from '@groupsplit/shared';
import type { Transaction } from 'kysely';

export type Trx = Transaction<Database>;

/**
 * Serialises team changes per business: locks the merchant row and re-reads the caller's
 * role, which a concurrent transfer or role change may have moved since the request began.
 */
export async function lockTeam(trx: Trx, context: MerchantContext) {
  const merchant = await trx
    .selectFrom('merchants')
    .select(['id', 'name', 'business_type', 'paused_at'])
    .where('id', '=', context.merchant.id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  const callerRole = await new MembershipsRepository(trx).roleOf(context.merchant.id, context.userId);
  return { merchant, callerRole: callerRole ?? undefined };
}
