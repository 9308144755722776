export { createWorker, installWorkerRuntime, type WorkerDeps } from './worker';
