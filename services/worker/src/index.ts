export { aliveHeartbeat } from './alive-heartbeat';
export { runSupportCommand, type SupportOutput } from './support/dispatch';
export { createWorker, installWorkerRuntime, type WorkerDeps, workerDeploymentOptions } from './worker';
