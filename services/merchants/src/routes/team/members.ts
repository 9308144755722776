import {
  badRequest,
  businessForbidden,
  canManageRole,
  MESSAGES,
  MembershipsRepository,
  merchantContext,
  permit,
  recordCallerAudit,
  validate,
  validBody,
} from '@groupsplit/shared';
import type Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { lockTeam, type Trx } from './guards';
import { TEAM_MESSAGES } from './messages';
import { invalidRole, MemberParamsSchema, memberNotFound, RoleChangeSchema } from './schema';

const lockMember = (trx: Trx, merchantId: string, membershipId: string) =>
  new MembershipsRepository(trx).findMember(merchantId, membershipId, { forUpdate: true });

/** Re-role and remove. The Owner is out of reach of both: nobody manages the owner role. */
export function registerMemberRoutes(router: Router, { db }: MerchantsDeps) {
  router.patch(
    '/api/merchants/team/members/:id',
    merchantContext(db),
    permit('team.manage', MESSAGES.cannotChangeRole),
    validate('params', MemberParamsSchema, memberNotFound),
    validate('body', RoleChangeSchema, invalidRole),
    async (ctx) => {
      const context = ctx.state.merchantContext;
      const { role } = validBody(ctx, RoleChangeSchema);
      const denied = () => businessForbidden(MESSAGES.cannotChangeRole);

      const updated = await db.transaction().execute(async (trx) => {
        const { callerRole } = await lockTeam(trx, context);
        const member = await lockMember(trx, context.merchant.id, ctx.params.id as string);
        if (!member) throw memberNotFound();
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
    merchantContext(db),
    permit('team.manage', TEAM_MESSAGES.cannotRemoveMember),
    validate('params', MemberParamsSchema, memberNotFound),
    async (ctx) => {
      const context = ctx.state.merchantContext;

      await db.transaction().execute(async (trx) => {
        const { callerRole } = await lockTeam(trx, context);
        const member = await lockMember(trx, context.merchant.id, ctx.params.id as string);
        if (!member) throw memberNotFound();
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
