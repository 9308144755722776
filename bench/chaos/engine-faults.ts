import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { processAlive } from '@groupsplit/testing';
import pg from 'pg';
import type { ChaosHttp } from './http';

/**
 * Faults on the engine itself, when the run is on the Temporal cluster (`CHAOS_TEMPORAL=cluster`,
 * scripts/lib/temporal-cluster.mjs): one every ENGINE_FAULT_EVERY_MS, in this order, over and over:
 *
 * - a history process killed -9 (its shards move to the other; the cluster's supervisor starts it again,
 *   as Kubernetes restarts a pod's container, and the shards are shared out again);
 * - Temporal's Postgres backends terminated (pg_terminate_backend on `temporal` and `temporal_visibility`);
 * - a matching process restarted (SIGTERM, then started again);
 * - visibility writes held for VISIBILITY_PAUSE_MS (a transaction holding a SHARE lock on
 *   `executions_visibility`: reads go on, every insert and update waits);
 * - the other history process killed -9;
 * - the frontend restarted (there is one, on the address every client has: they reconnect);
 * - the other matching process restarted.
 *
 * The cluster's state file (cluster.json) has each process's pid; the supervisor writes the new pid there.
 */

export const ENGINE_FAULT_EVERY_MS = Number(process.env.CHAOS_ENGINE_FAULT_EVERY_MS ?? 30_000);
export const VISIBILITY_PAUSE_MS = 15_000;
/**
 * A fault's window (in which a 503 `service_unavailable` is explained) stays open this long after the
 * process is back: its shards or task queues are handed back to it after it rejoins the ring.
 */
const SETTLE_MS = 15_000;
/** A restarted process that has not opened its gRPC port by then fails the run. */
const RECOVERY_TIMEOUT_MS = 120_000;
/**
 * How long a process sent SIGTERM may take to stop before it is killed, as the kubelet does after a
 * pod's terminationGracePeriodSeconds (Temporal's chart sets none, so Kubernetes' default, 30 s). Under
 * the CPU hog, with its Postgres backends being terminated, a matching process once spent 5 minutes
 * stopping its task queues until its own stop deadline (run H2, bench/history/2026-12-cluster.md); in
 * production it would have been killed at 30 s.
 */
const TERMINATION_GRACE_MS = 30_000;

type ClusterState = {
  address: string;
  postgresUrl: string;
  supervised: boolean;
  pids: Record<string, number>;
  ports: Record<string, { grpc: number }>;
};

export type EngineFaultTally = {
  historyKills: number;
  matchingRestarts: number;
  frontendRestarts: number;
  temporalBackendsTerminated: number;
  temporalTerminateRounds: number;
  visibilityPauses: number;
  /** ms from each kill or restart until the new process took connections on its gRPC port. */
  recoveriesMs: Record<string, number[]>;
  /** Restarts whose process outlived TERMINATION_GRACE_MS after SIGTERM and was killed, as Kubernetes would. */
  killedAfterGrace: number;
  /** Faults that could not be done or whose process did not come back: each fails the run. */
  failures: string[];
};

type Fault =
  | { kind: 'kill'; process: string }
  | { kind: 'restart'; process: string }
  | { kind: 'terminate-backends' }
  | { kind: 'pause-visibility' };

export const ENGINE_FAULT_CYCLE: Fault[] = [
  { kind: 'kill', process: 'history-1' },
  { kind: 'terminate-backends' },
  { kind: 'restart', process: 'matching-1' },
  { kind: 'pause-visibility' },
  { kind: 'kill', process: 'history-2' },
  { kind: 'restart', process: 'frontend' },
  { kind: 'restart', process: 'matching-2' },
];

export const engineFaultCount = (tally: EngineFaultTally) =>
  tally.historyKills +
  tally.matchingRestarts +
  tally.frontendRestarts +
  tally.temporalTerminateRounds +
  tally.visibilityPauses;

const readState = (file: string): ClusterState => JSON.parse(readFileSync(file, 'utf8'));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startEngineFaults(options: {
  stateFile: string;
  http: ChaosHttp;
  log: (line: string) => void;
  /** The first fault comes this long after the start. */
  firstAtMs?: number;
}) {
  const { stateFile, http, log } = options;
  const initial = readState(stateFile);
  if (!initial.supervised)
    throw new Error(`${stateFile}: the cluster is not supervised; killed processes would stay down`);
  const tally: EngineFaultTally = {
    historyKills: 0,
    matchingRestarts: 0,
    frontendRestarts: 0,
    temporalBackendsTerminated: 0,
    temporalTerminateRounds: 0,
    visibilityPauses: 0,
    recoveriesMs: {},
    killedAfterGrace: 0,
    failures: [],
  };
  let stopping = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const temporalDb = (database: string) =>
    new pg.Client({ connectionString: `${initial.postgresUrl}/${database}`, application_name: 'chaos-engine-faults' });

  /** Sends the signal and waits until the supervisor's new process listens on the process's gRPC port. */
  const bounce = async (name: string, signal: 'SIGKILL' | 'SIGTERM') => {
    const before = readState(stateFile).pids[name];
    if (!before) throw new Error(`no process ${name} in ${stateFile}`);
    const at = Date.now();
    process.kill(before, signal);
    const deadline = at + RECOVERY_TIMEOUT_MS;
    let graceOver = signal === 'SIGTERM' ? at + TERMINATION_GRACE_MS : null;
    for (;;) {
      if (graceOver !== null && Date.now() > graceOver) {
        graceOver = null;
        // The supervisor records the new process once the old one has exited.
        if (readState(stateFile).pids[name] === before && processAlive(before)) {
          process.kill(before, 'SIGKILL');
          tally.killedAfterGrace += 1;
          log(`engine: ${name} still stopping ${TERMINATION_GRACE_MS} ms after SIGTERM; killed, as Kubernetes would`);
        }
      }
      const now = readState(stateFile).pids[name];
      if (now && now !== before && (await portOpen(initial.ports[name]!.grpc))) break;
      if (Date.now() > deadline) throw new Error(`${name} did not come back within ${RECOVERY_TIMEOUT_MS} ms`);
      await pause(200);
    }
    const ms = Date.now() - at;
    tally.recoveriesMs[name] = [...(tally.recoveriesMs[name] ?? []), ms];
    log(`engine: ${name} ${signal === 'SIGKILL' ? 'killed -9' : 'restarted'}; listening again after ${ms} ms`);
  };

  const terminateBackends = async () => {
    const client = temporalDb('postgres');
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (
           SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname IN ('temporal', 'temporal_visibility') AND pid <> pg_backend_pid()
         ) t`,
      );
      tally.temporalBackendsTerminated += rows[0]?.n ?? 0;
      tally.temporalTerminateRounds += 1;
      log(`engine: ${rows[0]?.n ?? 0} backends of Temporal's Postgres terminated`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const pauseVisibility = async () => {
    const client = temporalDb('temporal_visibility');
    await client.connect();
    try {
      await client.query('BEGIN');
      // SHARE conflicts with the ROW EXCLUSIVE every INSERT, UPDATE and DELETE takes; SELECTs go on.
      await client.query('LOCK TABLE executions_visibility IN SHARE MODE');
      log(`engine: visibility writes held for ${VISIBILITY_PAUSE_MS / 1000} s`);
      await pause(VISIBILITY_PAUSE_MS);
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE c.relname = 'executions_visibility' AND NOT l.granted`,
      );
      await client.query('COMMIT');
      tally.visibilityPauses += 1;
      log(`engine: visibility writes released (${rows[0]?.n ?? 0} waiting at the release)`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const run = async (fault: Fault) => {
    const done = http.engineFault();
    try {
      if (fault.kind === 'kill') {
        await bounce(fault.process, 'SIGKILL');
        tally.historyKills += 1;
      } else if (fault.kind === 'restart') {
        await bounce(fault.process, 'SIGTERM');
        if (fault.process === 'frontend') tally.frontendRestarts += 1;
        else tally.matchingRestarts += 1;
      } else if (fault.kind === 'terminate-backends') await terminateBackends();
      else await pauseVisibility();
    } finally {
      // Ends the window after the settling time, without holding up the next fault.
      setTimeout(done, SETTLE_MS);
    }
  };

  const loop = (async () => {
    await sleep(options.firstAtMs ?? ENGINE_FAULT_EVERY_MS);
    for (let i = 0; !stopping; i++) {
      const fault = ENGINE_FAULT_CYCLE[i % ENGINE_FAULT_CYCLE.length]!;
      await run(fault).catch((error: Error) => {
        tally.failures.push(`${JSON.stringify(fault)}: ${error.message}`);
        log(`engine: ${JSON.stringify(fault)} failed: ${error.message}`);
      });
      if (stopping) break;
      await sleep(ENGINE_FAULT_EVERY_MS);
    }
  })();

  return {
    tally,
    /** Ends the faults; a fault in progress finishes first (its process back, its lock released). */
    async stop() {
      stopping = true;
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
