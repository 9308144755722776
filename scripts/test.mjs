// `npm test`: install what is missing, then lint, typecheck and every workspace's tests
// against real Postgres and a real Temporal dev server (started by the Jest global setup).
// The dashboard is built first (skipped when its sources are unchanged): the gateway serves it.
import { spawnSync } from 'node:child_process';
import { prepareForJest } from './lib/before-jest.mjs';
import { ROOT } from './lib/paths.mjs';

function run(label, command, args) {
  console.log(`\n==> ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} failed`);
    process.exit(result.status ?? 1);
  }
}

await prepareForJest();

const jestArgs = process.argv.slice(2);
if (jestArgs.length === 0) {
  run('lint and format (biome)', 'npx', ['biome', 'check', '.']);
  run('typecheck (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json']);
  // The dashboard's browser code has its own settings (DOM, JSX); its Node side is in the project above.
  run('typecheck the dashboard app (tsc)', 'npx', ['tsc', '-p', 'dashboard/app']);
}
run('tests (jest)', 'npx', ['jest', ...jestArgs]);
