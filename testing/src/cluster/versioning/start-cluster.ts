import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { waitUntil } from '../../wait';

/** Temporal's real server as `npm run cluster -- --temporal-only` starts it, for a cluster test file. */
const ROOT = join(__dirname, '..', '..', '..', '..');
export const CLUSTER_START_TIMEOUT_MS = 20 * 60_000;

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A frontend port P with P…P+210 free and below 32768 - 210 (CLUSTER_PORT_RANGE in scripts/lib/temporal-cluster.mjs). */
async function freeClusterBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * (32_767 - 210 - 20_000));
    const offsets = [10, ...[0, 100, 200].flatMap((block) => [0, 1, 2, 3, 4, 5].map((i) => block + i))];
    if ((await Promise.all(offsets.map((offset) => portFree(base + offset)))).every(Boolean)) return base;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type RunningCluster = {
  address: string;
  pids: Record<string, number>;
  dir: string;
  startedInMs: number;
  stop(): Promise<void>;
};

/** Starts the cluster under TEST_RUN_DIR/<name> and waits until it serves the namespace. */
export async function startCluster(name: string): Promise<RunningCluster> {
  const dir = join(process.env.TEST_RUN_DIR!, name);
  mkdirSync(dir, { recursive: true });
  const [frontendPort, pgPort] = [await freeClusterBase(), await freePort()];
  const cluster: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/cluster.mjs'), '--temporal-only'], {
    cwd: ROOT,
    env: {
      ...process.env,
      TEMPORAL_PORT: String(frontendPort),
      TEMPORAL_POSTGRES_PORT: String(pgPort),
      TEMPORAL_CLUSTER_DIR: dir,
      TEMPORAL_CLUSTER_PG_DIR: join(dir, 'pg'),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  cluster.stdout!.on('data', (chunk) => (output += chunk));
  cluster.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (cluster.pid && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      process.kill(-cluster.pid, 'SIGTERM');
      await exited;
    }
  };
  const started = Date.now();
  try {
    await waitUntil(
      'npm run cluster -- --temporal-only ready',
      async () => {
        if (cluster.exitCode !== null) throw new Error(`npm run cluster exited:\n${output}`);
        return existsSync(join(dir, 'ready'));
      },
      Boolean,
      CLUSTER_START_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const state = JSON.parse(readFileSync(join(dir, 'cluster.json'), 'utf8'));
  return { address: state.address, pids: state.pids, dir, startedInMs: Date.now() - started, stop };
}
