import type { Database, MerchantContext, Role } from '@groupsplit/shared';
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
  const membership = await trx
    .selectFrom('memberships')
    .select(['id', 'role'])
    .where('merchant_id', '=', context.merchant.id)
    .where('user_id', '=', context.userId)
    .executeTakeFirst();
  return { merchant, callerRole: membership?.role as Role | undefined };
}
