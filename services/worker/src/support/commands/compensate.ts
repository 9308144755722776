import { requiredFlag } from '../args';
import { splitIdArg } from './split-support';
import { sendSupportAction } from './support-action';
import type { SupportCommand } from './types';

export const compensateCommand: SupportCommand = {
  usage: 'compensate <splitId> --actor <name> [--reason "<why>"]',
  summary:
    'Give up a split stuck in capturing: refund the shares already captured, release the other holds; ends capture_failed',
  async run(args, deps) {
    const splitId = splitIdArg(args);
    const actor = requiredFlag(args, 'actor');
    const reason =
      typeof args.flags.reason === 'string' ? args.flags.reason.trim() : 'compensation requested by support';
    return sendSupportAction(deps, { splitId, kind: 'compensate', actor, reason });
  },
};
