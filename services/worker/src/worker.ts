import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createActivities } from '@groupsplit/activities';
import { type Config, type Db, type Logger, temporalDataConverter } from '@groupsplit/shared';
import type { Duration, VersioningBehavior } from '@temporalio/common';
import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  TransportError,
  Worker,
  type WorkerDeploymentOptions,
} from '@temporalio/worker';
import { aliveHeartbeat } from './alive-heartbeat';
import { DEFAULT_ACTIVITIES, DEFAULT_LOCAL_STEPS, threadBoundTuner } from './task-slots';

export type WorkerDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** Prebuilt workflow bundle (see resolveWorkflowBundle); otherwise the worker bundles the source. */
  workflowBundlePath?: string;
  /** How long in-flight activities may run on after shutdown starts before they are cancelled (default 0). */
  shutdownGraceTime?: Duration;
  /** How the worker's workflows follow a new current build (default AUTO_UPGRADE); only with TEMPORAL_WORKER_BUILD_ID. */
  versioningBehavior?: VersioningBehavior;
  /** Tests of the worker's own settings: a workflows module of theirs instead of the split workflows. */
  workflowsPath?: string;
  /** Tests of the worker's own settings: activities of theirs instead of the split's. */
  activities?: object;
};

/**
 * The worker's task slots: at most WORKER_MAX_CONCURRENT_WORKFLOW_TASKS held workflow tasks that can
 * need the workflow thread, not counting tasks waiting on a local step (task-slots.ts says why).
 */
export function workflowTaskSlots(config: Pick<Config, 'WORKER_MAX_CONCURRENT_WORKFLOW_TASKS'>) {
  return {
    tuner: threadBoundTuner({
      threadSlots: config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
      localSteps: DEFAULT_LOCAL_STEPS,
      activities: DEFAULT_ACTIVITIES,
    }),
  };
}

/**
 * Worker Versioning (docs/workflow-versioning.md, "Worker Deployments"): with TEMPORAL_WORKER_BUILD_ID
 * the worker is version `<task queue>:<build id>` of the Worker Deployment named after its task queue,
 * and gets tasks only once that version is current (or ramping). Its workflows auto-upgrade: at the
 * next task after a release they run on the new build, so a workflow change still needs `patched()`;
 * pinned, a captured split would keep its build running for the 180-day refund window.
 */
export function workerDeploymentOptions(
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE' | 'TEMPORAL_WORKER_BUILD_ID'>,
  behavior: VersioningBehavior = 'AUTO_UPGRADE',
): WorkerDeploymentOptions | undefined {
  if (!config.TEMPORAL_WORKER_BUILD_ID) return undefined;
  return {
    version: { deploymentName: config.TEMPORAL_TASK_QUEUE, buildId: config.TEMPORAL_WORKER_BUILD_ID },
    useWorkerVersioning: true,
    defaultVersioningBehavior: behavior,
  };
}

/** The file `npm run build` writes beside the compiled entry point (scripts/build.mjs, WORKFLOW_BUNDLE). */
export const BUILT_WORKFLOW_BUNDLE = 'workflow-bundle.js';

/**
 * Which prebuilt workflow bundle the worker loads: WORKFLOW_BUNDLE_PATH (test and bench runs build
 * one per run), else the one `npm run build` put beside the compiled entry point. Run from source
 * (`npm start`) there is none and the worker bundles at start-up; production refuses that, so an
 * image without its bundle stops at once instead of running webpack on every start.
 */
export function resolveWorkflowBundle(options: {
  explicitPath?: string;
  entryDir: string;
  production: boolean;
}): string | undefined {
  if (options.explicitPath) return options.explicitPath;
  const built = join(options.entryDir, BUILT_WORKFLOW_BUNDLE);
  if (existsSync(built)) return built;
  if (options.production) {
    throw new Error(
      `no prebuilt workflow bundle at ${built}: run the worker from \`npm run build\` output or set WORKFLOW_BUNDLE_PATH`,
    );
  }
  return undefined;
}

/**
 * How long a starting worker keeps trying to reach Temporal's frontend. The frontend restarting (a
 * deploy or a crash of it; the chaos run restarts it) refuses connections for a few seconds, and a
 * worker started then used to exit at once ("tcp connect error"), leaving the task queue without it
 * until the platform started it again, with back-off.
 */
export const TEMPORAL_CONNECT_WAIT_MS = 60_000;
const TEMPORAL_CONNECT_RETRY_MS = 500;

/** The worker's connection, tried again while Temporal cannot be reached, for up to TEMPORAL_CONNECT_WAIT_MS. */
export async function connectWhenReachable(address: string, logger: Logger, waitMs = TEMPORAL_CONNECT_WAIT_MS) {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await NativeConnection.connect({ address });
    } catch (error) {
      if (!(error instanceof TransportError) || Date.now() > deadline) throw error;
      logger.warn({ address, attempt, err: error.message.slice(0, 200) }, 'Temporal not reachable yet: trying again');
      await new Promise((resolve) => setTimeout(resolve, TEMPORAL_CONNECT_RETRY_MS));
    }
  }
}

/** The worker's workflow code: a test's own module, else the prebuilt bundle, else the split workflows bundled now. */
function workflowCode(workflowsPath?: string, workflowBundlePath?: string) {
  if (workflowsPath) return { workflowsPath };
  if (workflowBundlePath) return { workflowBundle: { codePath: workflowBundlePath } };
  return { workflowsPath: require.resolve('@groupsplit/workflows') };
}

export async function createWorker({
  config,
  db,
  logger,
  workflowBundlePath,
  shutdownGraceTime,
  versioningBehavior,
  workflowsPath,
  activities,
}: WorkerDeps) {
  const connection = await connectWhenReachable(config.TEMPORAL_ADDRESS, logger);
  const deployment = workerDeploymentOptions(config, versioningBehavior);
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    dataConverter: temporalDataConverter(config),
    activities: activities ?? createActivities({ config, db, logger }),
    interceptors: { activity: [aliveHeartbeat] },
    // Sized by count, not by the SDK's share of the heap (about 2,300 on a 4 GB heap): memory stays
    // bounded with thousands of splits open (bench/README.md, figure 5).
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
    ...workflowTaskSlots(config),
    ...workflowCode(workflowsPath, workflowBundlePath),
    ...(shutdownGraceTime ? { shutdownGraceTime } : {}),
    ...(deployment ? { workerDeploymentOptions: deployment } : {}),
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
