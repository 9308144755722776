import { createActivities } from '@groupsplit/activities';
import type { Config, Db, Logger } from '@groupsplit/shared';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

export type WorkerDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** Prebuilt workflow bundle (tests build it once); otherwise the worker bundles the source. */
  workflowBundlePath?: string;
};

export async function createWorker({ config, db, logger, workflowBundlePath }: WorkerDeps) {
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    activities: createActivities({ config, db, logger }),
    ...(workflowBundlePath
      ? { workflowBundle: { codePath: workflowBundlePath } }
      : { workflowsPath: require.resolve('@groupsplit/workflows') }),
  });
  return { worker, connection };
}

let runtimeInstalled = false;

/** Routes the Temporal core's own logging through pino at the given level; call once per process. */
export function installWorkerRuntime(
  logger: Logger,
  level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' = 'WARN',
  /** host:port for the Temporal core's Prometheus exporter (worker metrics); none when omitted. */
  prometheusBindAddress?: string,
) {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({
    ...(prometheusBindAddress
      ? { telemetryOptions: { metrics: { prometheus: { bindAddress: prometheusBindAddress } } } }
      : {}),
    logger: new DefaultLogger(level, (entry) => {
      const fields = { ...entry.meta, temporal: true };
      if (entry.level === 'ERROR') logger.error(fields, entry.message);
      else if (entry.level === 'WARN') logger.warn(fields, entry.message);
      else logger.debug(fields, entry.message);
    }),
  });
}
