import type { Config, Db, TemporalHandle } from '@groupsplit/shared';
import type { ParsedArgs } from '../args';

/** Split commands need config (processor, Temporal) and use `temporal` when given, else connect themselves. */
export type SupportDeps = { db: Db; config?: Config; temporal?: TemporalHandle };

/** One operator command: `npm run support -- <name> …`. */
export type SupportCommand = {
  usage: string;
  summary: string;
  /** Returns the line printed on success; throws SupportUsageError or SupportCommandError. */
  run(args: ParsedArgs, deps: SupportDeps): Promise<string>;
};
