import { type Config, clearedRefreshCookie, refreshCookie, SessionFamiliesRepository } from '@groupsplit/shared';
import type { Context } from 'koa';
import type { MerchantsDeps } from '../../deps';

/** Sets the refresh cookie (docs/security.md, "Sessions that survive a reload"); no cache may keep the answer. */
export function setRefreshCookie(ctx: Context, config: Config, token: string, familyEndsAt: Date) {
  ctx.append('Set-Cookie', refreshCookie(config, token, familyEndsAt));
  ctx.set('Cache-Control', 'no-store');
}

export function clearRefreshCookie(ctx: Context, config: Config) {
  ctx.append('Set-Cookie', clearedRefreshCookie(config));
  ctx.set('Cache-Control', 'no-store');
}

/** Sign-out: the family of the signing-out access token ends (all its tokens with it) and the cookie goes. */
export async function endSignedOutFamily(ctx: Context, { config, db }: MerchantsDeps, sessionId: string) {
  const families = new SessionFamiliesRepository(db);
  const familyId = await families.familyOfAccessToken(sessionId);
  if (familyId) await families.revoke(familyId, 'signed_out');
  clearRefreshCookie(ctx, config);
}
