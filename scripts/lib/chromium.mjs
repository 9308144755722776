// Finds Debian's chromium for the browser tests, installing it with apt-get when it is missing
// (root only). `npm test` calls ensureChromium() before Jest starts; the browser suites call it again
// (then it only finds the path) so that a bare `npx jest` run works too.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const found = () => process.env.CHROMIUM_PATH ?? CANDIDATES.find((path) => existsSync(path)) ?? null;

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
}

/** The chromium executable's path; installs the Debian package first when it is not there. */
export function ensureChromium() {
  const existing = found();
  if (existing) return existing;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error('chromium is not installed: run `apt-get install -y chromium` as root, or set CHROMIUM_PATH');
  }
  console.log('[tools] apt-get install -y chromium (first run only; this can take a few minutes)');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
  const installed = found();
  if (!installed) throw new Error('apt-get installed chromium but no executable was found');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
