import { sessionPrincipal } from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';

/** GET /api/merchants/workspaces: every business the login belongs to; empty for none. */
export function workspacesRoutes({ db }: MerchantsDeps): Router {
  const router = new Router();

  router.get('/api/merchants/workspaces', async (ctx) => {
    const { userId } = sessionPrincipal(ctx.state.principal);
    const rows = await db
      .selectFrom('memberships')
      .innerJoin('merchants', 'merchants.id', 'memberships.merchant_id')
      .select(['merchants.id as merchant_id', 'merchants.name', 'memberships.role'])
      .where('memberships.user_id', '=', userId)
      .orderBy('memberships.joined_at')
      .orderBy('merchants.id')
      .execute();
    ctx.body = { workspaces: rows.map(({ merchant_id, name, role }) => ({ merchant_id, name, role })) };
  });

  return router;
}
