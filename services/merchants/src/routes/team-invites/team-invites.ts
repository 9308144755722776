import {
  conflict,
  forbidden,
  MESSAGES,
  MembershipsRepository,
  MerchantsRepository,
  maskEmail,
  recordAudit,
  sessionPrincipal,
  sha256Hex,
  TeamInvitesRepository,
  UsersRepository,
  validate,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { InviteTokenParamsSchema, invalidInvitation } from './schema';

/**
 * The invitee's side: a public preview and the accept call. Neither uses the merchant
 * context: the invitee may not belong to any business yet.
 */
export function teamInviteRoutes({ db }: MerchantsDeps): Router {
  const router = new Router();

  router.get(
    '/api/merchants/team-invites/:token',
    validate('params', InviteTokenParamsSchema, invalidInvitation),
    async (ctx) => {
      const invite = await new TeamInvitesRepository(db).findOpenByTokenHash(sha256Hex(ctx.params.token as string));
      if (!invite) throw invalidInvitation();
      const business = await new MerchantsRepository(db).get(invite.merchant_id);
      ctx.body = {
        business_name: business.name,
        role: invite.role,
        email_masked: maskEmail(invite.email),
        expires_at: invite.expires_at,
      };
    },
  );

  router.post(
    '/api/merchants/team-invites/:token/accept',
    validate('params', InviteTokenParamsSchema, invalidInvitation),
    async (ctx) => {
      const principal = sessionPrincipal(ctx.state.principal);
      const merchantId = await db.transaction().execute(async (trx) => {
        // The row lock makes a double click or two tabs accept once; the second sees `accepted`.
        const invites = new TeamInvitesRepository(trx);
        const invite = await invites.lockByTokenHash(sha256Hex(ctx.params.token as string));
        if (!invite || invite.status === 'expired') throw invalidInvitation();
        if (invite.status !== 'pending') {
          throw conflict(MESSAGES.inviteUsed, 'invite_used');
        }
        if (invite.expires_at <= new Date()) throw invalidInvitation();
        const user = await new UsersRepository(trx).get(principal.userId);
        if (user.email.toLowerCase() !== invite.email.toLowerCase()) {
          throw forbidden(MESSAGES.wrongInvitee(invite.email), 'invite_email_mismatch');
        }
        const memberships = new MembershipsRepository(trx);
        if (await memberships.findByUser(invite.merchant_id, user.id)) {
          throw conflict(MESSAGES.alreadyMember, 'already_member');
        }

        const membership = await memberships.add({
          merchantId: invite.merchant_id,
          userId: user.id,
          role: invite.role,
        });
        const acceptedAt = new Date();
        await invites.markAccepted(invite.id, user.id, acceptedAt);
        await recordAudit(trx, {
          merchantId: invite.merchant_id,
          actorUserId: user.id,
          actorRole: invite.role,
          action: 'team.invite.accepted',
          before: { invite_id: invite.id, email: invite.email, role: invite.role, status: 'pending' },
          after: { invite_id: invite.id, member_id: membership.id, user_id: user.id, role: membership.role },
        });
        return invite.merchant_id;
      });
      ctx.body = { ok: true, merchant_id: merchantId };
    },
  );

  return router;
}
