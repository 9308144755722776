import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

/**
 * The workspace graph, as docs/development.md draws it: shared at the bottom, then workflows
 * and activities, then the services; the test harness on top. Production dependencies only
 * point down, and every package declares what its code (dependencies) and its tests
 * (devDependencies) import.
 */
const ROOT = join(__dirname, '..', '..');

type Workspace = { name: string; dir: string; dependencies: string[]; devDependencies: string[] };

const workspaces: Workspace[] = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces as string[])
  .flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((entry) => `${pattern.slice(0, -2)}/${entry}`)
      : [pattern],
  )
  .map((dir) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    return {
      name: manifest.name as string,
      dir,
      dependencies: Object.keys(manifest.dependencies ?? {}),
      devDependencies: Object.keys(manifest.devDependencies ?? {}),
    };
  });

/** Which of our packages each layer may depend on at run time. */
const LAYER: Record<string, number> = {
  // The public client depends on nothing of ours: a merchant installs it on its own.
  '@groupsplit/client': 0,
  '@groupsplit/shared': 0,
  '@groupsplit/workflows': 1,
  '@groupsplit/activities': 2,
  // The web app: its Node side only says where the build is, which the gateway serves.
  '@groupsplit/dashboard': 2,
  '@groupsplit/gateway': 3,
  '@groupsplit/merchants': 3,
  '@groupsplit/checkout': 3,
  '@groupsplit/worker': 3,
  '@groupsplit/processor-emulator': 3,
  '@groupsplit/testing': 4,
  // A merchant's server, built on the public client only; its test drives it against the whole stack.
  '@groupsplit/example-merchant-server': 1,
};

const ours = (name: string) => name.startsWith('@groupsplit/');

/**
 * The public client is published on its own (docs/development.md, "client/"): its manifest names nothing of
 * this repository, so a copy of client/ installs from the registry alone. Its tests still run inside the
 * workspace, on the harness and the service's own webhook signer, which the workspace provides without the
 * client declaring them. Only its tests, and only these.
 */
const WORKSPACE_TEST_PACKAGES: Record<string, string[]> = {
  '@groupsplit/client': ['@groupsplit/testing', '@groupsplit/shared'],
};
/** Tests and what only tests load: helpers, fake activities, recorded histories, deployment checks. */
const isTestFile = (path: string) =>
  /(\.test\.ts|test-support\.ts|test-helpers\.ts)$/.test(path) ||
  /\/(test-support|__histories__)\//.test(path) ||
  path.includes('/testing/src/deployment/');
const NODE_BUILTINS = new Set(builtinModules);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)'([^'./$][^']*)'/gm;
/** Comments may mention packages ("from 'x'") without importing them. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('workspace packages', () => {
  it('are all placed in a layer', () => {
    expect(workspaces.map((w) => w.name).sort()).toEqual(Object.keys(LAYER).sort());
  });

  it.each(workspaces.map((w) => [w.name, w] as const))('%s depends only on lower layers at run time', (name, w) => {
    const upward = w.dependencies.filter((dep) => ours(dep) && LAYER[dep]! >= LAYER[name]!);
    expect(upward).toEqual([]);
  });

  it('client names no package of ours in its manifest, so that a copy of it installs outside the repository', () => {
    const client = workspaces.find((w) => w.name === '@groupsplit/client')!;
    expect([...client.dependencies, ...client.devDependencies].filter(ours)).toEqual([]);
  });

  it('shared depends on no other package of ours', () => {
    const shared = workspaces.find((w) => w.name === '@groupsplit/shared')!;
    expect([...shared.dependencies, ...shared.devDependencies].filter(ours)).toEqual([]);
  });

  it.each(workspaces.map((w) => [w.name, w] as const))('%s declares every package it imports', (name, w) => {
    const undeclared: string[] = [];
    for (const file of sourceFiles(join(ROOT, w.dir, 'src'))) {
      const declared = isTestFile(file)
        ? [...w.dependencies, ...w.devDependencies, ...(WORKSPACE_TEST_PACKAGES[name] ?? [])]
        : w.dependencies;
      for (const [, specifier] of withoutComments(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
        const pkg = packageOf(specifier!);
        if (pkg === name || NODE_BUILTINS.has(pkg) || pkg.startsWith('node:') || declared.includes(pkg)) continue;
        undeclared.push(`${relative(ROOT, file)}: ${pkg}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
