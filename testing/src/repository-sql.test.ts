import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The split tables (and `split_idempotency_keys`), `merchants` and the checkout session tables (`checkout_sessions`, `checkout_images`,
 * `checkout_idempotency_keys`) are queried only through the repositories of
 * `shared/src/db/repositories`: one place per table says which service writes it and how it is
 * locked, so a change to a query (or to the table) is made once and reviewed there
 * (docs/development.md, "Rules"). This fails on any other source file that names one of those
 * tables in a query builder call or in SQL text.
 *
 * Harness code may set the world up through the database as the tests do: test files, test
 * support, the `testing` package, `bench/`, and tools that run on `@groupsplit/testing`'s stack
 * (the replay fixture recorder).
 */
const ROOT = join(__dirname, '..', '..');
const SCANNED = ['activities', 'client/src', 'dashboard', 'examples', 'services', 'shared/src', 'workflows/src'];
const REPOSITORIES = join('shared', 'src', 'db', 'repositories') + sep;
const TABLES = [
  'merchants',
  'splits',
  'split_participants',
  'split_history',
  'split_refunds',
  'split_refund_slices',
  'split_disputes',
  'split_seats',
  'checkout_sessions',
  'checkout_images',
  'checkout_idempotency_keys',
  'split_idempotency_keys',
  'janitor_findings',
  'janitor_sweep_cursors',
];

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

describe('the split, merchants and checkout session tables', () => {
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
    ];
    for (const line of lines) expect(BUILDER_CALL.test(line) || SQL_TEXT.test(line)).toBe(true);
    for (const line of [
      "db.selectFrom('checkout_remind_calls')",
      "db.selectFrom('checkout_session_expiries')",
      'a note from merchants',
    ]) {
      expect(BUILDER_CALL.test(line) || SQL_TEXT.test(line)).toBe(false);
    }
  });

  it('are queried only in shared/src/db/repositories', () => {
    expect(tableQueriesOutsideRepositories(ROOT, SCANNED)).toEqual([]);
  });
});
