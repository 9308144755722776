import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Every table of the schema (`packages/db/src/schema/`) is queried only through the repositories of
 * `packages/db/src/repositories`, except those listed in NOT_YET: one place per table says which
 * service writes it and how it is locked, so a change to a query (or to the table) is made once and
 * reviewed there (docs/development.md, "Rules"). This fails on any other source file that names one
 * of those tables in a query builder call or in SQL text. A new table is covered as soon as its
 * schema file names it.
 *
 * Harness code may set the world up through the database as the tests do: test files, test
 * support, the `testing` package, `bench/`, and tools that run on `@groupsplit/testing`'s stack
 * (the replay fixture recorder).
 */
const ROOT = join(__dirname, '..', '..');
const SCANNED = [
  'activities',
  'client/src',
  'dashboard',
  'examples',
  'packages',
  'services',
  'shared/src',
  'workflows/src',
];
const REPOSITORIES = join('packages', 'db', 'src', 'repositories') + sep;
const SCHEMA = join(ROOT, 'packages', 'db', 'src', 'schema');

/** Tables still queried outside the repositories; the list only shrinks (empty now: keep it so). */
const NOT_YET = new Set<string>([]);
/** The processor emulator's own tables (a stand-in for the processor, services/processor-emulator). */
const isEmulatorTable = (table: string) => table.startsWith('emulator_');

/** Every table the schema's `*Tables` interfaces name (`  splits: SplitsTable;`). */
function schemaTables(): string[] {
  const names = readdirSync(SCHEMA)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(join(SCHEMA, file), 'utf8').matchAll(/^\s+([a-z_]+): [A-Za-z]+Table;$/gm)])
    .map((match) => match[1]!);
  return [...new Set(names)].sort();
}

const TABLES = schemaTables().filter((table) => !NOT_YET.has(table) && !isEmulatorTable(table));

const tables = TABLES.join('|');
/** `selectFrom('splits')`, `innerJoin('split_participants as p', …)`, `updateTable(['merchants', …])`. */
const BUILDER_CALL = new RegExp(
  String.raw`\b(?:selectFrom|updateTable|insertInto|deleteFrom|mergeInto|(?:inner|left|right|full)?Join)\(\s*\[?\s*['"\`](?:${tables})\b`,
);
/** `FROM merchants`, `JOIN splits s`, `UPDATE split_history`, `INSERT INTO splits` in SQL text. */
const SQL_TEXT = new RegExp(String.raw`\b(?:FROM|JOIN|UPDATE|INTO)\s+(?:${tables})\b`);

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'test-support'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: the line` for each line outside the repositories that queries one of the tables. */
export function tableQueriesOutsideRepositories(root: string, dirs: string[]): string[] {
  const found: string[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const path = relative(root, file);
    if (path.startsWith(REPOSITORIES)) continue;
    const source = withoutComments(readFileSync(file, 'utf8'));
    if (source.includes('@groupsplit/testing')) continue;
    source.split('\n').forEach((line, index) => {
      if (BUILDER_CALL.test(line) || SQL_TEXT.test(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('the tables of the schema', () => {
  it('are read from the schema, and every table left out is one of the schema', () => {
    const all = schemaTables();
    expect(all).toEqual(expect.arrayContaining(['splits', 'merchants', 'users', 'webhook_events', 'team_invites']));
    for (const table of NOT_YET) expect(all).toContain(table);
    expect(TABLES.length).toBeGreaterThan(30);
  });

  it('are recognised in a builder call and in SQL text (the check below can fail)', () => {
    const lines = [
      "db.selectFrom('splits').selectAll()",
      "trx.innerJoin('split_participants as p', 'p.split_id', 's.id')",
      "db.updateTable(['merchants'])",
      '  SELECT allowed_domain FROM merchants WHERE id = $1',
      'UPDATE split_history SET',
      "trx.updateTable('checkout_sessions')",
      'INSERT INTO checkout_sessions (token)',
      "db.selectFrom('checkout_images')",
      "trx.deleteFrom('checkout_idempotency_keys')",
      "db.insertInto('split_idempotency_keys')",
      "db.selectFrom('janitor_findings')",
    ];
    for (const line of lines) expect(BUILDER_CALL.test(line) || SQL_TEXT.test(line)).toBe(true);
    for (const line of [
      "db.selectFrom('emulator_charges')",
      "db.selectFrom('emails_archive')",
      'a note from merchants',
    ]) {
      expect(BUILDER_CALL.test(line) || SQL_TEXT.test(line)).toBe(false);
    }
  });

  it('are queried only in packages/db/src/repositories', () => {
    expect(tableQueriesOutsideRepositories(ROOT, SCANNED)).toEqual([]);
  });
});
