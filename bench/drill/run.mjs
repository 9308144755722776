// `npm run drill:restore`: the restore drill of bench/README.md ("Restore drill"). Brings up what the
// chaos run brings up (a Temporal dev server, a mail server, one workflow bundle, and a fresh database
// that here holds only the processor emulator's state), then runs bench/drill/main.ts, which starts the
// application's own Postgres cluster and the services, drives splits, backs up, restores and checks.
// Bounded: the whole run is killed after DRILL_LIMIT_MS (30 minutes) and then counts as failed.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundedChild } from '../../scripts/lib/bounded-child.mjs';
import { ensureNodeModules } from '../../scripts/lib/deps.mjs';

ensureNodeModules();
const { ensureTemporalCli } = await import('../../scripts/lib/tools.mjs');
const { dropDatabase } = await import('../../scripts/lib/postgres.mjs');
const { stopAll } = await import('../../scripts/lib/procs.mjs');
const { startRunInfrastructure } = await import('../../scripts/lib/run-infrastructure.mjs');

const DRILL_DIR = dirname(fileURLToPath(import.meta.url));
const LIMIT_MS = Number(process.env.DRILL_LIMIT_MS ?? 30 * 60_000);
const startedAt = Date.now();

const child = boundedChild();

async function main() {
  ensureTemporalCli();
  const run = await startRunInfrastructure('drill');
  const { DATABASE_URL: emulatorDatabaseUrl, ...env } = run.env;
  console.log(
    `[drill] processor emulator's database ${run.databaseName} (${run.pgServer.kind}); temporal ${run.temporal.address}`,
  );
  let code = 1;
  try {
    const childEnv = { ...process.env, ...env };
    delete childEnv.DATABASE_URL;
    code = await child.run({
      script: join(DRILL_DIR, 'main.ts'),
      env: {
        ...childEnv,
        LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'warn',
        DRILL_RUN_DIR: run.runDir,
        DRILL_EMULATOR_DATABASE_URL: emulatorDatabaseUrl,
        DRILL_DEADLINE: String(startedAt + LIMIT_MS - 30_000),
      },
      deadline: startedAt + LIMIT_MS,
      onTimeout: () => console.error(`[drill] not finished within ${LIMIT_MS} ms: stopping it; the drill fails`),
    });
  } finally {
    await stopAll(5000);
    if (!process.env.KEEP_DRILL_DATA && code === 0) {
      await dropDatabase(run.pgServer.serverUrl, run.databaseName).catch(() => undefined);
      rmSync(run.runDir, { recursive: true, force: true });
    } else console.log(`[drill] kept database ${run.databaseName}, and ${run.runDir} (logs, backup, app cluster)`);
  }
  process.exitCode = code;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`[drill] ${signal}: stopping`);
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
