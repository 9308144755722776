import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMULATOR_MIGRATIONS_DIR } from '@groupsplit/processor-emulator';
import { MIGRATIONS_DIR, runMigrations } from '@groupsplit/shared';
import { Client } from 'pg';

/**
 * Databases made before the first migrations were folded into the baseline, before the emulator's
 * tables got their own migration set, and before the runner checked statements instead of whole
 * files, must keep migrating: developers keep theirs in .data/. Each test uses throwaway databases
 * on the test run's Postgres server.
 */
const server = process.env.TEST_PG_SERVER_URL!;
/** The migrations the baseline folds, as they were (docs/development.md, "Migrations"). */
const BEFORE_BASELINE = join(__dirname, 'fixtures', 'migrations-before-baseline');
const BASELINE = '20261121100000_baseline.sql';

/**
 * A directory with the migrations as they were before the fold: the folded files (those `folded`
 * keeps), then, unless `later` is false, today's files after the baseline.
 */
function setBeforeBaseline(folded: (file: string) => boolean = () => true, later = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'before-baseline-'));
  for (const file of readdirSync(BEFORE_BASELINE).filter(folded)) {
    copyFileSync(join(BEFORE_BASELINE, file), join(dir, file));
  }
  if (!later) return dir;
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f > BASELINE && f.endsWith('.sql'))) {
    copyFileSync(join(MIGRATIONS_DIR, file), join(dir, file));
  }
  return dir;
}
const created: string[] = [];

async function query<R extends Record<string, unknown>>(url: string, text: string, params: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `migrations_${created.length}_${Date.now()}`;
  await query(`${server}/postgres`, `CREATE DATABASE "${name}"`);
  created.push(name);
  return `${server}/${name}`;
}

afterAll(async () => {
  for (const name of created) await query(`${server}/postgres`, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The runner as it first was: applies each new file and records the checksum of its bytes. */
async function migrateLikeTheFirstRunner(url: string, dir: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const done = new Set((await client.query('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    for (const file of readdirSync(dir).sort()) {
      if (done.has(file)) continue;
      const text = readFileSync(join(dir, file), 'utf8');
      await client.query('BEGIN');
      await client.query(text);
      await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, sha256(text)]);
      await client.query('COMMIT');
    }
  } finally {
    await client.end();
  }
}

/** Tables, columns and indexes: what two databases must agree on to be the same schema. */
async function schemaOf(url: string) {
  const columns = await query(
    url,
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY table_name, column_name`,
  );
  const indexes = await query(
    url,
    "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY indexdef",
  );
  return { columns, indexes };
}

const emulatorTables = async (url: string) =>
  (await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE tablename LIKE 'emulator\\_%'")).map(
    (row) => row.tablename,
  );

describe('migrations', () => {
  it('keep the emulator out of the production set', async () => {
    const url = await freshDatabase();
    await runMigrations(url, MIGRATIONS_DIR);
    expect(await emulatorTables(url)).toEqual([]);
    expect(await query(url, "SELECT to_regclass('processor_events') AS t")).toEqual([{ t: 'processor_events' }]);

    await runMigrations(url, EMULATOR_MIGRATIONS_DIR);
    expect((await emulatorTables(url)).sort()).toEqual([
      'emulator_account_links',
      'emulator_accounts',
      'emulator_charges',
      'emulator_checkout_sessions',
      'emulator_customers',
      'emulator_disputes',
      'emulator_events',
      'emulator_fee_refunds',
      'emulator_idempotency',
      'emulator_payment_intents',
      'emulator_payment_method_domains',
      'emulator_payment_methods',
      'emulator_refunds',
      'emulator_setup_intents',
    ]);
  });

  it('move a database migrated with the old file set onto the new sets, schema unchanged', async () => {
    // The old set: the files before the fold, except that one processor migration held both the
    // production and the emulator tables, applied by the first runner (whole-file checksums only).
    const processorFile = '20261121120000_processor_accounts_and_events.sql';
    const oldSet = setBeforeBaseline((file) => file !== processorFile);
    // The old set held the emulator's first file only; every emulator file is new to that database.
    const emulatorFiles = readdirSync(EMULATOR_MIGRATIONS_DIR);
    const [emulatorFile] = emulatorFiles;
    writeFileSync(
      join(oldSet, '20261121120000_processor_emulator.sql'),
      `${readFileSync(join(BEFORE_BASELINE, processorFile), 'utf8')}\n${readFileSync(join(EMULATOR_MIGRATIONS_DIR, emulatorFile!), 'utf8')}`,
    );
    const old = await freshDatabase();
    await migrateLikeTheFirstRunner(old, oldSet);
    const recordedBefore = await query(old, 'SELECT name, checksum FROM schema_migrations ORDER BY name');

    // The baseline is recorded, not run: its schema is there already.
    expect(await runMigrations(old, MIGRATIONS_DIR)).toEqual([]);
    expect(await runMigrations(old, EMULATOR_MIGRATIONS_DIR)).toEqual(emulatorFiles);
    expect(await runMigrations(old, MIGRATIONS_DIR)).toEqual([]);
    expect(await runMigrations(old, EMULATOR_MIGRATIONS_DIR)).toEqual([]);
    expect(await query(old, 'SELECT name FROM schema_migrations WHERE name = $1', [BASELINE])).toEqual([
      { name: BASELINE },
    ]);
    // The whole-file checksums stay as recorded, so an older checkout's runner still accepts the database.
    const recordedAfter = await query(old, 'SELECT name, checksum FROM schema_migrations ORDER BY name');
    expect(recordedAfter.filter((row) => recordedBefore.some((before) => before.name === row.name))).toEqual(
      recordedBefore,
    );

    const fresh = await freshDatabase();
    expect(await runMigrations(fresh, MIGRATIONS_DIR)).toEqual(readdirSync(MIGRATIONS_DIR).sort());
    await runMigrations(fresh, EMULATOR_MIGRATIONS_DIR);
    expect(await schemaOf(old)).toEqual(await schemaOf(fresh));
  });

  it('take an npm start database from before the fold onto the baseline, schema unchanged', async () => {
    const before = setBeforeBaseline();
    const started = await freshDatabase();
    // What `npm start` left in .data/: every file before the fold, applied by the runner of the time.
    await runMigrations(started, before, { baselines: {} });

    expect(await runMigrations(started, MIGRATIONS_DIR)).toEqual([]);
    expect(await runMigrations(started, MIGRATIONS_DIR)).toEqual([]);

    const fresh = await freshDatabase();
    await runMigrations(fresh, MIGRATIONS_DIR);
    expect(await schemaOf(started)).toEqual(await schemaOf(fresh));
  });

  it('refuse a database that has only part of what the baseline folds, naming what is missing', async () => {
    const partial = await freshDatabase();
    await runMigrations(
      partial,
      setBeforeBaseline((file) => file < '20261121116000', false),
      { baselines: {} },
    );
    await expect(runMigrations(partial, MIGRATIONS_DIR)).rejects.toThrow(
      `Migration ${BASELINE} folds migrations this database has only part of (missing 20261121116000_splits.sql, `,
    );
  });

  it('refuse a statement edit to a file the first runner applied, and accept a rewording once its statements are recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    const file = '20260201000000_one.sql';
    writeFileSync(join(dir, file), '-- One, in its first wording.\nCREATE TABLE one (id int);\n');
    const url = await freshDatabase();
    await migrateLikeTheFirstRunner(url, dir);

    // The whole-file checksum is accepted once; the statements checksum is recorded beside it.
    expect(await runMigrations(url, dir)).toEqual([]);
    writeFileSync(join(dir, file), '-- One, reworded.\nCREATE TABLE one (id int);\n');
    expect(await runMigrations(url, dir)).toEqual([]);

    writeFileSync(join(dir, file), '-- One.\nCREATE TABLE one (id bigint);\n');
    await expect(runMigrations(url, dir)).rejects.toThrow(
      `Migration ${file} was changed after it was applied; add a new migration instead`,
    );
  });
});
