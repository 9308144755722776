// `npm run build [-- --out <dir>]`: compiles every workspace to JavaScript under dist/ (default) and
// bundles the workflows once. The output mirrors the repository so that `node dist/<workspace>/src/…`
// runs with nothing but `node_modules` beside it (see docs/deploy.md, "The build"):
//
//   dist/<workspace>/src/**/*.js            esbuild, one file per source file (tests left out), source maps
//   dist/<workspace>/<assets>               every other file of src/, and migrations/
//   dist/<workspace>/package.json           the manifest with `main`/`exports` pointing at the .js files
//   dist/node_modules/@groupsplit/<name>    a link to dist/<workspace>, so workspace imports resolve to
//                                           the compiled code while third-party ones fall through to
//                                           the node_modules above dist/
//   dist/services/worker/src/workflow-bundle.js   the workflow bundle the worker loads in production
//   dist/dashboard/dist/                    the merchant dashboard's static files (Vite), which the gateway serves
//   dist/docs/                              the guides (Markdown) the gateway publishes beside the API reference at /docs
//
// Types are not checked here; `npm test` (and CI) run tsc over the same sources.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { buildDashboard } from './lib/dashboard.mjs';
import { ROOT } from './lib/paths.mjs';
import { writeWorkflowBundle } from './lib/workflow-bundle.mjs';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');

/** Where the worker looks for its bundle: beside its compiled entry point (services/worker/src/main.ts). */
export const WORKFLOW_BUNDLE = 'services/worker/src/workflow-bundle.js';

/** Every workspace of the root manifest, as directories relative to ROOT (`services/*` expanded). */
export function workspaceDirs() {
  const patterns = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`);
  });
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

const isTypeScript = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts');
const isTest = (file) => /\.test\.ts$/.test(file);

/**
 * The export condition naming a package's TypeScript sources where its other conditions name files built
 * for publishing (the client: client/package.json). Here the sources are what gets compiled, so an entry
 * with this condition becomes just its compiled source.
 */
const SOURCE_CONDITION = '@groupsplit/source';

/** `./src/x.ts` → `./src/x.js` in every string of a manifest's `main`/`exports` (any shape of exports map). */
export function compiledPath(value) {
  if (typeof value === 'string') return value.replace(/\.ts$/, '.js');
  if (Array.isArray(value)) return value.map(compiledPath);
  if (value && typeof value === 'object' && SOURCE_CONDITION in value) return compiledPath(value[SOURCE_CONDITION]);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        // `types` conditions name TypeScript sources; nothing at run time reads them.
        .filter(([key]) => key !== 'types')
        .map(([key, inner]) => [key, compiledPath(inner)]),
    );
  }
  return value;
}

export function compiledManifest(manifest) {
  const { scripts, devDependencies, types, module, typesVersions, ...rest } = manifest;
  const rootSource = manifest.exports?.['.']?.[SOURCE_CONDITION];
  const main = rootSource ? rootSource.replace(/^\.\//, '') : manifest.main;
  return {
    ...rest,
    ...(main ? { main: compiledPath(main) } : {}),
    ...(manifest.exports ? { exports: compiledPath(manifest.exports) } : {}),
  };
}

async function compileWorkspace(workspace, out) {
  const source = join(ROOT, workspace);
  const target = join(out, workspace);
  const srcFiles = filesUnder(join(source, 'src'));
  await esbuild.build({
    entryPoints: srcFiles.filter((file) => isTypeScript(file) && !isTest(file)),
    outbase: source,
    outdir: target,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  // Declaration files (the client's generated schema) are types only: nothing at run time reads them.
  for (const file of srcFiles.filter((file) => !isTypeScript(file) && !file.endsWith('.d.ts'))) {
    cpSync(file, join(target, relative(source, file)));
  }
  if (existsSync(join(source, 'migrations')))
    cpSync(join(source, 'migrations'), join(target, 'migrations'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  writeFileSync(join(target, 'package.json'), `${JSON.stringify(compiledManifest(manifest), null, 2)}\n`);

  const link = join(out, 'node_modules', manifest.name);
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(relative(dirname(link), target), link, 'dir');
}

export async function build(out = join(ROOT, 'dist')) {
  rmSync(out, { recursive: true, force: true });
  const workspaces = workspaceDirs();
  await Promise.all(workspaces.map((workspace) => compileWorkspace(workspace, out)));
  await writeWorkflowBundle(join(out, WORKFLOW_BUNDLE));
  await buildDashboard(join(out, 'dashboard', 'dist'));
  cpSync(join(ROOT, 'docs'), join(out, 'docs'), { recursive: true, filter: (path) => !path.endsWith('.json') });
  return { out, workspaces };
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  const outFlag = process.argv.indexOf('--out');
  const out = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : undefined;
  const started = Date.now();
  const result = await build(out);
  console.log(
    `[build] ${result.workspaces.length} workspaces, the workflow bundle and the dashboard in ${relative(ROOT, result.out) || '.'} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
