// Brings up the real infrastructure once per `jest` run (scripts/lib/run-infrastructure.mjs):
// a fresh Postgres database, a Temporal dev server and a mail server, each on its own ports so
// that runs never collide. Test workers inherit the environment set here.
import { stopAll } from './lib/procs.mjs';
import { startRunInfrastructure } from './lib/run-infrastructure.mjs';
import { ensureKustomize } from './lib/tools.mjs';

export default async function globalSetup() {
  try {
    // TEST_TEMPORAL=cluster: the suites run on Temporal's own server (docs/deploy.md, "Running the real cluster locally").
    const run = await startRunInfrastructure('test', { engine: process.env.TEST_TEMPORAL ?? 'dev' });
    Object.assign(process.env, run.env, {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      TEST_PG_SERVER_URL: run.pgServer.serverUrl,
      TEST_DATABASE_NAME: run.databaseName,
      TEST_RUN_DIR: run.runDir,
      // The deployment tests render deploy/kubernetes/ with it (installed on first use).
      KUSTOMIZE_BIN: ensureKustomize(),
    });
    console.log(
      `\n[test] postgres: ${run.pgServer.kind} (${run.databaseName}); temporal: ${run.temporal.address}; mail: ${run.mail.kind} ${run.mail.apiUrl}`,
    );
  } catch (error) {
    await stopAll(2000);
    throw error;
  }
}
