import {
  badRequest,
  conflict,
  MESSAGES,
  MembershipsRepository,
  MerchantsRepository,
  recordAudit,
  validate,
  validBody,
} from '@groupsplit/shared';
import type Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { lockTeam } from './guards';
import { invalidTransfer, TransferSchema } from './schema';

/** Business types whose verification also needs the company registry to list the owner. */
const REGISTRY_CHECKED_TYPES = new Set(['limited_company', 'limited_liability_partnership']);

/**
 * Verification restarts for the new owner. Nothing here can ask the company registry about
 * the new owner, so a registry-checked business that would otherwise pass goes to manual review.
 */
export function verificationAfterTransfer(newOwnerVerified: boolean, businessType: string): string {
  if (!newOwnerVerified) return 'pending_identity';
  if (REGISTRY_CHECKED_TYPES.has(businessType)) return 'manual_review';
  return 'verified';
}

export function registerTransferRoute(router: Router, { db }: MerchantsDeps) {
  router.post(
    '/api/merchants/team/transfer-ownership',
    ...businessAction(db, 'ownership.transfer', MESSAGES.onlyOwnerTransfers),
    validate('body', TransferSchema, invalidTransfer),
    async (ctx) => {
      const context = ctx.state.merchantContext;
      const { member_id, confirmation } = validBody(ctx, TransferSchema);

      const result = await db.transaction().execute(async (trx) => {
        // The merchant row lock makes concurrent transfers queue; the loser sees it is no longer the owner.
        const { merchant, callerRole } = await lockTeam(trx, context);
        if (callerRole !== 'owner') throw conflict(MESSAGES.ownershipChanged, 'ownership_changed');
        if (confirmation !== merchant.name) {
          throw badRequest(MESSAGES.confirmationMismatch, 'confirmation_mismatch');
        }
        const memberships = new MembershipsRepository(trx);
        const target = await memberships.findMember(merchant.id, member_id);
        if (!target || target.user_id === context.userId) {
          throw badRequest(MESSAGES.chooseAnotherMember, 'invalid_member');
        }
        const before = {
          verification_status: merchant.verification_status,
          verification_grandfathered: merchant.verification_grandfathered,
        };

        // Demote first: the database allows one owner per business at any instant.
        await memberships.setRole(context.membershipId, 'admin');
        await memberships.setRole(target.id, 'owner');
        const verificationStatus = verificationAfterTransfer(target.identity_verified, merchant.business_type);
        // Grandfathering covered the previous owner's history; the new owner is verified afresh.
        await new MerchantsRepository(trx).update(merchant.id, {
          verification_status: verificationStatus,
          verification_grandfathered: false,
        });
        await recordAudit(trx, {
          merchantId: merchant.id,
          actorUserId: context.userId,
          actorRole: 'owner',
          action: 'team.ownership.transferred',
          before: {
            owner_member_id: context.membershipId,
            owner_user_id: context.userId,
            new_owner_previous_role: target.role,
            ...before,
          },
          after: {
            owner_member_id: target.id,
            owner_user_id: target.user_id,
            previous_owner_role: 'admin',
            verification_status: verificationStatus,
            verification_grandfathered: false,
          },
        });
        return { owner_member_id: target.id, verification_status: verificationStatus };
      });
      ctx.body = { ok: true, ...result };
    },
  );
}
