import type { Role } from '@groupsplit/core';
import { type AppError, conflict, isUuid, MESSAGES, notFound, unauthorized } from '@groupsplit/core';
import type { Db, MerchantRow } from '@groupsplit/db';
import { MembershipsRepository } from '@groupsplit/db';
import type { Principal } from '@groupsplit/http';
import type { Context, Next } from 'koa';

export type { MerchantRow };

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

/**
 * The business a signed-in person is acting for, and their role in it. With one
 * business it resolves by itself; with several the header must pick one.
 */
export async function resolveMerchantContext(
  db: Db,
  userId: string,
  selectedMerchantId: string | undefined,
  noMerchant: () => AppError = () => notFound(MESSAGES.noMerchant),
): Promise<MerchantContext> {
  if (selectedMerchantId && !isUuid(selectedMerchantId)) throw noMerchant();
  const rows = await new MembershipsRepository(db).merchantsOf(userId, { merchantId: selectedMerchantId, limit: 2 });
  if (rows.length === 0) throw noMerchant();
  if (rows.length > 1) throw conflict(MESSAGES.selectionRequired, 'business_selection_required');
  const { membership_id, membership_role, ...merchant } = rows[0]!;
  return { merchant: merchant as MerchantRow, role: membership_role, membershipId: membership_id, userId };
}

export function sessionPrincipal(principal: Principal) {
  if (principal.kind !== 'session') throw unauthorized(MESSAGES.unauthorized);
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
