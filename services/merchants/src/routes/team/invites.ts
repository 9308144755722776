import {
  badGateway,
  businessForbidden,
  canManageRole,
  conflict,
  MESSAGES,
  MembershipsRepository,
  type MerchantContext,
  type Role,
  recordCallerAudit,
  TeamInvitesRepository,
  UsersRepository,
  validate,
  validBody,
} from '@groupsplit/shared';
import type Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { lockTeam, type Trx } from './guards';
import { newInviteToken, sendInviteEmail } from './invite-mail';
import { presentInvite } from './presenters';
import { InviteParamsSchema, InviteSchema, invalidInvite, pendingInviteNotFound } from './schema';

const cannotGrant = () => businessForbidden(MESSAGES.cannotGrant);
const invitePending = () => conflict(MESSAGES.invitePending, 'invite_pending');
const inviteEmailFailed = () => badGateway(MESSAGES.inviteEmailFailed, 'invite_email_failed');

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** Re-checked inside the lock: the caller's role may have changed since the request began. */
function requireManages(callerRole: Role | undefined, role: Role): Role {
  if (!callerRole || !canManageRole(callerRole, role)) throw cannotGrant();
  return callerRole;
}

/** Locks the team, then the pending invitation; the caller's role must manage the invited role. */
async function lockPendingInvite(trx: Trx, context: MerchantContext, inviteId: string) {
  const team = await lockTeam(trx, context);
  const invite = await new TeamInvitesRepository(trx).lockPending(context.merchant.id, inviteId);
  if (!invite) throw pendingInviteNotFound();
  return { invite, callerRole: requireManages(team.callerRole, invite.role) };
}

/** Invite, resend and revoke; all need a role that manages the invited role. */
export function registerInviteRoutes(router: Router, deps: MerchantsDeps) {
  const { db } = deps;

  const inviterName = async (userId: string) => new UsersRepository(db).nameOf(userId);

  const mailInvite = async (
    context: MerchantContext,
    invite: { email: string; role: string },
    link: { token: string; expiresAt: Date },
  ) =>
    sendInviteEmail(deps, {
      merchantId: context.merchant.id,
      businessName: context.merchant.name,
      inviterName: await inviterName(context.userId),
      email: invite.email,
      role: invite.role,
      ...link,
    });

  router.post(
    '/api/merchants/team/invites',
    ...businessAction(db, 'team.manage', MESSAGES.cannotGrant),
    validate('body', InviteSchema, invalidInvite),
    async (ctx) => {
      const context = ctx.state.merchantContext;
      const { email, role } = validBody(ctx, InviteSchema);
      if (!canManageRole(context.role, role)) throw cannotGrant();

      const { token, tokenHash, expiresAt } = newInviteToken();
      const invite = await db
        .transaction()
        .execute(async (trx) => {
          const callerRole = requireManages((await lockTeam(trx, context)).callerRole, role);
          const member = await new MembershipsRepository(trx).findByEmail(context.merchant.id, email);
          if (member) throw conflict(MESSAGES.alreadyMember, 'already_member');
          const invites = new TeamInvitesRepository(trx);
          const pending = await invites.findPendingForEmail(context.merchant.id, email);
          if (pending && pending.expires_at > new Date()) throw invitePending();
          if (pending) {
            // A lapsed invitation gives way to the new one instead of blocking the address for ever.
            await invites.markExpired(pending.id);
          }
          const created = await invites.create({
            merchantId: context.merchant.id,
            email,
            role: role as Exclude<Role, 'owner'>,
            tokenHash,
            invitedBy: context.userId,
            expiresAt,
          });
          await recordCallerAudit(trx, { ...context, role: callerRole }, 'team.invite.created', {
            after: presentInvite(created),
          });
          return created;
        })
        .catch((error) => {
          if (isUniqueViolation(error)) throw invitePending();
          throw error;
        });

      const sent = await mailInvite(context, invite, { token, expiresAt });
      if (!sent) {
        await db.transaction().execute(async (trx) => {
          await new TeamInvitesRepository(trx).revoke(invite.id, new Date(), true);
          await recordCallerAudit(trx, context, 'team.invite.revoked', {
            before: presentInvite(invite),
            after: { reason: 'email_failed' },
          });
        });
        throw inviteEmailFailed();
      }
      ctx.status = 201;
      ctx.body = presentInvite(invite);
    },
  );

  // Resend and revoke act on one pending invitation of the caller's business, as a team manager.
  const onePendingInvite = [
    ...businessAction(db, 'team.manage'),
    validate('params', InviteParamsSchema, pendingInviteNotFound),
  ] as const;

  router.post('/api/merchants/team/invites/:id/resend', ...onePendingInvite, async (ctx) => {
    const context = ctx.state.merchantContext;
    const inviteId = ctx.params.id as string;
    const { token, tokenHash, expiresAt } = newInviteToken();

    const previous = await db.transaction().execute(async (trx) => {
      const { invite, callerRole } = await lockPendingInvite(trx, context, inviteId);
      await new TeamInvitesRepository(trx).renew(invite.id, tokenHash, expiresAt);
      await recordCallerAudit(trx, { ...context, role: callerRole }, 'team.invite.resent', {
        before: { expires_at: invite.expires_at },
        after: { expires_at: expiresAt },
      });
      return invite;
    });

    const sent = await mailInvite(context, previous, { token, expiresAt });
    if (!sent) {
      // The new link never reached anyone, so the one already in the invitee's inbox works again.
      await db.transaction().execute(async (trx) => {
        const restored = await new TeamInvitesRepository(trx).restoreLink(previous.id, tokenHash, {
          tokenHash: previous.token_hash,
          expiresAt: previous.expires_at,
        });
        if (!restored) return;
        await recordCallerAudit(trx, context, 'team.invite.resend_failed', {
          before: { expires_at: expiresAt },
          after: { expires_at: previous.expires_at, reason: 'email_failed' },
        });
      });
      throw inviteEmailFailed();
    }
    ctx.body = { ok: true, expires_at: expiresAt };
  });

  router.delete('/api/merchants/team/invites/:id', ...onePendingInvite, async (ctx) => {
    const context = ctx.state.merchantContext;
    const inviteId = ctx.params.id as string;
    await db.transaction().execute(async (trx) => {
      const { invite, callerRole } = await lockPendingInvite(trx, context, inviteId);
      const revokedAt = new Date();
      await new TeamInvitesRepository(trx).revoke(invite.id, revokedAt);
      await recordCallerAudit(trx, { ...context, role: callerRole }, 'team.invite.revoked', {
        before: presentInvite(invite),
        after: { status: 'revoked' },
      });
    });
    ctx.body = { ok: true };
  });
}
