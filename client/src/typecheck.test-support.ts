import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Helpers of the client's compile tests (not a test file itself). */
const ROOT = join(__dirname, '..', '..');

/** A shop's own strict settings; `@groupsplit/client` resolves to the client's sources (its `@groupsplit/source` condition). */
export const SHOP_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    customConditions: ['@groupsplit/source'],
    skipLibCheck: true,
    types: ['node'],
  },
};

/**
 * Type-checks `files` as a shop's own strict TypeScript would (SHOP_TSCONFIG, written beside them as
 * tsconfig.json), in a directory of this run inside the repository so that `@groupsplit/client` resolves
 * as it does for the example shop. Returns tsc's exit status and output.
 */
export function typecheck(files: Record<string, string>): { status: number | null; output: string } {
  const dir = join(process.env.TEST_RUN_DIR!, `client-compile-${process.hrtime.bigint().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...SHOP_TSCONFIG, files: Object.keys(files) }, null, 2));
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}
