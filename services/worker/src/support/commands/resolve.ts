import { requiredFlag, SupportUsageError } from '../args';
import { splitIdArg } from './split-support';
import { sendSupportAction } from './support-action';
import type { SupportCommand } from './types';

const FINAL_STATUSES = ['captured', 'capture_failed', 'canceled'] as const;
type FinalStatus = (typeof FINAL_STATUSES)[number];

export const resolveCommand: SupportCommand = {
  usage: 'resolve <splitId> --reason "<what was done>" --actor <name> [--status captured|capture_failed|canceled]',
  summary:
    'Record that support settled a stuck split by hand (no processor calls); ends capture_failed from capturing, ' +
    'canceled from canceling, unless --status says otherwise',
  async run(args, deps) {
    const splitId = splitIdArg(args);
    const reason = requiredFlag(args, 'reason');
    const actor = requiredFlag(args, 'actor');
    let status: FinalStatus | undefined;
    if (args.flags.status !== undefined) {
      const given = requiredFlag(args, 'status');
      if (!FINAL_STATUSES.includes(given as FinalStatus)) {
        throw new SupportUsageError(`--status must be one of ${FINAL_STATUSES.join(', ')}`);
      }
      status = given as FinalStatus;
    }
    return sendSupportAction(deps, { splitId, kind: 'resolve', actor, reason, status });
  },
};
