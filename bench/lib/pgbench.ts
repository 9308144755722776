import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@groupsplit/shared';
import { sql } from 'kysely';

const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';
export const SCRATCH_TABLE = 'bench_scratch';

/**
 * The reference side of figure 3: what the same Postgres does with nothing in front of it.
 * `pgbench -n -c <clients> -j 2 -T <seconds>` runs a one-row INSERT into a scratch table of the
 * bench database, each statement its own transaction, and reports transactions per second.
 */
export async function pgbenchInsertTps(db: Db, databaseUrl: string, options: { clients: number; seconds: number }) {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(SCRATCH_TABLE)} (
    id bigserial PRIMARY KEY,
    payload text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const script = join(tmpdir(), `groupsplit-pgbench-${process.pid}.sql`);
  writeFileSync(script, `INSERT INTO ${SCRATCH_TABLE} (payload) VALUES ('bench');\n`);
  const args = [
    '-n',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
    '-f',
    script,
    databaseUrl,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited ${code}:\n${text}`))));
  });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
  return { tps: Number(match[1]), command: `pgbench ${args.slice(0, -1).join(' ')} <bench database>` };
}
