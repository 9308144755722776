import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { BASELINES, type Baselines, baselineState } from './baseline';
import { connectionLost } from './connection-lost';
import { rawChecksum, statementsChecksum } from './migration-checksum';

/** The production schema. The processor emulator keeps its own set (services/processor-emulator/migrations). */
export const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');

// Any fixed number works; it only has to be the same for every process that migrates.
const MIGRATION_LOCK_ID = 727_001;

type Recorded = { checksum: string | null; statements_checksum: string | null };
export type MigrationOptions = { baselines?: Baselines };

/**
 * An applied migration is history: editing its statements would leave databases that ran the
 * old text behind. Rewording comments or whitespace is fine. A row from before the runner
 * checked statements holds the whole file's checksum: that is accepted once and the row then
 * gets its statements checksum. Returns whether the row needs that checksum written.
 */
function checkApplied(file: string, text: string, recorded: Recorded) {
  const statements = statementsChecksum(text);
  if (recorded.statements_checksum) {
    if (recorded.statements_checksum === statements) return false;
  } else if (recorded.checksum === null || recorded.checksum === rawChecksum(text)) {
    return true;
  }
  throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
}

/** A baseline's schema is in the database already (it recorded every migration folded into it). */
function alreadyInBaseline(file: string, folded: readonly (readonly string[])[] | undefined, recorded: Set<string>) {
  if (!folded) return false;
  const found = baselineState(folded, recorded);
  if (found.state === 'some') {
    throw new Error(
      `Migration ${file} folds migrations this database has only part of (missing ${found.missing.join(', ')}): ` +
        'it was migrated part way by an older checkout; start from an empty database',
    );
  }
  return found.state === 'all';
}

/**
 * How many times the migrations start again on a new connection when the server ends theirs (a
 * failover, a restart, an operator's pg_terminate_backend). Each file is its own transaction and is
 * recorded in it, so starting again applies only what is not recorded yet.
 */
const MIGRATION_ATTEMPTS = 5;

/**
 * Applies every `<timestamp>_<name>.sql` file of `dir` not yet recorded, in name order, each
 * in its own transaction. An advisory lock lets several services start at once safely. All
 * sets share one `schema_migrations` table, so file names must be unique across them.
 */
export async function runMigrations(
  databaseUrl: string,
  dir = MIGRATIONS_DIR,
  options: MigrationOptions = {},
): Promise<string[]> {
  const applied: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateOnce(databaseUrl, dir, options, applied);
      return applied;
    } catch (error) {
      const lost = connectionLost(error) || connectionLost((error as Error).cause);
      if (!lost || attempt >= MIGRATION_ATTEMPTS) throw error;
    }
  }
}

/** One pass over `dir` on one connection; each file applied is added to `applied` as its transaction commits. */
async function migrateOnce(
  databaseUrl: string,
  dir: string,
  { baselines = BASELINES }: MigrationOptions,
  applied: string[],
) {
  const client = new Client({ connectionString: databaseUrl });
  // The server ending the connection while no statement runs (a service starting while Postgres fails
  // over) is an 'error' event; unheard, it ended the process. The next statement then fails, and
  // runMigrations starts again on a new connection.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    // `checksum` (the whole file) is kept as it was recorded, so an older checkout's runner still agrees with it.
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS statements_checksum text');
    const done = new Map(
      (
        await client.query<Recorded & { name: string }>(
          'SELECT name, checksum, statements_checksum FROM schema_migrations',
        )
      ).rows.map((row) => [row.name, row]),
    );
    const files = readdirSync(dir)
      .filter((f) => /^\d{14}_[\w-]+\.sql$/.test(f))
      .sort();
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const recorded = done.get(file);
      if (recorded) {
        if (checkApplied(file, text, recorded)) {
          await client.query('UPDATE schema_migrations SET statements_checksum = $2 WHERE name = $1', [
            file,
            statementsChecksum(text),
          ]);
        }
        continue;
      }
      const record = () =>
        client.query('INSERT INTO schema_migrations (name, checksum, statements_checksum) VALUES ($1, $2, $3)', [
          file,
          rawChecksum(text),
          statementsChecksum(text),
        ]);
      if (alreadyInBaseline(file, baselines[file], new Set(done.keys()))) {
        await record();
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(text);
        await record();
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
