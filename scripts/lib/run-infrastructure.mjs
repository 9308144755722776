// The real infrastructure one test or bench run needs: a fresh Postgres database (migrated),
// an in-memory Temporal dev server and a mail server on free ports, and one workflow bundle.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startMail } from './mail.mjs';
import { DATA_DIR, EMULATOR_MIGRATIONS, ROOT } from './paths.mjs';
import { ensureDatabase, relaxDatabaseDurability, resolvePostgresServer } from './postgres.mjs';
import { freePort } from './procs.mjs';
import { startTemporal } from './temporal.mjs';
import { startRunTemporalCluster } from './temporal-cluster.mjs';
import { writeWorkflowBundle } from './workflow-bundle.mjs';

/**
 * purpose names the database (`groupsplit_<purpose>_<run>`) and the run folder under .data/.
 * temporalDbFile: a file name in the run folder for Temporal's SQLite database; omitted, in memory.
 * engine: 'dev' (the dev server) or 'cluster' (Temporal's own server as separate processes on Postgres,
 * scripts/lib/temporal-cluster.mjs; the callers' TEST_TEMPORAL, BENCH_TEMPORAL and CHAOS_TEMPORAL).
 */
export async function startRunInfrastructure(purpose, { temporalDbFile, engine = 'dev' } = {}) {
  if (!['dev', 'cluster'].includes(engine)) throw new Error(`unknown Temporal engine ${engine}: dev or cluster`);
  const runId = `${Date.now()}_${process.pid}`;
  const runDir = join(DATA_DIR, `${purpose}-runs`, runId);
  mkdirSync(runDir, { recursive: true });

  // Only the test run's database is throwaway: a bench, chaos, drill or recording run keeps real
  // durability, since its figures (and the drill's restore) depend on what a commit costs.
  const throwaway = purpose === 'test' && process.env.TEST_POSTGRES_DURABLE !== '1';
  const pgServer = await resolvePostgresServer({
    preferLocal: true,
    embeddedName: `postgres-${purpose}`,
    embeddedPort: await freePort(),
    embeddedThrowaway: throwaway,
  });
  const databaseName = `groupsplit_${purpose}_${runId}`;
  const databaseUrl = await ensureDatabase(pgServer.serverUrl, databaseName);
  // A test run's commits do not wait for the WAL to reach the disk (synchronous_commit = off, set on
  // this database only, before the migrations' first session): whole-stack tests commit thousands of
  // times (workflow activities, projections, outbox rows), each waiting for a flush otherwise. A crash of
  // the Postgres server could lose the last few hundred milliseconds of commits of a database that is
  // dropped at the run's end anyway; what a session sees is unchanged, and no test crashes the server
  // (docs/testing-speed.md, item 11). TEST_POSTGRES_DURABLE=1 keeps the server's setting (to compare).
  if (throwaway) await relaxDatabaseDurability(pgServer.serverUrl, databaseName);
  const migrate = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/db/src/migrate-cli.ts'), EMULATOR_MIGRATIONS],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (migrate.status !== 0) throw new Error(`Migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

  const [temporalPort, temporalUiPort, smtpPort, mailHttpPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const [temporal, mail] = await Promise.all([
    engine === 'cluster'
      ? startRunTemporalCluster({ dir: join(runDir, 'temporal-cluster') })
      : // With its bundled UI: the support runbook's screenshots are taken from it by a browser test.
        startTemporal({
          port: temporalPort,
          uiPort: temporalUiPort,
          quiet: true,
          dbFile: temporalDbFile && join(runDir, temporalDbFile),
        }),
    startMail({ smtpPort, httpPort: mailHttpPort, quiet: true }),
  ]);

  const bundlePath = await writeWorkflowBundle(join(runDir, 'workflow-bundle.js'));

  return {
    runDir,
    pgServer,
    databaseName,
    temporal,
    engine,
    temporalDbFile: temporalDbFile && join(runDir, temporalDbFile),
    mail,
    /** What every process of the run needs to reach the infrastructure. */
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporal.address,
      // The cluster's cluster.json (process ids, ports, its Postgres): the chaos run's engine faults read it.
      ...(engine === 'cluster' ? { TEMPORAL_CLUSTER_STATE: temporal.stateFile } : {}),
      TEMPORAL_UI_URL: `http://127.0.0.1:${temporalUiPort}`,
      // The operator UIs' ports: a test-mode webhook may not target them (packages/net/src/url-check.ts).
      TEMPORAL_UI_PORT: String(temporalUiPort),
      MAIL_UI_PORT: String(mailHttpPort),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MAIL_API_URL: mail.apiUrl,
      // 'mailpit' or 'catcher': only Mailpit has the HTML-compatibility check.
      MAIL_KIND: mail.kind,
      WORKFLOW_BUNDLE_PATH: bundlePath,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    },
  };
}
