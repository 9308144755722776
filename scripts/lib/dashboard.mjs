// Builds the merchant dashboard (dashboard/, Vite) into dashboard/dist, or into another directory for
// `npm run build`. `ensureDashboardBuilt()` skips the build when nothing it was made from changed: the
// stamp beside the output lists the hash of every input (the app's files, its configuration, the
// workspace modules the last bundle contained and the versions of the build tools).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ROOT } from './paths.mjs';

export const DASHBOARD_DIR = join(ROOT, 'dashboard');
export const DASHBOARD_DIST = join(DASHBOARD_DIR, 'dist');
const STAMP = '.build-stamp.json';
const CONFIG = join(DASHBOARD_DIR, 'vite.config.mjs');
/** What styles.css @imports from another workspace: inlined by Vite, so no bundled module names it. */
const IMPORTED_CSS = [join(ROOT, 'shared', 'src', 'visually-hidden.css')];
const TOOLS = ['vite', 'preact', 'openapi-fetch', 'chart.js'].map((name) =>
  join(ROOT, 'node_modules', name, 'package.json'),
);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Every file the bundle can depend on, relative to ROOT and sorted. */
function inputs(bundledModules) {
  const files = new Set([
    ...filesUnder(join(DASHBOARD_DIR, 'app')),
    CONFIG,
    ...IMPORTED_CSS,
    join(DASHBOARD_DIR, 'package.json'),
    ...TOOLS,
    ...bundledModules.map((file) => join(ROOT, file)),
  ]);
  return [...files].map((file) => relative(ROOT, file)).sort();
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file)) : 'missing');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * What went into the bundle: workspace sources (not node_modules), so a change to them rebuilds it,
 * and the npm packages, so a test can see that no server-side package reached the browser
 * (dashboard/src/bundle.test.ts).
 */
function collectModules(into, packages) {
  return {
    name: 'groupsplit-record-modules',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const path = id.split('?')[0];
          const inPackage = path.split('/node_modules/')[1];
          if (inPackage) {
            const parts = inPackage.split('/');
            packages.add(parts.slice(0, parts[0].startsWith('@') ? 2 : 1).join('/'));
          } else if (path.startsWith(ROOT) && existsSync(path)) {
            into.add(relative(ROOT, path));
          }
        }
      }
    },
  };
}

/** Runs the Vite build into `outDir` and writes the stamp there. */
export async function buildDashboard(outDir = DASHBOARD_DIST) {
  const { build } = await import('vite');
  const modules = new Set();
  const packages = new Set();
  // Vite sets NODE_ENV=production in this process for its build; whatever runs here next (the
  // test run, npm start's services) must keep the environment it was started with.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({
      configFile: CONFIG,
      build: { outDir: resolve(outDir), emptyOutDir: true },
      plugins: [collectModules(modules, packages)],
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const bundled = [...modules].sort();
  const files = inputs(bundled);
  mkdirSync(outDir, { recursive: true });
  const stamp = { hash: hashOf(files), modules: bundled, packages: [...packages].sort() };
  writeFileSync(join(outDir, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
  return outDir;
}

/** Builds dashboard/dist unless its stamp says the inputs are unchanged; returns whether it built. */
export async function ensureDashboardBuilt() {
  const stampFile = join(DASHBOARD_DIST, STAMP);
  if (existsSync(stampFile) && existsSync(join(DASHBOARD_DIST, 'index.html'))) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    // A stamp from before `packages` was recorded is rebuilt, so the bundle test has them.
    if (stamp.hash === hashOf(inputs(stamp.modules ?? [])) && Array.isArray(stamp.packages)) return false;
  }
  const started = Date.now();
  await buildDashboard();
  console.log(`[dashboard] built dashboard/dist (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--force')) await buildDashboard();
  else await ensureDashboardBuilt();
}
