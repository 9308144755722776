import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

/**
 * The workspace graph, as docs/development.md draws it: the capability packages (packages/*) at the bottom,
 * shared over them as one barrel, then workflows and activities, then the services; the test harness on top.
 * Production dependencies only point down, and every package declares what its code (dependencies) and its
 * tests (devDependencies) import.
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

/**
 * The capability packages (packages/*), each one thing the services can do, in the order they build on each
 * other: core and config import nothing of ours, and nothing here imports shared or an app workspace.
 */
const CAPABILITY_LAYER: Record<string, number> = {
  '@groupsplit/core': 0,
  '@groupsplit/config': 0,
  '@groupsplit/metrics': 0,
  '@groupsplit/db': 1,
  '@groupsplit/email': 1,
  '@groupsplit/processor': 1,
  '@groupsplit/temporal': 1,
  '@groupsplit/http': 2,
  '@groupsplit/net': 3,
  '@groupsplit/auth': 4,
  '@groupsplit/events': 4,
};
const CAPABILITY_TOP = Math.max(...Object.values(CAPABILITY_LAYER));

/** Which of our packages each layer may depend on at run time. */
const LAYER: Record<string, number> = {
  ...CAPABILITY_LAYER,
  // The public client depends on nothing of ours: a merchant installs it on its own.
  '@groupsplit/client': 0,
  // One barrel over the capability packages, which most workspaces import.
  '@groupsplit/shared': CAPABILITY_TOP + 1,
  '@groupsplit/workflows': CAPABILITY_TOP + 2,
  '@groupsplit/activities': CAPABILITY_TOP + 3,
  // The web app: its Node side only says where the build is, which the gateway serves.
  '@groupsplit/dashboard': CAPABILITY_TOP + 3,
  '@groupsplit/gateway': CAPABILITY_TOP + 4,
  '@groupsplit/merchants': CAPABILITY_TOP + 4,
  '@groupsplit/checkout': CAPABILITY_TOP + 4,
  '@groupsplit/worker': CAPABILITY_TOP + 4,
  '@groupsplit/processor-emulator': CAPABILITY_TOP + 4,
  '@groupsplit/testing': CAPABILITY_TOP + 5,
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

  it('has a capability package for every workspace under packages/, and only those', () => {
    expect(
      workspaces
        .filter((w) => w.dir.startsWith('packages/'))
        .map((w) => w.name)
        .sort(),
    ).toEqual(Object.keys(CAPABILITY_LAYER).sort());
  });

  it('shared depends on capability packages only: it is their barrel', () => {
    const shared = workspaces.find((w) => w.name === '@groupsplit/shared')!;
    expect(
      [...shared.dependencies, ...shared.devDependencies].filter((dep) => ours(dep) && !(dep in CAPABILITY_LAYER)),
    ).toEqual([]);
  });

  it.each(workspaces.filter((w) => w.name in CAPABILITY_LAYER).map((w) => [w.name, w] as const))(
    '%s imports, tests included, only capability packages below it: never shared or an app workspace',
    (name, w) => {
      const wrong: string[] = [];
      for (const file of sourceFiles(join(ROOT, w.dir, 'src'))) {
        for (const [, specifier] of withoutComments(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
          const pkg = packageOf(specifier!);
          if (!ours(pkg) || pkg === name) continue;
          if (!(pkg in CAPABILITY_LAYER) || CAPABILITY_LAYER[pkg]! >= CAPABILITY_LAYER[name]!) {
            wrong.push(`${relative(ROOT, file)}: ${pkg}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );

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
