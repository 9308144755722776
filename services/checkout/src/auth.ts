import { MESSAGES, type Principal, sessionPrincipal, unauthorized } from '@groupsplit/shared';
import type { Context, Next } from 'koa';

/**
 * Who may call a checkout route, as the gateway signed it (spec: Authentication). The gateway
 * already refuses the wrong credential; these narrow the principal's type and give a call that
 * reached the service some other way the same 401 the gateway would.
 */
export { sessionPrincipal };

export function apiKeyPrincipal(principal: Principal) {
  if (principal.kind !== 'api_key') throw unauthorized(MESSAGES.invalidApiKey);
  return principal;
}

export type ApiKeyPrincipal = ReturnType<typeof apiKeyPrincipal>;
export type SessionPrincipal = ReturnType<typeof sessionPrincipal>;
export type CallerKind = ApiKeyPrincipal['kind'] | SessionPrincipal['kind'];

const NARROW: Record<CallerKind, (principal: Principal) => unknown> = {
  api_key: apiKeyPrincipal,
  session: sessionPrincipal,
};

/**
 * Route step: refuses a caller of any other kind before the request is validated, with the 401
 * of the first kind listed. The handler then narrows with apiKeyPrincipal / sessionPrincipal.
 */
export const auth =
  (...kinds: [CallerKind, ...CallerKind[]]) =>
  (ctx: Context, next: Next): Promise<unknown> => {
    const principal: Principal = ctx.state.principal;
    if (!kinds.some((kind) => kind === principal.kind)) NARROW[kinds[0]](principal);
    return next();
  };
