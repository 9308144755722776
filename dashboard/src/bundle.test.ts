import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DASHBOARD_DIST_DIR } from './index';

/**
 * The dashboard bundles parts of `shared`, a package whose other parts run the services (koa, pg,
 * stripe, nodemailer). It imports them only through `@groupsplit/shared/browser`, and nothing that
 * entry reaches may import a package, so none of those can end up in the browser. The build
 * (scripts/lib/dashboard.mjs, run by `npm test` before Jest) records what the bundle holds.
 */
const ROOT = join(__dirname, '..', '..');
const SERVER_ONLY = ['koa', '@koa/router', 'pg', 'stripe', 'nodemailer', 'kysely', 'pino', '@temporalio/client'];

type Stamp = { modules: string[]; packages: string[] };
const stamp: Stamp = JSON.parse(readFileSync(join(DASHBOARD_DIST_DIR, '.build-stamp.json'), 'utf8'));

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+|^export\s+[^'"]*?from\s+)'([^']+)'/gm;
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * Every file the module reaches through relative imports and the browser entries of our capability packages
 * (`@groupsplit/core/browser` is packages/core/src/browser.ts), and the packages any of them imports.
 */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of withoutComments(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
      const browserEntry = /^@groupsplit\/([a-z-]+)\/browser$/.exec(specifier!);
      if (browserEntry && existsSync(join(ROOT, 'packages', browserEntry[1]!, 'src/browser.ts'))) {
        visit(join(ROOT, 'packages', browserEntry[1]!, 'src/browser.ts'));
        continue;
      }
      if (!specifier!.startsWith('.')) {
        packages.add(specifier!);
        continue;
      }
      const base = resolve(dirname(file), specifier!);
      const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (!found) throw new Error(`${relative(ROOT, file)} imports ${specifier}, which is not a source file`);
      visit(found);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the dashboard bundle', () => {
  it('holds no server-side package (and the record of its packages is real: preact is there)', () => {
    expect(stamp.packages).toContain('preact');
    expect(stamp.packages.filter((name) => SERVER_ONLY.includes(name) || name.startsWith('@types/'))).toEqual([]);
  });

  it('takes from shared only what @groupsplit/shared/browser reaches', () => {
    const browser = reach(join(ROOT, 'shared/src/browser.ts'));
    const reachable = [...browser.files].map((file) => relative(ROOT, file));
    const bundledShared = stamp.modules.filter(
      (module) => module.startsWith('shared/') || module.startsWith('packages/'),
    );
    expect(bundledShared.length).toBeGreaterThan(0);
    expect(bundledShared.filter((module) => !reachable.includes(module))).toEqual([]);
  });

  it('reaches no package at all from @groupsplit/shared/browser', () => {
    expect([...reach(join(ROOT, 'shared/src/browser.ts')).packages]).toEqual([]);
  });

  it('is imported from shared only through @groupsplit/shared/browser', () => {
    const deepImports = stamp.modules
      .filter((module) => module.startsWith('dashboard/app/') && /\.tsx?$/.test(module))
      .filter((module) => /'@groupsplit\/shared(?!\/browser')[^']*'/.test(readFileSync(join(ROOT, module), 'utf8')));
    expect(deepImports).toEqual([]);
  });
});
