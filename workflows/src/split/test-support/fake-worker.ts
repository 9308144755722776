import { randomUUID } from 'node:crypto';
import { loadConfig, temporalDataConverter } from '@groupsplit/shared';
import { aliveHeartbeat } from '@groupsplit/testing';
import {
  Client,
  Connection,
  WithStartWorkflowOperation,
  type WorkflowHandle,
  type WorkflowHandleWithFirstExecutionRunId,
} from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { SplitWorkflowState } from '../snapshot';
import { createSplitUpdate, splitWorkflow, splitWorkflowId, stateQuery } from '../workflow';
import type { SplitCreation, SplitWorkflowInput } from '../workflow-io';
import { FakeWorld } from './fake-activities';

/**
 * A worker for workflow tests without the full stack: the run's Temporal dev server (the Jest
 * global setup exports TEMPORAL_ADDRESS and WORKFLOW_BUNDLE_PATH), its own task queue, and the
 * in-memory activities of FakeWorld. One per test file (beforeAll/afterAll).
 */

/** Worker logging at ERROR: the activity failures these tests cause on purpose are WARN lines. */
export function quietTemporalRuntime() {
  if (Runtime._instance === undefined)
    Runtime.install({ logger: new DefaultLogger((process.env.FAKE_TEMPORAL_LOG as 'WARN') ?? 'ERROR') });
}

export type SplitHandle = WorkflowHandle<typeof splitWorkflow>;

/**
 * A hold lifetime for tests that need the holds to lapse: long enough for what such a test does
 * first (start the split, then signal or update it) on a machine loaded by a full test run and a
 * running stack, where that alone has taken over 1.5 s. Shorter, the expiry can win that race and
 * the test waits for a step that never comes.
 */
export const SHORT_HOLD_TTL_MS = 10_000;

export async function startFakeWorker() {
  const address = process.env.TEMPORAL_ADDRESS;
  if (!address)
    throw new Error('TEMPORAL_ADDRESS is not set: run through `npm test`, whose Jest setup starts Temporal');
  quietTemporalRuntime();
  const world = new FakeWorld();
  const taskQueue = `split-fake-${randomUUID()}`;
  // The production data converter (encrypted payloads, the test run's keys), as every worker and client uses.
  const dataConverter = temporalDataConverter(loadConfig());
  const nativeConnection = await NativeConnection.connect({ address });
  const bundlePath = process.env.WORKFLOW_BUNDLE_PATH;
  const worker = await Worker.create({
    connection: nativeConnection,
    taskQueue,
    dataConverter,
    activities: world.activities(),
    // As the production worker: regular activities heartbeat while they run (a gate can hold one long).
    interceptors: { activity: [aliveHeartbeat] },
    ...(bundlePath ? { workflowBundle: { codePath: bundlePath } } : { workflowsPath: require.resolve('../../index') }),
  });
  const running = worker.run();
  // A deadline, not a wait: the SDK's 10 s was missed by a process loading its modules on a loaded machine.
  const connection = await Connection.connect({ address, connectTimeout: 60_000 });
  const client = new Client({ connection, dataConverter });
  const handles: SplitHandle[] = [];

  /**
   * Starts a split of `amounts` (pence) as checkout does, and waits for creation to end.
   * `before` sees the participant ids first (to set faults on them). `seats` are open seats' amounts
   * (seats.ts), none by default.
   */
  async function startSplit(
    amounts: number[],
    { session = null, ...options }: Partial<SplitWorkflowInput> & { session?: SplitCreation['session'] } = {},
    before: (ids: string[]) => void = () => undefined,
    seats: number[] = [],
  ) {
    const splitId = randomUUID();
    const participants = amounts.map((amount) => ({
      id: randomUUID(),
      email: `${randomUUID()}@payer.test`,
      amount,
      customerFee: 20,
      merchantFee: 0,
    }));
    const total = amounts.reduce((sum, a) => sum + a, 0);
    const creation: SplitCreation = {
      splitId,
      merchantId: 'merchant-fake',
      mode: 'test',
      createdBy: 'user-fake',
      orderReference: `FAKE-${splitId.slice(0, 8)}`,
      currency: 'gbp',
      processorAccountId: 'acct_fake',
      merchantFeeBps: 0,
      totalAmount: total,
      customerFeeTotal: 20 * amounts.length,
      merchantFeeTotal: 0,
      applicationFeeTotal: 20 * amounts.length,
      participants,
      session,
    };
    if (seats.length > 0) {
      creation.seats = seats.map((amount) => ({ id: randomUUID(), amount, customerFee: 20, merchantFee: 0 }));
    }
    before(participants.map((p) => p.id));
    // Update-with-start, as checkout does: creation can end (even in creation_failed, which closes
    // the workflow) within the first workflow task, before a separately sent update would arrive.
    const startOperation = new WithStartWorkflowOperation(splitWorkflow, {
      workflowId: splitWorkflowId(splitId),
      taskQueue,
      workflowIdConflictPolicy: 'FAIL',
      args: [{ splitId, merchantId: 'merchant-fake', mode: 'test', holdTtlMs: 60 * 60_000, creation, ...options }],
    });
    const outcome = await client.workflow.executeUpdateWithStart(createSplitUpdate, {
      startWorkflowOperation: startOperation,
    });
    // Made with the start's run id, as start() makes it (the type just does not say so).
    const handle = (await startOperation.workflowHandle()) as WorkflowHandleWithFirstExecutionRunId<
      typeof splitWorkflow
    >;
    handles.push(handle);
    return {
      splitId,
      handle,
      outcome,
      ids: participants.map((p) => p.id),
      emails: participants.map((p) => p.email),
      seatIds: (creation.seats ?? []).map((seat) => seat.id),
    };
  }

  /** Polls the state query until `ready` (the workflow answers between its steps). */
  async function waitForState(handle: SplitHandle, ready: (s: SplitWorkflowState) => boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await handle.query(stateQuery);
      if (ready(state)) return state;
      if (Date.now() > deadline) throw new Error(`state never matched; last ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Replays the histories of these splits against this code, as a worker that lost them from its
   * cache (or a new deploy) would: the first replay error, or undefined. Every path, including
   * support's and compensation's, must make the same commands when replayed.
   */
  async function replayErrors(which: SplitHandle[]) {
    const histories = await Promise.all(
      which.map(async (handle) => ({ workflowId: handle.workflowId, history: await handle.fetchHistory() })),
    );
    const errors: string[] = [];
    const replay = Worker.runReplayHistories(
      {
        replayName: 'split-fake-replay',
        dataConverter,
        ...(bundlePath
          ? { workflowBundle: { codePath: bundlePath } }
          : { workflowsPath: require.resolve('../../index') }),
      },
      histories,
    );
    for await (const result of replay) if (result.error) errors.push(`${result.workflowId}: ${result.error.message}`);
    return errors;
  }

  return {
    world,
    client,
    taskQueue,
    startSplit,
    waitForState,
    replayErrors,
    /** Every split this worker started, for checks across the whole file. */
    handles,
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
      await nativeConnection.close();
    },
  };
}

export type FakeWorker = Awaited<ReturnType<typeof startFakeWorker>>;
