import { MembershipsRepository, sessionPrincipal } from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';

/** GET /api/merchants/workspaces: every business the login belongs to; empty for none. */
export function workspacesRoutes({ db }: MerchantsDeps): Router {
  const router = new Router();

  router.get('/api/merchants/workspaces', async (ctx) => {
    const { userId } = sessionPrincipal(ctx.state.principal);
    const rows = await new MembershipsRepository(db).workspacesOf(userId);
    ctx.body = { workspaces: rows.map(({ merchant_id, name, role }) => ({ merchant_id, name, role })) };
  });

  return router;
}
