import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from '@groupsplit/shared';
import { sql } from 'kysely';

/**
 * CPU time of the processes the bench does not start itself but every request leans on: the
 * Temporal dev server, Postgres (postmaster and backends) and the mail server. The service probes
 * (child-probe.cjs) cover only our Node processes, so without these a per-split cost leaves out
 * the server side of every statement and every workflow task. Read from /proc, so Linux only; a
 * process that cannot be found is left out and the note says so.
 */

/** Linux reports utime/stime in clock ticks; 100 per second on every kernel this runs on (CONFIG_HZ aside, USER_HZ is 100). */
const TICKS_PER_SECOND = 100;

type Stat = { pid: number; ppid: number; ownTicks: number; reapedChildTicks: number };

/** A process's `/proc/<pid>/stat`, or one thread's (`/proc/<pid>/task/<tid>/stat`, same format) with `path`. */
function readStat(pid: number, path = `/proc/${pid}/stat`): Stat | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // The command name is in parentheses and may contain spaces: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
  const at = (field: number) => Number(fields[field - 3]);
  return { pid, ppid: at(4), ownTicks: at(14) + at(15), reapedChildTicks: at(16) + at(17) };
}

function allStats(): Stat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== null);
}

/**
 * CPU of a process and everything below it, exited children included (a reaped child's time is
 * added to its parent's cutime/cstime, which is how a Postgres backend that has closed still counts).
 */
function treeCpuMs(rootPid: number, stats: Stat[]): number | null {
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return null;
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let ticks = 0;
  const visit = (s: Stat) => {
    ticks += s.ownTicks + s.reapedChildTicks;
    for (const child of children.get(s.pid) ?? []) visit(child);
  };
  visit(root);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** One process's own CPU time so far (ms, user + system, without its children), null if it is gone. */
export function pidCpuMs(pid: number): number | null {
  const stat = readStat(pid);
  return stat ? (stat.ownTicks * 1000) / TICKS_PER_SECOND : null;
}

/**
 * CPU ms so far of each of a process's threads, summed by thread name (`/proc/<pid>/task/<tid>/comm`):
 * for a Node process with a native add-on, which of its time is JavaScript ("node", a worker thread's
 * name), V8's helpers ("V8 DefaultWorke") or the add-on's own threads (the Temporal core's "tokio-runtime-w").
 * A thread that ended between two readings drops out of the second.
 */
export function threadCpuMs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    let name: string;
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue; // The thread ended while being read.
    }
    const stat = readStat(pid, `/proc/${pid}/task/${tid}/stat`);
    if (stat) byName.set(name, (byName.get(name) ?? 0) + (stat.ownTicks * 1000) / TICKS_PER_SECOND);
  }
  return byName;
}

/** What each thread name used between two `threadCpuMs` readings, busiest first. */
export function threadCpuDelta(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...after]
    .map(([name, ms]): [string, number] => [name, ms - (before.get(name) ?? 0)])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
}

export type InfraProcesses = Record<string, number>;

/**
 * The infrastructure's root processes: Temporal and mail from the runner (bench/run.mjs passes
 * their pids), Postgres's postmaster as the parent of the server's checkpointer.
 */
export async function findInfraProcesses(db: Db): Promise<InfraProcesses> {
  const found: InfraProcesses = {};
  const temporal = Number(process.env.BENCH_TEMPORAL_PID);
  const mail = Number(process.env.BENCH_MAIL_PID);
  if (temporal) found.temporal = temporal;
  if (mail) found.mail = mail;
  const checkpointer = await sql<{ pid: number }>`
    select pid from pg_stat_activity where backend_type = 'checkpointer'
  `
    .execute(db)
    .catch(() => ({ rows: [] as { pid: number }[] }));
  const postmaster = checkpointer.rows[0] ? readStat(checkpointer.rows[0].pid)?.ppid : undefined;
  if (postmaster) found.postgres = postmaster;
  return found;
}

export type InfraReading = Record<string, number | null>;

/** Each infrastructure process tree's CPU time so far (ms), null where it could not be read. */
export function readInfraCpu(processes: InfraProcesses): InfraReading {
  const stats = allStats();
  return Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, treeCpuMs(pid, stats)]));
}

/** What one phase cost each infrastructure process (ms of CPU), null where either side is missing. */
export function infraDelta(before: InfraReading, after: InfraReading): InfraReading {
  return Object.fromEntries(
    Object.entries(after).map(([name, ms]) => {
      const was = before[name];
      return [name, ms === null || was === null || was === undefined ? null : ms - was];
    }),
  );
}

/**
 * CPU of the Postgres processes that serve this database: its backends (pg_stat_activity) and the
 * server's own background processes, by pid. On a server other work shares (the machine's local
 * Postgres, which other test runs use), the postmaster's tree counts their backends too; this does
 * not. A backend that exits between two readings is lost (an under-count; pools keep theirs open).
 */
export async function readPostgresOwnCpu(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database() or backend_type <> 'client backend'
  `
    .execute(db)
    .catch(() => ({ rows: [] as { pid: number }[] }));
  const reading = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = pidCpuMs(pid);
    if (ms !== null) reading.set(pid, ms);
  }
  return reading;
}

/** ms of CPU between two readings of readPostgresOwnCpu (a backend new since the first counts whole). */
export function postgresOwnDelta(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}
