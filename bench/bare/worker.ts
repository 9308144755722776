/**
 * The bare workflow's worker (bench/bare/workflow.ts), a process of its own like our worker, on a
 * task queue of its own against the bench's Temporal server. Bundles the workflow at start-up
 * (`workflowsPath`), prints `ready` once polling, and stops on SIGTERM.
 * Env: TEMPORAL_ADDRESS, BARE_TASK_QUEUE.
 */
import path from 'node:path';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import * as activities from './activities';

async function main() {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    taskQueue: process.env.BARE_TASK_QUEUE!,
    workflowsPath: path.join(__dirname, 'workflow.ts'),
    activities,
  });
  await worker.runUntil(async () => {
    console.log('ready');
    await new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  });
  await connection.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
