import { MembershipsRepository, MerchantsRepository, recordAudit, UsersRepository } from '@groupsplit/shared';
import { merchantIdArg, requiredFlag, SupportCommandError } from '../args';
import type { SupportCommand } from './types';

/**
 * Support's answer to a re-verification after an ownership transfer: once the new owner's
 * identity (and, for a company, its registry entry) has been checked by hand, the owner is
 * marked identity-verified and the business verified again, which lifts the live-payment and
 * live-key blocks.
 */
export const verifyOwnerCommand: SupportCommand = {
  usage: 'verify-owner <merchantId> --actor <name> --evidence "<what was checked>"',
  summary: 'Mark the current owner verified after a manual identity check',
  async run(args, { db }) {
    const merchantId = merchantIdArg(args.positional);
    const actor = requiredFlag(args, 'actor');
    const evidence = requiredFlag(args, 'evidence');
    return db.transaction().execute(async (trx) => {
      const merchants = new MerchantsRepository(trx);
      const merchant = await merchants.lock(merchantId, 'update');
      if (!merchant) throw new SupportCommandError(`No merchant ${merchantId}`);
      if (merchant.verification_status === 'verified') {
        throw new SupportCommandError(`${merchant.name} is already verified`);
      }
      const owner = { user_id: await new MembershipsRepository(trx).ownerUserId(merchantId) };
      await new UsersRepository(trx).markIdentityVerified([owner.user_id]);
      await merchants.update(merchantId, { verification_status: 'verified' });
      await recordAudit(trx, {
        merchantId,
        actorUserId: null,
        actorRole: 'support',
        action: 'business.owner_verified',
        before: { verification_status: merchant.verification_status },
        after: { verification_status: 'verified', owner_user_id: owner.user_id, actor, evidence },
      });
      return `Verified the owner of ${merchant.name} (${merchantId})`;
    });
  },
};
