import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

// Any fixed number works; it only has to be the same for every process that migrates.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies every `<timestamp>_<name>.sql` file not yet recorded, in name order, each in
 * its own transaction. An advisory lock lets several services start at once safely.
 */
export async function runMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const done = new Map(
      (
        await client.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')
      ).rows.map((r) => [r.name, r.checksum]),
    );
    const files = readdirSync(dir)
      .filter((f) => /^\d{14}_[\w-]+\.sql$/.test(f))
      .sort();
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      if (done.has(file)) {
        // An applied migration is history: editing it would leave databases that ran the old text behind.
        const recorded = done.get(file);
        if (recorded && recorded !== checksum) {
          throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(text);
        await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
