// Brings up the real infrastructure once per `jest` run: a fresh Postgres database,
// a Temporal dev server and a mail server, each on its own ports so that runs never collide.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startMail } from './lib/mail.mjs';
import { DATA_DIR, ROOT } from './lib/paths.mjs';
import { ensureDatabase, resolvePostgresServer } from './lib/postgres.mjs';
import { freePort, stopAll } from './lib/procs.mjs';
import { startTemporal } from './lib/temporal.mjs';
import { ensureDockerCompose } from './lib/tools.mjs';

const require = createRequire(import.meta.url);

export default async function globalSetup() {
  const runId = `${Date.now()}_${process.pid}`;
  const runDir = join(DATA_DIR, 'test-runs', runId);
  mkdirSync(runDir, { recursive: true });
  try {
    const pgServer = await resolvePostgresServer({
      preferLocal: true,
      embeddedName: 'postgres-test',
      embeddedPort: await freePort(),
    });
    const databaseName = `groupsplit_test_${runId}`;
    const databaseUrl = await ensureDatabase(pgServer.serverUrl, databaseName);

    const migrate = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'shared/src/db/migrate-cli.ts')], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`Migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

    const [temporalPort, smtpPort, mailHttpPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const [temporal, mail] = await Promise.all([
      startTemporal({ port: temporalPort, quiet: true }),
      startMail({ smtpPort, httpPort: mailHttpPort, quiet: true }),
    ]);

    const { bundleWorkflowCode } = require('@temporalio/worker');
    const bundle = await bundleWorkflowCode({
      workflowsPath: join(ROOT, 'workflows/src/index.ts'),
      logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} },
    });
    const bundlePath = join(runDir, 'workflow-bundle.js');
    writeFileSync(bundlePath, bundle.code);

    Object.assign(process.env, {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: databaseUrl,
      TEST_PG_SERVER_URL: pgServer.serverUrl,
      TEST_DATABASE_NAME: databaseName,
      TEMPORAL_ADDRESS: temporal.address,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MAIL_API_URL: mail.apiUrl,
      WORKFLOW_BUNDLE_PATH: bundlePath,
      TEST_RUN_DIR: runDir,
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      DOCKER_COMPOSE_COMMAND: JSON.stringify(ensureDockerCompose()),
    });
    console.log(
      `\n[test] postgres: ${pgServer.kind} (${databaseName}); temporal: ${temporal.address}; mail: ${mail.kind} ${mail.apiUrl}`,
    );
  } catch (error) {
    await stopAll(2000);
    throw error;
  }
}
