// `npm run chaos`: the reliability run of bench/chaos/README.md. Brings up the same real
// infrastructure as `npm run bench` (a fresh Postgres database, a Temporal dev server, a mail
// server, one workflow bundle), then runs bench/chaos/main.ts, which starts the services as
// separate processes, drives the workload under faults and checks the invariants. Bounded: the
// whole run is killed after CHAOS_LIMIT_MS (20 minutes) and then counts as failed.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundedChild } from '../../scripts/lib/bounded-child.mjs';
import { ensureNodeModules } from '../../scripts/lib/deps.mjs';

ensureNodeModules();
const { ensureTemporalCli } = await import('../../scripts/lib/tools.mjs');
const { dropDatabase } = await import('../../scripts/lib/postgres.mjs');
const { stopAll } = await import('../../scripts/lib/procs.mjs');
const { reachableRedisUrl } = await import('../../scripts/lib/redis.mjs');
const { startRunInfrastructure } = await import('../../scripts/lib/run-infrastructure.mjs');

const CHAOS_DIR = dirname(fileURLToPath(import.meta.url));
const LIMIT_MS = Number(process.env.CHAOS_LIMIT_MS ?? 20 * 60_000);
const startedAt = Date.now();

const child = boundedChild();

async function main() {
  ensureTemporalCli();
  // CHAOS_TEMPORAL=cluster: Temporal's own server, whose processes and Postgres get faults too (README).
  const run = await startRunInfrastructure('chaos', { engine: process.env.CHAOS_TEMPORAL ?? 'dev' });
  const redis = process.env.REDIS_URL === undefined ? await reachableRedisUrl() : null;
  const env = {
    ...run.env,
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
    ...(redis ? { REDIS_URL: redis } : {}),
    CHAOS_RUN_DIR: run.runDir,
    // What is left of the 20 minutes once the infrastructure is up: main.ts plans its phases in it.
    CHAOS_DEADLINE: String(startedAt + LIMIT_MS - 15_000),
  };
  console.log(
    `[chaos] postgres ${run.pgServer.kind} (${run.databaseName}); temporal ${run.engine} ${run.temporal.address}`,
  );
  let code = 1;
  try {
    code = await child.run({
      script: join(CHAOS_DIR, 'main.ts'),
      // The run's own flags (`--hog`) reach main.ts.
      args: process.argv.slice(2),
      env: { ...process.env, ...env },
      deadline: startedAt + LIMIT_MS,
      onTimeout: () => console.error(`[chaos] not finished within ${LIMIT_MS} ms: stopping it; the run fails`),
    });
  } finally {
    if (process.env.CHAOS_INSPECT && code !== 0) {
      // Leaves Postgres, Temporal and mail up so a failed run can be looked into (temporal CLI, psql).
      console.log(`[chaos] CHAOS_INSPECT: temporal ${run.temporal.address} left running; Ctrl-C to stop`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
    await stopAll(5000);
    if (!process.env.KEEP_CHAOS_DATABASE && code === 0) {
      await dropDatabase(run.pgServer.serverUrl, run.databaseName).catch(() => undefined);
      rmSync(run.runDir, { recursive: true, force: true });
    } else console.log(`[chaos] kept database ${run.databaseName}, and ${run.runDir} (services' logs in logs/)`);
  }
  process.exitCode = code;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    if (signal === 'SIGINT' && process.env.CHAOS_INSPECT && !child.running) return;
    console.error(`[chaos] ${signal}: stopping`);
    child.killGroup();
    stopAll(2000).finally(() => process.exit(130));
  });
}

main().catch(async (error) => {
  console.error(error);
  child.killGroup();
  await stopAll(2000);
  process.exit(1);
});
