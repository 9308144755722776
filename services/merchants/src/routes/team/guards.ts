import { type Action, authorize, type Database, type MerchantContext, type Role } from '@groupsplit/shared';
import type { Context, Next } from 'koa';
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

/** Route step after merchantContext(): the role check comes before the body is looked at. */
export const allow =
  (action: Action, message?: string) =>
  (ctx: Context, next: Next): Promise<unknown> => {
    const context = ctx.state.merchantContext;
    authorize(context, action, context.merchant, message);
    return next();
  };
