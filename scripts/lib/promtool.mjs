// Finds promtool (Debian's `prometheus` package) for the alert-rule tests, installing it with apt-get when it
// is missing (root only), as scripts/lib/chromium.mjs does for the browser. `npm test` calls ensurePromtool()
// before Jest starts, so no test waits on an install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/promtool', '/usr/local/bin/promtool'];

const found = () => process.env.PROMTOOL_PATH ?? CANDIDATES.find((path) => existsSync(path)) ?? null;

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
}

/** promtool's path; installs Debian's prometheus package (which ships it) first when it is not there. */
export function ensurePromtool() {
  const existing = found();
  if (existing) return existing;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error('promtool is not installed: run `apt-get install -y prometheus` as root, or set PROMTOOL_PATH');
  }
  console.log('[tools] apt-get install -y prometheus for promtool (first run only)');
  run('apt-get', ['update']);
  // The package's service is not started here (no init system in CI); only its promtool is used.
  run('apt-get', ['install', '-y', '--no-install-recommends', 'prometheus']);
  const installed = found();
  if (!installed) throw new Error('apt-get installed prometheus but no promtool was found');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensurePromtool());
}
