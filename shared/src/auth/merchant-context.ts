import type { Context, Next } from 'koa';
import type { Db } from '../db';
import type { MerchantsTable } from '../db/schema/identity';
import { AppError } from '../errors';
import type { Principal } from '../http/principal';
import type { Role } from './policy';

type Selectable<T> = { [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K] };
export type MerchantRow = Selectable<MerchantsTable>;

export type MerchantContext = {
  merchant: MerchantRow;
  role: Role;
  membershipId: string;
  userId: string;
};

declare module 'koa' {
  interface DefaultState {
    merchantContext: MerchantContext;
  }
}

export const MERCHANT_SELECTION_HEADER = 'x-service-merchant-id';
export const NO_MERCHANT_MESSAGE = 'No merchant for this user';
export const SELECTION_REQUIRED_MESSAGE =
  'This login belongs to more than one business: send x-service-merchant-id to choose one';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The business a signed-in person is acting for, and their role in it. With one
 * business it resolves by itself; with several the header must pick one.
 */
export async function resolveMerchantContext(
  db: Db,
  userId: string,
  selectedMerchantId: string | undefined,
  noMerchant: () => AppError = () => new AppError(404, NO_MERCHANT_MESSAGE),
): Promise<MerchantContext> {
  let query = db
    .selectFrom('memberships')
    .innerJoin('merchants', 'merchants.id', 'memberships.merchant_id')
    .selectAll('merchants')
    .select(['memberships.id as membership_id', 'memberships.role as membership_role'])
    .where('memberships.user_id', '=', userId);
  if (selectedMerchantId) {
    if (!UUID.test(selectedMerchantId)) throw noMerchant();
    query = query.where('memberships.merchant_id', '=', selectedMerchantId);
  }
  const rows = await query.limit(2).execute();
  if (rows.length === 0) throw noMerchant();
  if (rows.length > 1) throw new AppError(409, SELECTION_REQUIRED_MESSAGE, 'business_selection_required');
  const { membership_id, membership_role, ...merchant } = rows[0]!;
  return { merchant: merchant as MerchantRow, role: membership_role, membershipId: membership_id, userId };
}

export function sessionPrincipal(principal: Principal) {
  if (principal.kind !== 'session') throw new AppError(401, 'Unauthorized');
  return principal;
}

/** Koa middleware: sets ctx.state.merchantContext for the signed-in caller. */
export function merchantContext(db: Db, options: { noMerchant?: () => AppError } = {}) {
  return async (ctx: Context, next: Next) => {
    const principal = sessionPrincipal(ctx.state.principal);
    ctx.state.merchantContext = await resolveMerchantContext(
      db,
      principal.userId,
      ctx.get(MERCHANT_SELECTION_HEADER) || undefined,
      options.noMerchant,
    );
    return next();
  };
}
