import { compensateCommand } from './compensate';
import { importLegacyKeyCommand } from './import-legacy-key';
import { pauseCommand, unpauseCommand } from './pause';
import { reconcileCommand } from './reconcile';
import { resolveCommand } from './resolve';
import { retryCommand } from './retry';
import { splitCommand } from './split';
import { stuckCommand } from './stuck';
import type { SupportCommand } from './types';
import { verifyOwnerCommand } from './verify-owner';

export type { SupportCommand, SupportDeps } from './types';

/** Every operator command by name; add new ones here. */
export const SUPPORT_COMMANDS: Record<string, SupportCommand> = {
  pause: pauseCommand,
  unpause: unpauseCommand,
  'import-legacy-key': importLegacyKeyCommand,
  split: splitCommand,
  stuck: stuckCommand,
  retry: retryCommand,
  compensate: compensateCommand,
  resolve: resolveCommand,
  'verify-owner': verifyOwnerCommand,
  reconcile: reconcileCommand,
};
