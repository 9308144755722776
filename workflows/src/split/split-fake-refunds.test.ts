import { randomUUID } from 'node:crypto';
import { ApplicationFailure, WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { RefundRequest } from '../refunds/types';
import { REFUND_PRIORITY, REFUND_SLICE_ATTEMPTS, refundWorkflowId } from '../refunds/workflow';
import type { SplitWorkflowState } from './snapshot';
import { type FakeWorker, type SplitHandle, startFakeWorker } from './test-support/fake-worker';
import { SPLIT_TRANSITIONS } from './transitions';
import {
  cancelSplitUpdate,
  NOT_REFUNDABLE,
  participantAuthorisedSignal,
  processorRefundSignal,
  REFUND_IN_PROGRESS,
  requestRefundUpdate,
  stateQuery,
} from './workflow';
import type { SplitWorkflowInput } from './workflow-io';

/**
 * Refunds on the dev server with in-memory activities: every refund row of the transition table,
 * refund_in_progress and not_refundable, the refund window, and continue-as-new. The refund child
 * workflow runs for real; its activities are the fakes of test-support/. Tests run concurrently
 * (each has its own split); the table check runs after them all.
 */
let fake: FakeWorker;

beforeAll(async () => {
  fake = await startFakeWorker();
});
afterAll(() => fake.stop());

const statusMoves = (state: SplitWorkflowState) =>
  state.history.filter((h) => h.kind === 'status').map((h) => `${h.from} ${h.trigger} ${h.to}`);
const statusIs = (handle: SplitHandle, status: string) => fake.waitForState(handle, (s) => s.status === status);

async function captured(
  amounts: number[],
  options: Partial<SplitWorkflowInput> = {},
  before?: (ids: string[]) => void,
) {
  const started = await fake.startSplit(amounts, options, before);
  for (const participantId of started.ids) {
    await started.handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });
  }
  await statusIs(started.handle, 'captured');
  return started;
}

const dashboardRefund = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  refundId: randomUUID(),
  source: 'dashboard',
  actor: 'dashboard:user-fake',
  actorDetail: 'user:user-fake',
  amount: null,
  reason: null,
  idempotencyKey: null,
  expectedRefunded: 0,
  ...overrides,
});
const apiRefund = (overrides: Partial<RefundRequest> = {}) =>
  dashboardRefund({ source: 'api', actor: 'api_key', actorDetail: 'api_key:key-fake', ...overrides });

const refund = (handle: SplitHandle, request: RefundRequest) =>
  handle.executeUpdate(requestRefundUpdate, { args: [request] });

/** The ApplicationFailure type a refused update carries. */
async function refusal(update: Promise<unknown>) {
  const error = await update.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (error as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return (cause as ApplicationFailure).type;
}

describe('refunds through the dashboard and the API key', () => {
  it.concurrent('captured → refunded by a whole-split dashboard refund; the workflow then completes', async () => {
    const { splitId, handle, ids } = await captured([1000, 2000]);
    const request = dashboardRefund();
    const result = await refund(handle, request);
    expect(result).toEqual({
      kind: 'finished',
      refundId: request.refundId,
      status: 'complete',
      splitStatus: 'refunded',
      participants: ids.map((id) => ({ id, status: 'refunded' })),
    });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).at(-1)).toBe('captured refund_dashboard refunded');
    expect(state.history.at(-1)).toMatchObject({ kind: 'refund_finished', note: request.refundId });
    expect(state.inFlight).toBeNull();
    // The child goes ahead of the splits' own tasks on the queue (its activities inherit the key).
    const child = await fake.client.workflow.getHandle(refundWorkflowId(splitId, request.refundId)).describe();
    expect(child.priority).toEqual(expect.objectContaining({ priorityKey: REFUND_PRIORITY.priorityKey }));
  });

  it.concurrent('captured → partially_refunded when the processor refuses a share part-way (partial_failure)', async () => {
    const { handle } = await captured([1000, 2000], {}, (ids) => fake.world.faults.refundRefused.add(ids[1]!));
    const result = await refund(handle, dashboardRefund());
    expect(result).toMatchObject({ kind: 'finished', status: 'partial', splitStatus: 'partially_refunded' });
    const state = await statusIs(handle, 'partially_refunded');
    expect(statusMoves(state).at(-1)).toBe('captured refund_dashboard partially_refunded');
    expect(state.participants.map((p) => p.status)).toEqual(['refunded', 'captured']);
  });

  it.concurrent('a slice whose attempts die unanswered (worker kills) is tried again, not reported refused', async () => {
    const lost = REFUND_SLICE_ATTEMPTS + 2;
    const { splitId, handle } = await captured([1000, 2000], {}, (ids) =>
      fake.world.faults.refundSliceLost.set(ids[0]!, lost),
    );
    const result = await refund(handle, dashboardRefund());
    expect(result).toMatchObject({ kind: 'finished', status: 'complete', splitStatus: 'refunded' });
    expect(fake.world.callsOf(splitId, 'refundSlice')).toHaveLength(lost + 2);
  });

  it.concurrent('captured → partially_refunded → refunded through the API key, part then the rest', async () => {
    const { splitId, handle } = await captured([1000, 2000]);
    expect(await refund(handle, apiRefund({ amount: 1000 }))).toMatchObject({ splitStatus: 'partially_refunded' });
    expect(await refund(handle, apiRefund({ expectedRefunded: 1000 }))).toMatchObject({ splitStatus: 'refunded' });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    expect(statusMoves(await handle.query(stateQuery)).slice(-2)).toEqual([
      'captured refund_api partially_refunded',
      'partially_refunded refund_api refunded',
    ]);
  });

  it.concurrent('captured → refunded through the API key at once', async () => {
    const { splitId, handle } = await captured([1500]);
    expect(await refund(handle, apiRefund())).toMatchObject({ splitStatus: 'refunded' });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    expect(statusMoves(await handle.query(stateQuery)).at(-1)).toBe('captured refund_api refunded');
  });

  it.concurrent('a refund asked for while the capture is being recorded waits for it, then runs', async () => {
    const started = await fake.startSplit([1000]);
    const paid = fake.world.gate(`transitionSplit:${started.splitId}:captured`);
    await started.handle.signal(participantAuthorisedSignal, { participantId: started.ids[0]!, source: 'pay_step' });
    await paid.reached;
    // Accepted while capturing: the projection may say captured a moment before the workflow does.
    const asked = await started.handle.startUpdate(requestRefundUpdate, {
      args: [dashboardRefund()],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    paid.open();
    expect(await asked.result()).toMatchObject({ kind: 'finished', splitStatus: 'refunded' });
  });
});

describe('refunds made in the processor dashboard', () => {
  it.concurrent('captured → partially_refunded → refunded as the processor reports money back', async () => {
    const { splitId, handle, ids } = await captured([1000, 2000]);
    fake.world.refundAtProcessor(ids[0]!, 400);
    await handle.signal(processorRefundSignal, { participantId: ids[0]!, chargeId: null });
    const partly = await statusIs(handle, 'partially_refunded');
    expect(partly.history.at(-1)).toMatchObject({ kind: 'processor_refund_synced', note: '1 new' });
    fake.world.refundAtProcessor(ids[0]!, 600);
    fake.world.refundAtProcessor(ids[1]!, 2000);
    await handle.signal(processorRefundSignal, { participantId: ids[0]!, chargeId: null });
    await handle.signal(processorRefundSignal, { participantId: ids[1]!, chargeId: null });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).slice(-2)).toEqual([
      'captured processor_refund partially_refunded',
      'partially_refunded processor_refund refunded',
    ]);
    expect(state.history.filter((h) => h.kind === 'status').at(-1)).toMatchObject({ actor: 'processor' });
  });

  it.concurrent('captured → refunded when the processor reports every share back at once', async () => {
    const { splitId, handle, ids } = await captured([1000]);
    fake.world.refundAtProcessor(ids[0]!, 1000);
    await handle.signal(processorRefundSignal, { participantId: ids[0]!, chargeId: null });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    expect(statusMoves(await handle.query(stateQuery)).at(-1)).toBe('captured processor_refund refunded');
  });

  // The processor refunds only what it captured: a report while pending means the workflow task that
  // captured was lost and is being run again, with the last authorisation and the refund in one activation.
  it.concurrent('a processor refund reported while pending is synced once the split is captured', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000]);
    fake.world.refundAtProcessor(ids[0]!, 1000);
    await handle.signal(processorRefundSignal, { participantId: ids[0]!, chargeId: null });
    await handle.signal(participantAuthorisedSignal, { participantId: ids[0]!, source: 'pay_step' });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).slice(-3)).toEqual([
      'pending all_authorised capturing',
      'capturing all_authorised captured',
      'captured processor_refund refunded',
    ]);
    expect(state.history.some((h) => h.kind === 'processor_refund_ignored')).toBe(false);
  });

  it.concurrent('a processor refund reported while pending is dropped when the split is canceled', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000]);
    await handle.signal(processorRefundSignal, { participantId: ids[0]!, chargeId: null });
    await handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(fake.world.callsOf(splitId, 'syncProcessorRefunds')).toEqual([]);
  });
});

/** Once the server holds the update (admitted), before any workflow task has taken it. */
async function waitUntilAdmitted(workflowId: string, updateId: string) {
  const ADMITTED =
    temporal.api.enums.v1.UpdateWorkflowExecutionLifecycleStage.UPDATE_WORKFLOW_EXECUTION_LIFECYCLE_STAGE_ADMITTED;
  const GRPC_NOT_FOUND = 5;
  for (;;) {
    const stage = await fake.client.workflowService
      .pollWorkflowExecutionUpdate({
        namespace: fake.client.options.namespace,
        updateRef: { workflowExecution: { workflowId }, updateId },
        waitPolicy: { lifecycleStage: ADMITTED },
      })
      .then(
        (response) => response.stage,
        (error: { code?: number }) => {
          if (error.code === GRPC_NOT_FOUND) return null;
          throw error;
        },
      );
    if (stage !== null && stage !== undefined && stage >= ADMITTED) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a refund that overtakes the capture', () => {
  // The projection says captured while the workflow is still pending: the task that captured was
  // lost and runs again with the last authorisation and the refund request in one activation.
  it.concurrent('is accepted while the last authorisation waits to be taken, and runs once captured', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    // The first authorisation's write holds its workflow task open, so what comes meanwhile (the last
    // authorisation, then the refund) arrives together in the next activation.
    const recording = fake.world.gate(`recordAuthorisation:${ids[0]}`);
    await handle.signal(participantAuthorisedSignal, { participantId: ids[0]!, source: 'pay_step' });
    await recording.reached;
    await handle.signal(participantAuthorisedSignal, { participantId: ids[1]!, source: 'pay_step' });
    const updateId = randomUUID();
    const asked = handle.executeUpdate(requestRefundUpdate, { args: [dashboardRefund()], updateId });
    await waitUntilAdmitted(handle.workflowId, updateId);
    recording.open();
    expect(await asked).toMatchObject({ kind: 'finished', splitStatus: 'refunded' });
    expect(statusMoves(await handle.query(stateQuery)).slice(-3)).toEqual([
      'pending all_authorised capturing',
      'capturing all_authorised captured',
      'captured refund_dashboard refunded',
    ]);
    expect(fake.world.callsOf(splitId, 'beginRefund')).toHaveLength(1);
  });
});

describe('refused refunds', () => {
  it.concurrent('refund_in_progress while another refund runs; the same idempotency key joins it instead', async () => {
    const { splitId, handle, ids } = await captured([1000, 2000]);
    const slice = fake.world.gate(`refundSlice:${ids[0]}`);
    const first = dashboardRefund({ idempotencyKey: 'key-1' });
    const running = refund(handle, first);
    await slice.reached;
    expect(await refusal(refund(handle, dashboardRefund({ idempotencyKey: 'key-2' })))).toBe(REFUND_IN_PROGRESS);
    const again = await handle.startUpdate(requestRefundUpdate, {
      args: [dashboardRefund({ idempotencyKey: 'key-1' })],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    slice.open();
    const result = await running;
    expect(result).toMatchObject({ kind: 'finished', refundId: first.refundId, splitStatus: 'refunded' });
    expect(await again.result()).toEqual(result);
    expect(fake.world.callsOf(splitId, 'beginRefund')).toHaveLength(1);
  });

  it.concurrent('not_refundable: refused before history while pending; answered rejected when the capture fails meanwhile', async () => {
    const pending = await fake.startSplit([1000]);
    expect(await refusal(refund(pending.handle, dashboardRefund()))).toBe(NOT_REFUNDABLE);

    const breaking = await fake.startSplit([1000, 2000], {}, (ids) =>
      fake.world.faults.captureBreaks.set(ids[1]!, 'Your card was declined.'),
    );
    const first = fake.world.gate(`capture:${breaking.ids[0]}`);
    for (const participantId of breaking.ids) {
      await breaking.handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });
    }
    await first.reached;
    const asked = await breaking.handle.startUpdate(requestRefundUpdate, {
      args: [dashboardRefund()],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    first.open();
    expect(await asked.result()).toEqual({ kind: 'rejected', code: 'not_refundable', splitStatus: 'capture_failed' });
    expect(await breaking.handle.result()).toEqual({ splitId: breaking.splitId, status: 'capture_failed' });
  });

  it.concurrent('the refund window closing ends the workflow, even short of refunded', async () => {
    // The refund is queued while the capture is recorded, so it runs inside even a short window.
    // Short, but longer than the workflow task heartbeat (8 s): the status write is a local activity,
    // so the workflow accepts the update only once that write ends or the task heartbeats.
    const started = await fake.startSplit([1000, 2000], { refundWindowMs: 30_000 });
    const paid = fake.world.gate(`transitionSplit:${started.splitId}:captured`);
    for (const participantId of started.ids) {
      await started.handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });
    }
    await paid.reached;
    const asked = await started.handle.startUpdate(requestRefundUpdate, {
      args: [apiRefund({ amount: 500 })],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    paid.open();
    expect(await asked.result()).toMatchObject({ kind: 'finished', splitStatus: 'partially_refunded' });
    expect(await started.handle.result()).toEqual({ splitId: started.splitId, status: 'partially_refunded' });
    expect((await started.handle.query(stateQuery)).history.at(-1)).toMatchObject({ kind: 'ended_non_terminal' });
  });
});

describe('continue-as-new', () => {
  it.concurrent('a long-lived captured split continues as new, keeps its state and still takes a refund', async () => {
    const { splitId, handle, ids } = await captured([1200, 1800], { continueAsNewAfterEvents: 20 });
    const deadline = Date.now() + 10_000;
    let next = await handle.describe();
    while (next.runId === handle.firstExecutionRunId) {
      if (Date.now() > deadline) throw new Error('never continued as new');
      await new Promise((r) => setTimeout(r, 20));
      next = await handle.describe();
    }
    expect(next.status.name).toBe('RUNNING');
    const state = await handle.query(stateQuery);
    expect(state).toMatchObject({ splitId, status: 'captured' });
    expect(state.participants.map((p) => [p.id, p.status])).toEqual(ids.map((id) => [id, 'captured']));
    expect(statusMoves(state)).toEqual([
      'creating create pending',
      'pending all_authorised capturing',
      'capturing all_authorised captured',
    ]);
    expect(await refund(handle, dashboardRefund())).toMatchObject({ splitStatus: 'refunded' });
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
  });
});

describe('the transition table', () => {
  it('every refund row was walked by the tests above', async () => {
    const walked = new Set<string>();
    const states = await Promise.all(fake.handles.map((handle) => handle.query(stateQuery)));
    for (const state of states) for (const move of statusMoves(state)) walked.add(move);
    const rows = SPLIT_TRANSITIONS.filter((t) => t.trigger.includes('refund')).map(
      (t) => `${t.from} ${t.trigger} ${t.to}`,
    );
    expect(rows.filter((row) => !walked.has(row))).toEqual([]);
  });
});
