import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Inside a service, a route folder (`src/routes/<resource>/`) is a leaf: it may use the service's
 * domain modules (`src/splits/`, `src/sessions/`, …) and its own files, never another route
 * folder, and no domain module reaches up into a route folder. What several routes share lives
 * in a domain module, so a route can change without changing its neighbours. Only the service's
 * composition files at the top of `src/` (`app.ts`, `openapi.ts`) list the route folders.
 * docs/development.md, "Dependency direction".
 */
const ROOT = join(__dirname, '..', '..');
const SERVICES = join(ROOT, 'services');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)'(\.{1,2}\/[^']*)'/gm;
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** `routes/<folder>` of a path inside `src`, or null outside a route folder. */
function routeFolderOf(pathInSrc: string): string | null {
  const [top, folder, ...rest] = pathInSrc.split(sep);
  return top === 'routes' && folder && rest.length > 0 ? folder : null;
}

/** Every import that crosses from one route folder into another, or from a domain module into one. */
function routeImportViolations(serviceDir: string): string[] {
  const src = join(serviceDir, 'src');
  const violations: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = relative(src, file);
    const fromFolder = routeFolderOf(from);
    const isCompositionFile = !from.includes(sep);
    for (const [, specifier] of withoutComments(readFileSync(file, 'utf8')).matchAll(RELATIVE_IMPORT)) {
      const to = relative(src, resolve(dirname(file), specifier!));
      const toFolder = routeFolderOf(to);
      if (!toFolder || toFolder === fromFolder || isCompositionFile) continue;
      const what = fromFolder
        ? `routes/${fromFolder} imports routes/${toFolder}`
        : `domain module imports routes/${toFolder}`;
      violations.push(`${relative(ROOT, file)}: ${what} ('${specifier}')`);
    }
  }
  return violations;
}

const services = readdirSync(SERVICES).filter((name) => existsSync(join(SERVICES, name, 'src', 'routes')));

describe('route folders', () => {
  it('exist in the checkout and merchants services (the check below has something to check)', () => {
    expect(services).toEqual(expect.arrayContaining(['checkout', 'merchants']));
  });

  it('are checked: an import across route folders, or from a domain module into one, is reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-imports-'));
    const write = (path: string, source: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    };
    try {
      write('src/app.ts', "import { a } from './routes/a/a';\n");
      write('src/routes/a/a.ts', "import { b } from '../b/schema';\nimport { own } from './own';\n");
      write('src/routes/a/own.ts', "import { shared } from '../../splits/shared';\n");
      write('src/routes/b/schema.ts', 'export const b = 1;\n');
      write('src/splits/shared.ts', "import type { A } from '../routes/a/a';\n");
      expect(routeImportViolations(dir).map((line) => line.replace(`${relative(ROOT, dir)}${sep}`, ''))).toEqual([
        "src/routes/a/a.ts: routes/a imports routes/b ('../b/schema')",
        "src/splits/shared.ts: domain module imports routes/a ('../routes/a/a')",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(services)('in services/%s never import another route folder, and domain modules never import one', (name) => {
    expect(routeImportViolations(join(SERVICES, name))).toEqual([]);
  });
});
