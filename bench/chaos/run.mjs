// `npm run chaos`: the reliability run of bench/chaos/README.md. Brings up the same real
// infrastructure as `npm run bench` (a fresh Postgres database, a Temporal dev server, a mail
// server, one workflow bundle), then runs bench/chaos/main.ts, which starts the services as
// separate processes, drives the workload under faults and checks the invariants. Bounded: the
// whole run is killed after CHAOS_LIMIT_MS (20 minutes) and then counts as failed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBoundedRun } from '../../scripts/lib/bounded-child.mjs';

const CHAOS_DIR = dirname(fileURLToPath(import.meta.url));
const LIMIT_MS = Number(process.env.CHAOS_LIMIT_MS ?? 20 * 60_000);
const inspect = Boolean(process.env.CHAOS_INSPECT);

await launchBoundedRun({
  name: 'chaos',
  limitMs: LIMIT_MS,
  // CHAOS_TEMPORAL=cluster: Temporal's own server, whose processes and Postgres get faults too (README).
  infrastructure: { engine: process.env.CHAOS_TEMPORAL ?? 'dev' },
  entry: async (run, startedAt) => {
    const { reachableRedisUrl } = await import('../../scripts/lib/redis.mjs');
    const redis = process.env.REDIS_URL === undefined ? await reachableRedisUrl() : null;
    console.log(
      `[chaos] postgres ${run.pgServer.kind} (${run.databaseName}); temporal ${run.engine} ${run.temporal.address}`,
    );
    return {
      script: join(CHAOS_DIR, 'main.ts'),
      // The run's own flags (`--hog`) reach main.ts.
      args: process.argv.slice(2),
      env: {
        ...process.env,
        ...run.env,
        LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
        ...(redis ? { REDIS_URL: redis } : {}),
        CHAOS_RUN_DIR: run.runDir,
        // What is left of the 20 minutes once the infrastructure is up: main.ts plans its phases in it.
        CHAOS_DEADLINE: String(startedAt + LIMIT_MS - 15_000),
      },
    };
  },
  keep: Boolean(process.env.KEEP_CHAOS_DATABASE),
  keptHolds: "services' logs in logs/",
  beforeStop: async (run, code) => {
    if (!inspect || code === 0) return;
    // Leaves Postgres, Temporal and mail up so a failed run can be looked into (temporal CLI, psql).
    console.log(`[chaos] CHAOS_INSPECT: temporal ${run.temporal.address} left running; Ctrl-C to stop`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  },
  // That Ctrl-C ends the inspection, not the run.
  ignoreSignal: (signal, running) => signal === 'SIGINT' && inspect && !running,
});
