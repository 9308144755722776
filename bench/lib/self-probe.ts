import pg from 'pg';

/**
 * The bench process's own share, for benches whose code under test runs in the bench process (the
 * webhook writers and their dispatcher): SQL statements its pg clients send, and its CPU time.
 * Counted the way bench/lib/child-probe.cjs counts a service's.
 */
let statements = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

export type SelfReading = { statements: number; cpuMs: number };

export function selfProbe(): SelfReading {
  const cpu = process.cpuUsage();
  return { statements, cpuMs: (cpu.user + cpu.system) / 1000 };
}

export const selfDelta = (before: SelfReading, after: SelfReading): SelfReading => ({
  statements: after.statements - before.statements,
  cpuMs: after.cpuMs - before.cpuMs,
});

/**
 * BENCH_SELF_PROF=<file>: a V8 CPU profile of the bench process over `phase` (node:inspector), for
 * benches whose code under test runs in it. `--cpu-prof` cannot be passed through NODE_OPTIONS.
 */
export async function profiled<T>(phase: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_SELF_PROF;
  if (!file) return phase();
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await phase();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
