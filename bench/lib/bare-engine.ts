/**
 * The engine's floor (bench/README.md): a bare workflow (bench/bare/workflow.ts) on the same Temporal
 * server as our stack, with its own worker process and task queue. Its rates are the denominators
 * of the creation and authorisation figures: update-with-start (start, one local activity, answer)
 * and an update on an open workflow, at the same concurrency as ours.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { completeUpdate, openUpdate } from '../bare/workflow';
import { mapConcurrent } from './load';
import { Recorder } from './stats';

const ROOT = path.resolve(__dirname, '..', '..');

export type BareEngine = Awaited<ReturnType<typeof startBareEngine>>;

export async function startBareEngine(address = process.env.TEMPORAL_ADDRESS!) {
  const taskQueue = `bare-${randomUUID()}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, TEMPORAL_ADDRESS: address, BARE_TASK_QUEUE: taskQueue },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`bare worker exited ${code}:\n${output}`)));
  });
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const handle = (id: string) => client.workflow.getHandle(id);

  /** Update-with-start of `count` bare workflows, `concurrency` in flight; each answer waits for the local activity. */
  async function open(count: number, concurrency: number) {
    const recorder = new Recorder();
    const ids: string[] = [];
    const started = performance.now();
    await mapConcurrent(Array.from({ length: count }), concurrency, async () => {
      const workflowId = `bare:${randomUUID()}`;
      const answer = await recorder.time(
        () =>
          client.workflow.executeUpdateWithStart(openUpdate, {
            startWorkflowOperation: new WithStartWorkflowOperation('bareWorkflow', {
              workflowId,
              taskQueue,
              workflowIdConflictPolicy: 'FAIL',
            }),
          }),
        (value) => value === 'open',
      );
      if (answer) ids.push(workflowId);
    });
    return { recorder, ids, wallMs: performance.now() - started };
  }

  /** The update that completes each open bare workflow, `concurrency` in flight. */
  async function complete(ids: string[], concurrency: number) {
    const recorder = new Recorder();
    const started = performance.now();
    await mapConcurrent(ids, concurrency, (id) =>
      recorder.time(
        () => handle(id).executeUpdate(completeUpdate),
        (value) => value === 'complete',
      ),
    );
    return { recorder, wallMs: performance.now() - started };
  }

  return {
    taskQueue,
    pid: child.pid!,
    open,
    complete,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await connection.close();
    },
  };
}
