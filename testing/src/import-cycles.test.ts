import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * No import cycle between our source files, type-only imports included (docs/development.md, "Rules"). A
 * cycle means neither module can be read, tested or moved without the other, and at run time one of them
 * sees the other half-initialised. Between packages, the layering in package-graph.test.ts already rules
 * cycles out; this follows the relative imports inside each package, every tracked TypeScript and
 * JavaScript source file, tests included. It also follows imports of our own packages by name
 * (`@groupsplit/db` is packages/db/src/index.ts): a file that reaches its own package's barrel through
 * another package is a cycle too, one the layering alone does not see.
 */
const ROOT = join(__dirname, '..', '..');
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

function trackedSources(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return files.filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && existsSync(join(ROOT, file)));
}

/** The file a relative specifier names, as Node and the bundlers resolve it (`./x.js` may name `x.ts`). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(join(ROOT, from)), specifier);
  const candidates = EXTENSIONS.map((extension) => base + extension);
  if (/\.(?:js|mjs)$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'), base.replace(/\.m?js$/, '.tsx'));
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found?.slice(ROOT.length + 1);
}

/** Our workspaces by package name, from the root manifest's workspace list. */
function workspaceDirs(): Map<string, string> {
  const patterns: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
  const dirs = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2)))
          .map((entry) => `${pattern.slice(0, -2)}/${entry}`)
          .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
      : [pattern],
  );
  return new Map(dirs.map((dir) => [JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).name, dir]));
}
const WORKSPACES = workspaceDirs();

/** The source file an import of one of our packages names: `@groupsplit/x` its src/index.ts, `@groupsplit/x/y` src/y.ts. */
function resolvePackage(specifier: string): string | undefined {
  const [scope, name, ...rest] = specifier.split('/');
  const dir = WORKSPACES.get(`${scope}/${name}`);
  if (dir === undefined) return undefined;
  const target = join(dir, 'src', rest.length === 0 ? 'index.ts' : `${rest.join('/')}.ts`);
  return existsSync(join(ROOT, target)) ? target : undefined;
}

function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.') || specifier.startsWith('@groupsplit/'))
      .map((specifier) => (specifier.startsWith('.') ? resolveRelative(file, specifier) : resolvePackage(specifier)))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file: each is at least one cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import cycles', () => {
  const files = trackedSources();

  it('reads the sources of every package', () => {
    for (const folder of [
      'packages/',
      'shared/src/',
      'workflows/src/',
      'activities/src/',
      'services/',
      'dashboard/app/',
    ]) {
      expect(files.some((file) => file.startsWith(folder))).toBe(true);
    }
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('reads an import of our packages by name as an import of its entry file', () => {
    expect(resolvePackage('@groupsplit/core')).toBe('packages/core/src/index.ts');
    expect(resolvePackage('@groupsplit/core/browser')).toBe('packages/core/src/browser.ts');
    expect(resolvePackage('@groupsplit/shared')).toBe('shared/src/index.ts');
    expect(resolvePackage('@groupsplit/no-such-package')).toBeUndefined();
  });

  it('has none between our source files', () => {
    expect(cycles(importGraph(files))).toEqual([]);
  });
});
