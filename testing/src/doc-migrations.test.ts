import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every migration a page of the docs names exists. A doc that points at a migration file which is no longer
 * there (a file folded into the baseline, a rename) sends the reader to nothing. A name must be a file of
 * `packages/db/migrations/` or of the emulator's own set; a migration folded into the baseline may be named only
 * in a paragraph that also names `testing/src/fixtures/migrations-before-baseline/`, where its text is kept
 * (docs/development.md, "Migrations").
 */
const ROOT = join(__dirname, '..', '..');
const FOLDED_DIR = 'testing/src/fixtures/migrations-before-baseline';
const MIGRATION_DIRS = ['packages/db/migrations', 'services/processor-emulator/migrations'];
const MIGRATION_NAME = /\b(\d{14}_[a-z0-9_]+)(?:\.sql)?\b/g;

const filesOf = (dir: string) => new Set(readdirSync(join(ROOT, dir)).filter((name) => name.endsWith('.sql')));

function docPages(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && !path.startsWith(`${FOLDED_DIR}/`));
}

/** Each migration name a page mentions that does not exist where the page may name it. */
function missingIn(path: string, migrations: Set<string>, folded: Set<string>): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const missing: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const pointsAtFolded = paragraph.includes(FOLDED_DIR);
    for (const [, name] of paragraph.matchAll(MIGRATION_NAME)) {
      const file = `${name}.sql`;
      if (migrations.has(file) || (pointsAtFolded && folded.has(file))) continue;
      const line = text.slice(0, text.indexOf(paragraph)).split('\n').length;
      missing.push(`${path} (paragraph at line ${line}): ${file}`);
    }
  }
  return missing;
}

describe('migrations named in the docs', () => {
  it('exist', () => {
    const migrations = new Set(MIGRATION_DIRS.flatMap((dir) => [...filesOf(dir)]));
    const folded = filesOf(FOLDED_DIR);
    const pages = docPages();
    expect(pages).toContain('docs/development.md');
    const named = pages.flatMap((path) =>
      [...readFileSync(join(ROOT, path), 'utf8').matchAll(MIGRATION_NAME)].map(([, name]) => name),
    );
    expect(named).toContain('20261121100000_baseline');
    expect(pages.flatMap((path) => missingIn(path, migrations, folded))).toEqual([]);
  });
});
