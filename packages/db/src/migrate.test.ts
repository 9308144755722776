import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { runMigrations } from './migrate';
import { startResetProxy } from './test-support/reset-proxy';

/** Runs against a throwaway database on the test run's Postgres server. */
describe('runMigrations', () => {
  const server = process.env.TEST_PG_SERVER_URL!;
  const name = `migrate_test_${Date.now()}`;
  const url = `${server}/${name}`;
  const admin = () => new Client({ connectionString: `${server}/postgres` });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });

  it('starts again on a new connection when the server ends its connection between statements', async () => {
    // A service starting while Postgres fails over (the chaos run terminating backends as a worker
    // started): the 'error' event on the idle connection ended the worker's process.
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '20260201000000_lost_first.sql'), 'CREATE TABLE lost_one (id int);');
    writeFileSync(join(dir, '20260201000001_lost_second.sql'), 'CREATE TABLE lost_two (id int);');
    const proxy = await startResetProxy(url, { terminateIdleOnceAfter: 'pg_advisory_lock' });
    try {
      expect(await runMigrations(proxy.url, dir)).toEqual([
        '20260201000000_lost_first.sql',
        '20260201000001_lost_second.sql',
      ]);
    } finally {
      await proxy.close();
    }
    expect(await runMigrations(url, dir)).toEqual([]);
  });

  it('applies new files in name order once, and refuses an applied file that was edited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '20260101000000_first.sql'), 'CREATE TABLE one (id int);');
    writeFileSync(join(dir, '20260101000001_second.sql'), 'CREATE TABLE two (id int);');
    writeFileSync(join(dir, 'notes.txt'), 'not a migration');
    expect(await runMigrations(url, dir)).toEqual(['20260101000000_first.sql', '20260101000001_second.sql']);
    expect(await runMigrations(url, dir)).toEqual([]);

    writeFileSync(join(dir, '20260101000001_second.sql'), 'CREATE TABLE two (id bigint);');
    await expect(runMigrations(url, dir)).rejects.toThrow(
      'Migration 20260101000001_second.sql was changed after it was applied; add a new migration instead',
    );
  });

  it('accepts an applied file whose comments and whitespace were reworded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '20260103000000_commented.sql'), '-- First wording.\nCREATE TABLE four (id int);\n');
    expect(await runMigrations(url, dir)).toEqual(['20260103000000_commented.sql']);
    writeFileSync(
      join(dir, '20260103000000_commented.sql'),
      '-- Second wording,\n-- on two lines.\n\nCREATE TABLE four (id int);',
    );
    expect(await runMigrations(url, dir)).toEqual([]);
  });

  it('rolls a failing migration back whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(
      join(dir, '20260102000000_broken.sql'),
      'CREATE TABLE three (id int); SELECT nope_no_such_function();',
    );
    await expect(runMigrations(url, dir)).rejects.toThrow(/Migration 20260102000000_broken.sql failed/);
    const client = new Client({ connectionString: url });
    await client.connect();
    const table = await client.query("SELECT to_regclass('three') AS t");
    await client.end();
    expect(table.rows[0].t).toBeNull();
  });
});
