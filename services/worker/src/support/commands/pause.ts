import { MerchantsRepository, recordAudit } from '@groupsplit/shared';
import { merchantIdArg, requiredFlag, SupportCommandError } from '../args';
import type { SupportCommand, SupportDeps } from './types';

/** Pauses or lifts the pause, audited with the operator's name; answers how the business is named back. */
async function setPaused(
  { db }: SupportDeps,
  merchantId: string,
  change: { paused: true; reason: string; actor: string } | { paused: false; actor: string },
) {
  return db.transaction().execute(async (trx) => {
    const merchants = new MerchantsRepository(trx);
    const merchant = await merchants.lock(merchantId, 'update');
    if (!merchant) throw new SupportCommandError(`No merchant ${merchantId}`);
    if (change.paused && merchant.paused_at) {
      throw new SupportCommandError(`${merchant.name} is already paused (since ${merchant.paused_at.toISOString()})`);
    }
    if (!change.paused && !merchant.paused_at) throw new SupportCommandError(`${merchant.name} is not paused`);
    const after = change.paused
      ? { paused_at: new Date(), paused_reason: change.reason }
      : { paused_at: null, paused_reason: null };
    await merchants.update(merchantId, after);
    // audit_log has no column for a non-user actor's name, so the operator is named in `after`.
    await recordAudit(trx, {
      merchantId,
      actorUserId: null,
      actorRole: 'support',
      action: change.paused ? 'business.paused' : 'business.unpaused',
      before: { paused_at: merchant.paused_at, paused_reason: merchant.paused_reason },
      after: { ...after, actor: change.actor },
    });
    return `${merchant.name} (${merchantId})`;
  });
}

export const pauseCommand: SupportCommand = {
  usage: 'pause <merchantId> --reason "<why>" --actor <name>',
  summary: 'Make a workspace read-only for every role, Owner included',
  async run(args, deps) {
    const merchantId = merchantIdArg(args.positional);
    const reason = requiredFlag(args, 'reason');
    const business = await setPaused(deps, merchantId, { paused: true, reason, actor: requiredFlag(args, 'actor') });
    return `Paused ${business}: ${reason}`;
  },
};

export const unpauseCommand: SupportCommand = {
  usage: 'unpause <merchantId> --actor <name>',
  summary: 'Lift a pause',
  async run(args, deps) {
    const merchantId = merchantIdArg(args.positional);
    const business = await setPaused(deps, merchantId, { paused: false, actor: requiredFlag(args, 'actor') });
    return `Unpaused ${business}`;
  },
};
