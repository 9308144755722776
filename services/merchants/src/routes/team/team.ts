import { MembershipsRepository, ROLES, TeamInvitesRepository } from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { registerInviteRoutes } from './invites';
import { registerMemberRoutes } from './members';
import { presentInvite, presentMember } from './presenters';
import { registerTransferRoute } from './transfer';

/** The signed-in business's team: members, pending invitations, role changes and ownership. */
export function teamRoutes(deps: MerchantsDeps): Router {
  const { db } = deps;
  const router = new Router();

  router.get('/api/merchants/team', ...businessAction(db, 'team.view'), async (ctx) => {
    const context = ctx.state.merchantContext;
    const [members, invites] = await Promise.all([
      new MembershipsRepository(db).teamOf(context.merchant.id),
      new TeamInvitesRepository(db).pendingOf(context.merchant.id),
    ]);
    // Owner first, then by seniority of role, then by who joined first.
    members.sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role));
    ctx.body = {
      current_role: context.role,
      current_user_id: context.userId,
      members: members.map(presentMember),
      invites: invites.map(presentInvite),
    };
  });

  registerInviteRoutes(router, deps);
  registerMemberRoutes(router, deps);
  registerTransferRoute(router, deps);
  return router;
}
