import { isUuid } from '@groupsplit/shared';
/** `pause <id> --reason "…" --actor alice` → positional ['pause', '<id>'], flags { reason, actor }. */
export type ParsedArgs = { positional: string[]; flags: Record<string, string | true> };

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--')) flags[name] = argv[++i] as string;
    else flags[name] = true;
  }
  return { positional, flags };
}

/** A flag that must carry a non-empty value. */
export function requiredFlag(args: ParsedArgs, name: string): string {
  const value = args.flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new SupportUsageError(`--${name} "<value>" is required`);
  return value.trim();
}

/** The operator typed the command wrong; the dispatcher prints the usage line with it. */
export class SupportUsageError extends Error {
  override name = 'SupportUsageError';
}

/** The command was well-formed but cannot be done (unknown merchant, already paused, …). */
export class SupportCommandError extends Error {
  override name = 'SupportCommandError';
}

/** The `<merchantId>` after the command name. */
export function merchantIdArg(positional: string[]): string {
  const id = positional[1];
  if (!id) throw new SupportUsageError('<merchantId> is required');
  if (!isUuid(id)) throw new SupportCommandError(`Not a merchant id: ${id}`);
  return id;
}
