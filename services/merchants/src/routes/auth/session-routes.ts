import {
  describeDevice,
  notFound,
  type Principal,
  SessionFamiliesRepository,
  sessionPrincipal,
  UsersRepository,
  unauthorized,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { MerchantsDeps } from '../../deps';
import { refuseCrossSiteRefresh } from './refresh-guard';
import { sessionBody } from './session-body';
import { clearRefreshCookie, setRefreshCookie } from './session-cookie';
import { SESSION_MESSAGES } from './session-schema';
import { createSession } from './sessions';

type Refreshed = { userId: string; familyId: string; familyEndsAt: Date; refreshToken: string };

/**
 * The dashboard's refresh sessions (docs/security.md, "Sessions that survive a reload"): the cookie
 * exchanged for a short-lived access token, and the Security page's list and revocation.
 */
export function sessionRoutes(deps: MerchantsDeps): Router {
  const { config, db, logger } = deps;
  const router = new Router();

  const sessionEnded = (ctx: Context) => {
    clearRefreshCookie(ctx, config);
    return unauthorized(SESSION_MESSAGES.ended, 'session_ended');
  };

  router.post('/api/auth/session/refresh', async (ctx) => {
    refuseCrossSiteRefresh(ctx, config);
    const principal: Principal = ctx.state.principal;
    const hash = principal.kind === 'anonymous' ? principal.refreshTokenHash : undefined;
    if (!hash) throw sessionEnded(ctx);
    const outcome = await db.transaction().execute(async (trx): Promise<Refreshed | { ended: string }> => {
      const families = new SessionFamiliesRepository(trx);
      const presented = await families.presented(hash);
      if (!presented) return { ended: 'unknown' };
      const { family, rotatedAt } = presented;
      if (family.revoked_at) return { ended: 'revoked' };
      if (rotatedAt) {
        // A credential already exchanged, shown again: a copy is in someone else's hands. End them all.
        await families.revoke(family.id, 'refresh_token_reused');
        logger.warn(
          {
            event: 'session.refresh_token_reused',
            familyId: family.id,
            userId: family.user_id,
            ip: ctx.state.principal.ip,
          },
          'A rotated refresh credential was used again; the session family is revoked',
        );
        return { ended: 'reused' };
      }
      const now = Date.now();
      if (family.expires_at.getTime() <= now) {
        await families.revoke(family.id, 'absolute_timeout');
        return { ended: 'absolute_timeout' };
      }
      if (family.last_used_at.getTime() + config.SESSION_IDLE_TIMEOUT_MS <= now) {
        await families.revoke(family.id, 'idle_timeout');
        return { ended: 'idle_timeout' };
      }
      const refreshToken = await families.rotate(family.id, hash, ctx.state.principal.ip);
      return { userId: family.user_id, familyId: family.id, familyEndsAt: family.expires_at, refreshToken };
    });
    if ('ended' in outcome) throw sessionEnded(ctx);
    const access = await createSession(db, outcome.userId, {
      id: outcome.familyId,
      expiresAt: outcome.familyEndsAt,
      ttlMs: config.SESSION_ACCESS_TOKEN_TTL_MS,
    });
    const user = await new UsersRepository(db).get(outcome.userId);
    setRefreshCookie(ctx, config, outcome.refreshToken, outcome.familyEndsAt);
    ctx.body = await sessionBody(deps, access, user);
  });

  router.get('/api/auth/sessions', async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const families = new SessionFamiliesRepository(db);
    const current = await families.familyOfAccessToken(principal.sessionId);
    const active = await families.active(principal.userId, config.SESSION_IDLE_TIMEOUT_MS);
    ctx.body = {
      sessions: active.map((family) => ({
        id: family.id,
        device: describeDevice(family.user_agent),
        user_agent: family.user_agent,
        ip_address: family.client_ip,
        created_at: family.created_at.toISOString(),
        last_used_at: family.last_used_at.toISOString(),
        expires_at: family.expires_at.toISOString(),
        current: family.id === current,
      })),
    };
  });

  router.post('/api/auth/sessions/revoke-all', async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const families = new SessionFamiliesRepository(db);
    const active = await families.active(principal.userId, config.SESSION_IDLE_TIMEOUT_MS);
    for (const family of active) await families.revoke(family.id, 'signed_out_everywhere');
    // Bearer sign-ins without a family (servers) end too: "everywhere" means every access token of this login.
    await families.endAccessTokens('user_id', principal.userId);
    clearRefreshCookie(ctx, config);
    ctx.body = { ok: true };
  });

  router.post('/api/auth/sessions/:id/revoke', async (ctx) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const families = new SessionFamiliesRepository(db);
    const id = ctx.params.id as string;
    const family = /^[0-9a-f-]{36}$/i.test(id) ? await families.ofUser(principal.userId, id) : undefined;
    if (!family || family.revoked_at) throw notFound(SESSION_MESSAGES.notFound, 'session_not_found');
    await families.revoke(family.id, 'revoked_by_user');
    if (family.id === (await families.familyOfAccessToken(principal.sessionId))) clearRefreshCookie(ctx, config);
    ctx.body = { ok: true };
  });

  return router;
}
