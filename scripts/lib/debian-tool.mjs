// Finds a program that comes from one of Debian's packages, installing the package with apt-get when the
// program is missing (root only): Chromium for the browser tests, promtool for the alert-rule tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
}

/**
 * The program's path: its `<PROGRAM>_PATH` variable (CHROMIUM_PATH, PROMTOOL_PATH) if set, else the
 * first of `paths` that exists, else apt-get installs `debianPackage` (without its recommends) and
 * looks again.
 */
export function ensureDebianTool({ program, paths, debianPackage, why }) {
  const envVar = `${program.toUpperCase()}_PATH`;
  const found = () => process.env[envVar] || paths.find((path) => existsSync(path)) || null;
  const existing = found();
  if (existing) return existing;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(
      `${program} is not installed: run \`apt-get install -y ${debianPackage}\` as root, or set ${envVar}`,
    );
  }
  console.log(`[tools] apt-get install -y ${debianPackage} (${why}; first run only, this can take a few minutes)`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', debianPackage]);
  const installed = found();
  if (!installed) throw new Error(`apt-get installed ${debianPackage} but no ${program} was found`);
  return installed;
}

/** Debian's chromium, for the browser tests. */
export const CHROMIUM = {
  program: 'chromium',
  paths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
  debianPackage: 'chromium',
  why: 'the browser tests',
};

/** promtool, which Debian ships in its `prometheus` package, for the alert-rule tests. */
export const PROMTOOL = {
  program: 'promtool',
  paths: ['/usr/bin/promtool', '/usr/local/bin/promtool'],
  debianPackage: 'prometheus',
  why: 'promtool, for the alert-rule tests',
};
