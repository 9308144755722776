import { createDb, createLogger, loadConfig, runMigrations } from '@groupsplit/shared';
import { createWorker, installWorkerRuntime } from './worker';

/** Runs until SIGTERM/SIGINT, which the Temporal runtime turns into a graceful shutdown. */
async function main() {
  const config = loadConfig();
  const logger = createLogger('worker', config.LOG_LEVEL);
  await runMigrations(config.DATABASE_URL);
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  installWorkerRuntime(logger, 'INFO');
  const { worker, connection } = await createWorker({
    config,
    db,
    logger,
    workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
  });
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
  await worker.run();
  await connection.close();
  await db.destroy();
  logger.info('worker stopped');
}

main().catch((error) => {
  console.error(`worker failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
