import {
  badRequest,
  businessForbidden,
  canManageRole,
  MESSAGES,
  MembershipsRepository,
  type MerchantContext,
  recordCallerAudit,
  validate,
  validBody,
} from '@groupsplit/shared';
import type Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { lockTeam, type Trx } from './guards';
import { TEAM_MESSAGES } from './messages';
import { invalidRole, MemberParamsSchema, memberNotFound, RoleChangeSchema } from './schema';

/** Locks the team, then the member (404 if not of this business); the caller's role is re-read inside the lock. */
async function lockMember(trx: Trx, context: MerchantContext, membershipId: string) {
  const { callerRole } = await lockTeam(trx, context);
  const member = await new MembershipsRepository(trx).findMember(context.merchant.id, membershipId, {
    forUpdate: true,
  });
  if (!member) throw memberNotFound();
  return { callerRole, member };
}

/** Re-role and remove. The Owner is out of reach of both: nobody manages the owner role. */
export function registerMemberRoutes(router: Router, { db }: MerchantsDeps) {
  router.patch(
    '/api/merchants/team/members/:id',
    ...businessAction(db, 'team.manage', MESSAGES.cannotChangeRole),
    validate('params', MemberParamsSchema, memberNotFound),
    validate('body', RoleChangeSchema, invalidRole),
    async (ctx) => {
      const context = ctx.state.merchantContext;
      const { role } = validBody(ctx, RoleChangeSchema);
      const denied = () => businessForbidden(MESSAGES.cannotChangeRole);

      const updated = await db.transaction().execute(async (trx) => {
        const { callerRole, member } = await lockMember(trx, context, ctx.params.id as string);
        if (!callerRole || !canManageRole(callerRole, member.role) || !canManageRole(callerRole, role)) throw denied();
        if (member.role !== role) {
          await new MembershipsRepository(trx).setRole(member.id, role);
          await recordCallerAudit(trx, { ...context, role: callerRole }, 'team.member.role_changed', {
            before: { member_id: member.id, user_id: member.user_id, role: member.role },
            after: { member_id: member.id, user_id: member.user_id, role },
          });
        }
        return { id: member.id, role };
      });
      ctx.body = updated;
    },
  );

  router.delete(
    '/api/merchants/team/members/:id',
    ...businessAction(db, 'team.manage', TEAM_MESSAGES.cannotRemoveMember),
    validate('params', MemberParamsSchema, memberNotFound),
    async (ctx) => {
      const context = ctx.state.merchantContext;

      await db.transaction().execute(async (trx) => {
        const { callerRole, member } = await lockMember(trx, context, ctx.params.id as string);
        if (member.user_id === context.userId) throw badRequest(MESSAGES.cannotRemoveSelf, 'cannot_remove_self');
        if (!callerRole || !canManageRole(callerRole, member.role)) {
          throw businessForbidden(TEAM_MESSAGES.cannotRemoveMember);
        }
        // Access is resolved from memberships on every request, so deleting the row ends it at once.
        await new MembershipsRepository(trx).remove(member.id);
        await recordCallerAudit(trx, { ...context, role: callerRole }, 'team.member.removed', {
          before: { member_id: member.id, user_id: member.user_id, role: member.role },
        });
      });
      ctx.body = { ok: true };
    },
  );
}
