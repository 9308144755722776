// `npm run drill:restore`: the restore drill of bench/README.md ("Restore drill"). Brings up what the
// chaos run brings up (a Temporal dev server, a mail server, one workflow bundle, and a fresh database
// that here holds only the processor emulator's state), then runs bench/drill/main.ts, which starts the
// application's own Postgres cluster and the services, drives splits, backs up, restores and checks.
// Bounded: the whole run is killed after DRILL_LIMIT_MS (30 minutes) and then counts as failed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBoundedRun } from '../../scripts/lib/bounded-child.mjs';

const DRILL_DIR = dirname(fileURLToPath(import.meta.url));
const LIMIT_MS = Number(process.env.DRILL_LIMIT_MS ?? 30 * 60_000);

await launchBoundedRun({
  name: 'drill',
  limitMs: LIMIT_MS,
  entry: async (run, startedAt) => {
    // The run's database is the emulator's; the application gets a Postgres cluster of its own (main.ts).
    const { DATABASE_URL: emulatorDatabaseUrl, ...env } = run.env;
    console.log(
      `[drill] processor emulator's database ${run.databaseName} (${run.pgServer.kind}); temporal ${run.temporal.address}`,
    );
    const childEnv = { ...process.env, ...env };
    delete childEnv.DATABASE_URL;
    return {
      script: join(DRILL_DIR, 'main.ts'),
      env: {
        ...childEnv,
        LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'warn',
        DRILL_RUN_DIR: run.runDir,
        DRILL_EMULATOR_DATABASE_URL: emulatorDatabaseUrl,
        DRILL_DEADLINE: String(startedAt + LIMIT_MS - 30_000),
      },
    };
  },
  keep: Boolean(process.env.KEEP_DRILL_DATA),
  keptHolds: 'logs, backup, app cluster',
});
