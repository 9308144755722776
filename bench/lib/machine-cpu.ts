import { readdirSync, readFileSync } from 'node:fs';

/**
 * Whole-machine CPU by process over a phase, from /proc: every process's utime + stime
 * (/proc/<pid>/stat, all its threads) and the machine's busy and idle time (/proc/stat). What the
 * processes do not account for is the kernel's own work outside any process (softirq: loopback
 * TCP delivered in interrupt context, for one) and processes that started and ended inside the phase.
 */

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this project runs on.

type ProcessTicks = { pid: number; comm: string; cmdline: string; ticks: number };
export type MachineSnapshot = {
  at: number;
  busy: number;
  idle: number;
  iowait: number;
  steal: number;
  processes: Map<number, ProcessTicks>;
};

function readProcess(pid: number): ProcessTicks | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // Fields 14 and 15 (utime, stime) are at 11 and 12 after the state field (field 3).
    const ticks = Number(fields[11]) + Number(fields[12]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    return { pid, comm, cmdline, ticks };
  } catch {
    return undefined; // ended between the listing and the read
  }
}

export function machineSnapshot(): MachineSnapshot {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest is already inside user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu as number[];
  const processes = new Map<number, ProcessTicks>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const reading = readProcess(Number(entry));
    if (reading) processes.set(reading.pid, reading);
  }
  return {
    at: performance.now(),
    busy: user! + nice! + system! + irq! + softirq! + steal!,
    idle: idle! + iowait!,
    iowait: iowait!,
    steal: steal!,
    processes,
  };
}

/** A process's group in the report: a named pid (a service, the bench), else what it runs. */
function groupOf(process: ProcessTicks, named: Map<number, string>, temporalPort?: string): string {
  const name = named.get(process.pid);
  if (name) return name;
  if (process.comm === 'postgres') {
    // A backend's title names its client: "postgres: 15/main: <user> <database> 127.0.0.1(port) <state>".
    return /\(\d+\)|\[local\]/.test(process.cmdline) ? 'postgres backends' : 'postgres (its own processes)';
  }
  if (process.comm === 'temporal')
    return temporalPort && process.cmdline.includes(`--port ${temporalPort}`)
      ? 'temporal dev server'
      : 'temporal (another run)';
  if (process.comm === 'redis-server') return 'redis';
  if (/^(node|MainThread)/.test(process.comm)) return `other node (${process.cmdline.slice(0, 60)})`;
  return process.comm;
}

export type MachineCpu = {
  wallMs: number;
  /** Cores' worth of busy time over the phase (2 = both cores busy throughout). */
  busyCores: number;
  idleCores: number;
  /** Of idle: waiting on I/O. Of busy: taken by the hypervisor. */
  iowaitCores: number;
  stealCores: number;
  /** Cores' worth per group, largest first; "not in any process" is busy time no process was charged. */
  groups: { name: string; cores: number }[];
};

export function machineCpuDelta(
  before: MachineSnapshot,
  after: MachineSnapshot,
  /** Processes to report by name (the services, the bench); the bench's Temporal by its port. */
  named: Map<number, string>,
  temporalPort?: string,
): MachineCpu {
  const seconds = (after.at - before.at) / 1000;
  const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
  const groups = new Map<string, number>();
  let charged = 0;
  for (const [pid, end] of after.processes) {
    const start = before.processes.get(pid);
    const ticks = end.ticks - (start?.ticks ?? 0);
    if (ticks <= 0) continue;
    charged += ticks;
    const group = groupOf(end, named, temporalPort);
    groups.set(group, (groups.get(group) ?? 0) + ticks);
  }
  const busy = after.busy - before.busy;
  // /proc/stat counts every CPU; its busy ticks over the phase are the same units as a process's.
  groups.set('not in any process', Math.max(0, busy - charged));
  return {
    wallMs: after.at - before.at,
    busyCores: cores(busy),
    idleCores: cores(after.idle - before.idle),
    iowaitCores: cores(after.iowait - before.iowait),
    stealCores: cores(after.steal - before.steal),
    groups: [...groups]
      .map(([name, ticks]) => ({ name, cores: cores(ticks) }))
      .filter((group) => group.cores >= 0.005)
      .sort((a, b) => b.cores - a.cores),
  };
}

export function describeMachineCpu(cpu: MachineCpu, requests: number): string {
  const perRequest = (cores: number) => ((cores * cpu.wallMs) / Math.max(1, requests)).toFixed(2);
  const parts = cpu.groups.map((g) => `${g.name} ${g.cores.toFixed(2)} (${perRequest(g.cores)} ms/req)`);
  return (
    `machine CPU over ${(cpu.wallMs / 1000).toFixed(1)} s, in cores: busy ${cpu.busyCores.toFixed(2)}, ` +
    `idle ${cpu.idleCores.toFixed(2)} (iowait ${cpu.iowaitCores.toFixed(2)}), steal ${cpu.stealCores.toFixed(2)}; ${parts.join(', ')}`
  );
}
