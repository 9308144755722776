import { type Database, MembershipsRepository, type MerchantContext, MerchantsRepository } from '@groupsplit/shared';
import type { Transaction } from 'kysely';

export type Trx = Transaction<Database>;

/**
 * Serialises team changes per business: locks the merchant row and re-reads the caller's
 * role, which a concurrent transfer or role change may have moved since the request began.
 */
export async function lockTeam(trx: Trx, context: MerchantContext) {
  const merchant = await new MerchantsRepository(trx).lock(context.merchant.id);
  if (!merchant) throw new Error(`merchant ${context.merchant.id} is gone`);
  const callerRole = await new MembershipsRepository(trx).roleOf(context.merchant.id, context.userId);
  return { merchant, callerRole: callerRole ?? undefined };
}
