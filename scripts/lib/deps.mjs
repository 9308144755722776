// Installs npm dependencies when they are missing or older than the lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

export function ensureNodeModules() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  // Not `npm ci`: the registry this project installs from serves only the platform packages
  // of the machines it runs on, so the lockfile cannot list every optional platform binary
  // and `npm ci` refuses it. `npm install` honours the lockfile for everything it lists.
  console.log('[deps] npm install');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm install failed; see the output above.');
}
