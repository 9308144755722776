import { parseArgs, SupportCommandError, SupportUsageError } from './args';
import { SUPPORT_COMMANDS, type SupportDeps } from './commands';

export type SupportOutput = { out: (line: string) => void; err: (line: string) => void };

export function usage(): string {
  const lines = Object.values(SUPPORT_COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `Usage: npm run support -- <command> …\n${lines.join('\n')}`;
}

/** Runs one command line; returns the process exit code (0 done, 1 refused, 2 misused). */
export async function runSupportCommand(
  argv: readonly string[],
  deps: SupportDeps,
  io: SupportOutput,
): Promise<number> {
  const args = parseArgs(argv);
  const name = args.positional[0];
  const command = name ? SUPPORT_COMMANDS[name] : undefined;
  if (!command) {
    io.err(name ? `Unknown command: ${name}\n${usage()}` : usage());
    return 2;
  }
  try {
    io.out(await command.run(args, deps));
    return 0;
  } catch (error) {
    if (error instanceof SupportUsageError) {
      io.err(`${error.message}\nUsage: npm run support -- ${command.usage}`);
      return 2;
    }
    if (error instanceof SupportCommandError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
