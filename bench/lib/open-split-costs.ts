/**
 * What an open split costs while it waits (figures 10 and 11, open splits at scale): the storage it takes in
 * Temporal's database and in ours, the idle CPU of the worker, Temporal and Postgres, and whether
 * Temporal's visibility and our projection agree on how many are pending.
 */
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { reconciliationJanitorWorkflow } from '@groupsplit/workflows';
import { sql } from 'kysely';
import {
  findInfraProcesses,
  pidCpuMs,
  postgresOwnDelta,
  readInfraCpu,
  readPostgresOwnCpu,
  threadCpuDelta,
  threadCpuMs,
} from './infra-cpu';
import type { ProcessStack } from './process-stack';

/** The tables that hold a split in our projection. */
const SPLIT_TABLES = ['splits', 'split_participants', 'split_history'];

/** Bytes of the bench Temporal's SQLite database (with its WAL), null when it runs in memory. */
function temporalFileBytes(): number | null {
  const file = process.env.BENCH_TEMPORAL_DB_FILE;
  if (!file) return null;
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return size(file) + size(`${file}-wal`);
}

export type StorageReading = { temporal: number | null; splitTables: number; database: number };

export async function readStorage(stack: ProcessStack): Promise<StorageReading> {
  const { rows } = await sql<{ split_tables: string; database: string }>`
    SELECT (SELECT sum(pg_total_relation_size(t::regclass)) FROM unnest(${SPLIT_TABLES}::text[]) t)::bigint AS split_tables,
           pg_database_size(current_database())::bigint AS database
  `.execute(stack.db);
  return {
    temporal: temporalFileBytes(),
    splitTables: Number(rows[0]!.split_tables),
    database: Number(rows[0]!.database),
  };
}

/** Bytes per split between two readings. */
export function storagePerSplit(before: StorageReading, after: StorageReading, splits: number) {
  const per = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / splits);
  return {
    temporal: per(before.temporal, after.temporal),
    splitTables: per(before.splitTables, after.splitTables),
    database: per(before.database, after.database),
  };
}

/**
 * CPU (ms) each process spent while `during` ran: the worker (and by thread), the emulator, Temporal,
 * and Postgres (this database's backends, and the whole server).
 */
async function cpuWhile<T>(stack: ProcessStack, during: () => Promise<T>) {
  const infra = await findInfraProcesses(stack.db);
  const read = (): Record<string, number | null> => ({
    worker: pidCpuMs(stack.pid('worker')),
    emulator: pidCpuMs(stack.pid('emulator')),
    ...readInfraCpu(infra),
  });
  const pgBefore = await readPostgresOwnCpu(stack.db);
  const workerThreadsBefore = threadCpuMs(stack.pid('worker'));
  const before = read();
  const started = performance.now();
  const value = await during();
  const after = read();
  const workerThreads = threadCpuDelta(workerThreadsBefore, threadCpuMs(stack.pid('worker')));
  const elapsedMs = performance.now() - started;
  // Read last: the query's own backend work falls outside the window.
  const pgAfter = await readPostgresOwnCpu(stack.db);
  const used = (name: string) => {
    const a = after[name];
    const b = before[name];
    return typeof a === 'number' && typeof b === 'number' ? a - b : null;
  };
  return {
    value,
    elapsedMs,
    worker: used('worker'),
    /** The worker's CPU ms by thread name: JavaScript, V8's helpers, the Temporal core. */
    workerThreads,
    emulator: used('emulator'),
    temporal: used('temporal'),
    /** This database's backends and the server's background processes. */
    postgres: postgresOwnDelta(pgBefore, pgAfter),
    /** The whole server (postmaster's tree), other databases' work included. */
    postgresServer: used('postgres'),
  };
}

/** CPU (ms) of the worker, Temporal and Postgres over `windowMs` in which nothing is asked of them. */
export function idleCpu(stack: ProcessStack, windowMs: number) {
  return cpuWhile(stack, () => new Promise((resolve) => setTimeout(resolve, windowMs)));
}

/**
 * Running split workflows of this stack's task queue in Temporal's visibility (by search attribute
 * SplitStatus), and pending splits of the merchant in our projection. Visibility is eventually
 * consistent, so this reads again until they agree or `timeoutMs` has passed.
 */
export async function visibilityAgainstProjection(stack: ProcessStack, merchantId: string, timeoutMs = 20_000) {
  const query =
    `WorkflowType = 'splitWorkflow' AND ExecutionStatus = 'Running' AND SplitStatus = 'pending' ` +
    `AND MerchantId = '${merchantId}' AND TaskQueue = '${stack.config.TEMPORAL_TASK_QUEUE}'`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [visible, projected] = await Promise.all([
      stack.temporal.client.workflow.count(query).then((c) => c.count),
      stack.db
        .selectFrom('splits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ]);
    if (visible === projected || Date.now() > deadline) return { visible, projected, query };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const janitorQuery = (stack: ProcessStack) =>
  `WorkflowType = 'reconciliationJanitorWorkflow' AND TaskQueue = '${stack.config.TEMPORAL_TASK_QUEUE}'`;

/**
 * Waits until no janitor sweep of this stack runs. The schedule sweeps every 15 minutes, and a sweep
 * over many open splits is work, not idleness: an idle window is read between sweeps, and the
 * sweep's own cost is measured apart (janitorSweepCost) and spread over its interval.
 */
export async function waitForNoJanitorSweep(stack: ProcessStack, timeoutMs = 15 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { count } = await stack.temporal.client.workflow.count(
      `${janitorQuery(stack)} AND ExecutionStatus = 'Running'`,
    );
    if (count === 0 || Date.now() > deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** Janitor sweeps of this stack that ran for any part of [from, to] (epoch ms). */
export async function janitorSweepsDuring(stack: ProcessStack, from: number, to: number) {
  let overlapping = 0;
  for await (const run of stack.temporal.client.workflow.list({ query: janitorQuery(stack) })) {
    const started = run.startTime.getTime();
    const closed = run.closeTime?.getTime() ?? Number.POSITIVE_INFINITY;
    if (started <= to && closed >= from) overlapping++;
  }
  return overlapping;
}

/**
 * One reconciliation sweep over a business's splits, run as the schedule runs it (the janitor
 * workflow on the stack's worker): how long it took, what it found, and the CPU (ms) each process
 * spent. The emulator stands in for Stripe, whose reads cost network time the emulator's do not.
 */
export async function janitorSweepCost(stack: ProcessStack, merchantId: string) {
  const { value: result, ...cpu } = await cpuWhile(stack, () =>
    stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `bench-janitor-${randomUUID()}`,
      args: [{ merchantId }],
    }),
  );
  return { result, ...cpu };
}
