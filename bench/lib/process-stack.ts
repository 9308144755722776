import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Config, createDb, createTemporalClient, loadConfig } from '@groupsplit/shared';
import { createApiClient } from '@groupsplit/testing';

const ROOT = path.resolve(__dirname, '..', '..');
const PROBE = path.join(__dirname, 'child-probe.cjs');

/** Each service's entry point, as `npm start` runs them (scripts/start.mjs). */
const ENTRIES = {
  emulator: 'services/processor-emulator/src/main.ts',
  merchants: 'services/merchants/src/main.ts',
  checkout: 'services/checkout/src/main.ts',
  gateway: 'services/gateway/src/main.ts',
  worker: 'services/worker/src/main.ts',
} as const;

export type ServiceName = keyof typeof ENTRIES;
export const SERVICE_NAMES = Object.keys(ENTRIES) as ServiceName[];

/** What a service process reports about itself (bench/lib/child-probe.cjs). */
export type ProbeReading = {
  statements: number;
  cpuMs: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Since the process's previous probe: event-loop delay and garbage collection. */
  pauses: { loopDelayP99Ms: number; loopDelayMaxMs: number; gcCount: number; gcTotalMs: number; gcMaxMs: number };
};

/**
 * Where the run's own processes listen: below Linux's ephemeral range (32768–60999 by default) and below
 * the Temporal cluster's (scripts/lib/temporal-cluster.mjs). A service the chaos run kills listens again on
 * the same port; a port from the ephemeral range can meanwhile become the local end of any outgoing
 * connection on the machine (a Postgres pool, another test run), and the restart fails with EADDRINUSE.
 */
const RUN_PORT_RANGE = [10_000, 19_999] as const;

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const [low, high] = RUN_PORT_RANGE;
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await listensOn(port)) return port;
  }
}

export type Running = { name: ServiceName; child: ChildProcess; output: () => string; exited: Promise<void> };

const children = new Set<ChildProcess>();
// A bench that fails or times out exits at once: its services must not outlive it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** The schedules a bench's worker installed for its task queue: they must not outlive the bench. */
export async function deleteTaskQueueSchedules(
  temporal: Awaited<ReturnType<typeof createTemporalClient>>,
  taskQueue: string,
) {
  for await (const schedule of temporal.client.schedule.list()) {
    if (schedule.scheduleId.includes(taskQueue)) {
      await temporal.client.schedule
        .getHandle(schedule.scheduleId)
        .delete()
        .catch(() => undefined);
    }
  }
}

/**
 * How a service's entry point runs: from source through tsx (the default, as `npm start`), or from the
 * output of `npm run build` in `built` (scripts/build.mjs), as production runs it: `node <built>/<entry>.js`.
 */
function entryArgs(name: ServiceName, built?: string): string[] {
  if (!built) return ['--import', 'tsx', ENTRIES[name]];
  return [path.join(built, ENTRIES[name].replace(/\.ts$/, '.js'))];
}

export function spawnService(name: ServiceName, env: NodeJS.ProcessEnv, options: { built?: string } = {}): Running {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of every service (on a clean exit) for `node --cpu-prof`'s viewers.
  const profileDir = process.env.BENCH_CPU_PROF;
  // One folder per service and Node's own file names (pid and thread): tsx's loader runs in a thread
  // of its own, and with one fixed name its mostly idle profile overwrote the main thread's.
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : [];
  // --expose-gc: the probe can collect garbage before it reads a heap, so a reading is what is live.
  const child = spawn(
    process.execPath,
    [...profile, '--expose-gc', '--require', PROBE, ...entryArgs(name, options.built)],
    {
      cwd: ROOT,
      env: { ...env, BENCH_SERVICE_NAME: name },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  // BENCH_SERVICE_LOG_DIR keeps each service's whole output (with BENCH_LOG_LEVEL=debug, every processor call).
  const logDir = process.env.BENCH_SERVICE_LOG_DIR;
  const log = logDir ? createWriteStream(path.join(logDir, `${name}-${child.pid}.log`)) : null;
  const collect = (chunk: Buffer) => {
    log?.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, child, output: () => output, exited };
}

export async function waitReady(running: Running, url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`${running.name} exited:\n${running.output()}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${running.name} not ready after ${timeoutMs} ms:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function probe(running: Running, timeoutMs = 10_000): Promise<ProbeReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      running.child.off('message', onMessage);
      reject(new Error(`${running.name} did not answer the probe`));
    }, timeoutMs);
    const onMessage = (message: { kind?: string } & ProbeReading) => {
      if (message?.kind !== 'bench:probe') return;
      clearTimeout(timer);
      running.child.off('message', onMessage);
      resolve({
        statements: message.statements,
        cpuMs: message.cpuMs,
        rssBytes: message.rssBytes,
        heapUsedBytes: message.heapUsedBytes,
        pauses: message.pauses,
      });
    };
    running.child.on('message', onMessage);
    running.child.send('bench:probe');
  });
}

/** One V8 isolate's heap (the main thread, or a worker thread such as the Temporal workflow thread). */
export type IsolateMemory = {
  threadId: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
};

/** A process's resident memory (/proc/<pid>/status) and the heap of every isolate in it. */
export type MemoryReading = {
  rss: number;
  rssAnon: number;
  rssFile: number;
  threads: number;
  cpuMs: number;
  main: IsolateMemory;
  workerThreads: IsolateMemory[];
};

function memoryProbe(running: Running, collect: boolean, timeoutMs = 30_000): Promise<MemoryReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      running.child.off('message', onMessage);
      reject(new Error(`${running.name} did not answer the memory probe`));
    }, timeoutMs);
    const onMessage = (message: { kind?: string } & MemoryReading) => {
      if (message?.kind !== 'bench:memory') return;
      clearTimeout(timer);
      running.child.off('message', onMessage);
      const { kind: _kind, ...reading } = message;
      resolve(reading);
    };
    running.child.on('message', onMessage);
    running.child.send({ kind: 'bench:memory', collect });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`: past the service's drain bound (SHUTDOWN_DRAIN_MS, 70 s), as Kubernetes' 80 s. */
export async function stopService(running: Running, graceMs = 80_000) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const timer = setTimeout(() => running.child.kill('SIGKILL'), graceMs);
  running.child.kill('SIGTERM');
  await running.exited;
  clearTimeout(timer);
}

/**
 * The whole system the way `npm start` runs it: the emulator, the three services and the worker,
 * each in its own Node process (its own core to compete for), on free ports, against the bench run's
 * Postgres, Temporal and mail server. The bench process itself only generates load and reads the
 * database. `env` adds or overrides configuration for every service (HOLD_TTL_MS, for example).
 */
export async function startProcessStack(
  env: Record<string, string> = {},
  options: {
    perService?: (name: ServiceName) => Record<string, string>;
    /** Run every service from this `npm run build` output instead of from source (see entryArgs). */
    built?: string;
    /**
     * How many workers poll the task queue (default 1), as production runs two or more replicas
     * (docs/deploy.md). Each has its own metrics ports; `kill`, `start` and `pid` name one by its replica
     * number (1 is the first, the one every other method means).
     */
    workers?: number;
  } = {},
) {
  const [gatewayPort, merchantsPort, checkoutPort, emulatorPort, metricsPort, temporalMetricsPort] = await Promise.all(
    Array.from({ length: 6 }, freePort),
  );
  const workers = options.workers ?? 1;
  // Replicas 2 and up of the worker: the ports its metrics server and Temporal's exporter listen on.
  const replicaPorts = new Map<number, { metrics: number; temporalMetrics: number }>();
  for (let replica = 2; replica <= workers; replica += 1) {
    replicaPorts.set(replica, { metrics: await freePort(), temporalMetrics: await freePort() });
  }
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const serviceEnv: Record<string, string> = {
    TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
    GATEWAY_PORT: String(gatewayPort),
    MERCHANTS_PORT: String(merchantsPort),
    CHECKOUT_PORT: String(checkoutPort),
    EMULATOR_PORT: String(emulatorPort),
    WORKER_METRICS_PORT: String(metricsPort),
    WORKER_TEMPORAL_METRICS_PORT: String(temporalMetricsPort),
    PUBLIC_BASE_URL: gateway,
    MERCHANTS_URL: `http://127.0.0.1:${merchantsPort}`,
    CHECKOUT_URL: `http://127.0.0.1:${checkoutPort}`,
    STRIPE_API_BASE_URL: `http://127.0.0.1:${emulatorPort}`,
    // The bench's API client sends X-Forwarded-For; trusting loopback keeps per-IP limits per caller.
    TRUSTED_PROXIES: '127.0.0.1',
    ...env,
  };
  const fullEnv = { ...process.env, ...serviceEnv };
  const readyUrls: Record<ServiceName, string> = {
    emulator: `http://127.0.0.1:${emulatorPort}/readyz`,
    merchants: `http://127.0.0.1:${merchantsPort}/readyz`,
    checkout: `http://127.0.0.1:${checkoutPort}/readyz`,
    gateway: `${gateway}/readyz`,
    worker: `http://127.0.0.1:${metricsPort}/readyz`,
  };
  /** Every process by its service and replica: `worker` is replica 1, `worker:2` the second worker. */
  const running = new Map<string, Running>();
  const key = (name: ServiceName, replica = 1) => (replica === 1 ? name : `${name}:${replica}`);
  const startOne = async (name: ServiceName, replica = 1) => {
    const ports = replica === 1 ? undefined : replicaPorts.get(replica);
    if (replica !== 1 && (name !== 'worker' || !ports)) throw new Error(`no ${key(name, replica)} in this stack`);
    const replicaEnv = ports
      ? { WORKER_METRICS_PORT: String(ports.metrics), WORKER_TEMPORAL_METRICS_PORT: String(ports.temporalMetrics) }
      : {};
    const service = spawnService(
      name,
      { ...fullEnv, ...options.perService?.(name), ...replicaEnv },
      { built: options.built },
    );
    running.set(key(name, replica), service);
    await waitReady(service, ports ? `http://127.0.0.1:${ports.metrics}/readyz` : readyUrls[name]);
  };
  // The emulator first: the others migrate the same database, and the emulator adds its own set.
  await startOne('emulator');
  await Promise.all(SERVICE_NAMES.filter((name) => name !== 'emulator').map((name) => startOne(name)));
  await Promise.all([...replicaPorts.keys()].map((replica) => startOne('worker', replica)));

  const config: Config = loadConfig(fullEnv);
  const db = createDb(config.DATABASE_URL, 8);
  const temporal = await createTemporalClient(config);
  const get = (name: ServiceName, replica = 1) => {
    const service = running.get(key(name, replica));
    if (!service) throw new Error(`${key(name, replica)} is not running`);
    return service;
  };

  return {
    config,
    db,
    temporal,
    urls: {
      gateway,
      merchants: config.MERCHANTS_URL,
      checkout: config.CHECKOUT_URL,
      emulator: config.STRIPE_API_BASE_URL!,
    },
    api: createApiClient(gateway),
    /** How many workers poll the task queue (options.workers). */
    workers,
    pid: (name: ServiceName, replica = 1) => get(name, replica).child.pid!,
    output: (name: ServiceName) => get(name).output(),
    /** Statements, CPU time and memory of each service process, read now. */
    async probe(): Promise<Record<ServiceName, ProbeReading>> {
      const readings = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await probe(get(name))] as const));
      return Object.fromEntries(readings) as Record<ServiceName, ProbeReading>;
    },
    /**
     * One service's resident memory and every V8 isolate's heap in it; `collect` runs a full GC in
     * each isolate first, so the heap figures are what is live.
     */
    memory: (name: ServiceName, options: { collect?: boolean } = {}) =>
      memoryProbe(get(name), options.collect ?? false),
    /** Stops one service and starts it again with extra configuration (the rest keep running). */
    async restart(name: ServiceName, extraEnv: Record<string, string> = {}) {
      await stopService(get(name));
      Object.assign(fullEnv, extraEnv);
      await startOne(name);
    },
    /** Kills one service at once (no graceful shutdown) and waits for the process to be gone. */
    async kill(name: ServiceName, signal: NodeJS.Signals = 'SIGKILL', replica = 1) {
      const service = get(name, replica);
      if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill(signal);
      await service.exited;
    },
    /** Starts a service that was killed or stopped, and waits until it is ready. */
    start: (name: ServiceName, replica = 1) => startOne(name, replica),
    async stop() {
      await Promise.all([...running.values()].map((service) => stopService(service)));
      await deleteTaskQueueSchedules(temporal, config.TEMPORAL_TASK_QUEUE);
      await temporal.close();
      await db.destroy();
    },
  };
}

export type ProcessStack = Awaited<ReturnType<typeof startProcessStack>>;

/** Per-service difference of two probe readings: what one phase cost each process. */
export function probeDelta(before: Record<ServiceName, ProbeReading>, after: Record<ServiceName, ProbeReading>) {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      name,
      {
        statements: after[name].statements - before[name].statements,
        cpuMs: after[name].cpuMs - before[name].cpuMs,
      },
    ]),
  ) as Record<ServiceName, { statements: number; cpuMs: number }>;
}
