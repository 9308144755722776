import { requiredFlag } from '../args';
import { splitIdArg } from './split-support';
import { sendSupportAction } from './support-action';
import type { SupportCommand } from './types';

export const retryCommand: SupportCommand = {
  usage: 'retry <splitId> --actor <name> [--reason "<why>"]',
  summary: 'Retry a split stuck in capturing (captures again) or canceling (releases again), once the cause is fixed',
  async run(args, deps) {
    const splitId = splitIdArg(args);
    const actor = requiredFlag(args, 'actor');
    const reason = typeof args.flags.reason === 'string' ? args.flags.reason.trim() : 'retry requested by support';
    return sendSupportAction(deps, { splitId, kind: 'retry', actor, reason });
  },
};
