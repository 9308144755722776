import { installJanitorSchedule } from '@groupsplit/activities';
import { createDb, createLogger, loadConfig, runMigrations } from '@groupsplit/shared';
import { installCheckoutSchedules, installWebhookSweepSchedule } from '@groupsplit/workflows/client';
import { startWorkerMetricsServer } from './metrics';
import { createWorker, installWorkerRuntime } from './worker';

/** Runs until SIGTERM/SIGINT, which the Temporal runtime turns into a graceful shutdown. */
async function main() {
  const config = loadConfig();
  const logger = createLogger('worker', config.LOG_LEVEL);
  await runMigrations(config.DATABASE_URL);
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const temporalMetrics = `127.0.0.1:${config.WORKER_TEMPORAL_METRICS_PORT}`;
  installWorkerRuntime(logger, 'INFO', temporalMetrics);
  const { worker, connection } = await createWorker({
    config,
    db,
    logger,
    workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
  });
  await installWebhookSweepSchedule(config);
  await installCheckoutSchedules(config);
  await installJanitorSchedule(config);
  const port = config.WORKER_METRICS_PORT;
  const metrics = await startWorkerMetricsServer({
    db,
    logger,
    port,
    temporalMetricsUrl: `http://${temporalMetrics}/metrics`,
  });
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
  await worker.run();
  metrics.server.close();
  await connection.close();
  await db.destroy();
  logger.info('worker stopped');
}

main().catch((error) => {
  console.error(`worker failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
