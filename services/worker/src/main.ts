import { installJanitorSchedule } from '@groupsplit/activities';
import { assertSecretsForBinding, createDb, createLogger, loadConfig, runMigrations } from '@groupsplit/shared';
import {
  installCheckoutSchedules,
  installEmailFirstAttemptSweepSchedule,
  installWebhookSweepSchedule,
} from '@groupsplit/workflows/client';
import { createCodecHandler } from './codec-server';
import { workerReadiness } from './health';
import { startWorkerMetricsServer } from './metrics';
import { createWorker, installWorkerRuntime, resolveWorkflowBundle } from './worker';

/**
 * A deploy or scale-down sends SIGTERM: polling stops at once, and activities already running (a
 * capture at the processor, a webhook POST) get this long to finish before they are cancelled. The
 * orchestrator's grace period must be longer (Kubernetes: 90 s, compose: 60 s).
 */
const SHUTDOWN_GRACE_TIME = '45s';

/** Runs until SIGTERM/SIGINT, which the Temporal runtime turns into a graceful shutdown. */
async function main() {
  const config = loadConfig();
  assertSecretsForBinding(config, process.env, 'worker', config.WORKER_METRICS_HOST);
  const logger = createLogger('worker', config.LOG_LEVEL);
  await runMigrations(config.DATABASE_URL);
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const temporalMetrics = `127.0.0.1:${config.WORKER_TEMPORAL_METRICS_PORT}`;
  installWorkerRuntime(logger, 'INFO', temporalMetrics);
  const workflowBundlePath = resolveWorkflowBundle({
    explicitPath: process.env.WORKFLOW_BUNDLE_PATH,
    entryDir: __dirname,
    production: config.NODE_ENV === 'production',
  });
  logger.info({ workflowBundle: workflowBundlePath ?? 'bundled from source at start-up' }, 'loading workflows');
  const { worker, connection } = await createWorker({
    config,
    db,
    logger,
    workflowBundlePath,
    shutdownGraceTime: SHUTDOWN_GRACE_TIME,
  });
  const port = config.WORKER_METRICS_PORT;
  const metrics = await startWorkerMetricsServer({
    db,
    logger,
    port,
    host: config.WORKER_METRICS_HOST,
    temporalMetricsUrl: `http://${temporalMetrics}/metrics`,
    readiness: workerReadiness({ db, worker, connection }),
    codec: createCodecHandler(config),
  });
  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
  // Polling starts before the schedules are made sure of: a restarted worker takes the splits' waiting tasks
  // a few round trips sooner (under the chaos run's load each install took a connection and seconds), and
  // the schedules exist already on every start but the first. A failed install still stops the worker.
  const running = worker.run();
  const schedules = installSchedules(config).catch(async (error: unknown) => {
    logger.error({ err: error }, 'installing the schedules failed; stopping the worker');
    if (worker.getState() === 'RUNNING') worker.shutdown(); // activities under way get the grace time
    await running.catch(() => undefined);
    throw error;
  });
  await Promise.all([running, schedules]);
  metrics.server.close();
  await connection.close();
  await db.destroy();
  logger.info('worker stopped');
}

/** The schedules this worker's task queue runs (sweeps, janitor): created if missing, left alone if present. */
async function installSchedules(config: ReturnType<typeof loadConfig>) {
  await Promise.all([
    installWebhookSweepSchedule(config),
    installEmailFirstAttemptSweepSchedule(config),
    installCheckoutSchedules(config),
    installJanitorSchedule(config),
  ]);
}

main().catch((error) => {
  console.error(`worker failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
