import type { temporal } from '@temporalio/proto';
import { type FakeWorker, type SplitHandle, startFakeWorker } from './test-support/fake-worker';
import { cancelSplitUpdate, participantAuthorisedSignal, splitWorkflowId } from './workflow';

/**
 * Decisions reach history before their effects (decisions.ts). A worker that dies while a local
 * step runs loses the whole workflow task; the task is run again from history. So when a step
 * with effects starts, whatever it acts on must already be in history: the cancel update's
 * acceptance, the hold failure that creation gives up on. Each test stops that step at a gate and
 * reads the history as a replacement worker would find it if this one died there. No worker has
 * to die for it: the gate holds the task open exactly where a kill would lose it.
 */
let fake: FakeWorker;

beforeAll(async () => {
  fake = await startFakeWorker();
});
afterAll(() => fake.stop());

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
const historyOf = async (handle: SplitHandle) => (await handle.fetchHistory()).events ?? [];

const acceptedUpdates = (events: HistoryEvent[]) =>
  events.flatMap((e) => {
    const name = e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name;
    return name ? [name] : [];
  });

/** The local steps recorded in history: their activity type, and whether each failed. */
const localSteps = (events: HistoryEvent[]) =>
  events.flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_local_activity') return [];
    const data = marker.details?.data?.payloads?.[0]?.data;
    const { activity_type } = JSON.parse(Buffer.from(data ?? []).toString()) as { activity_type: string };
    return [{ activity: activity_type, failed: Boolean(marker.failure) }];
  });

describe('decisions reach history before their effects', () => {
  it.concurrent('a cancel update is in history before `canceling` is written', async () => {
    const { splitId, handle } = await fake.startSplit([1000, 2000]);
    const writing = fake.world.gate(`transitionSplit:${splitId}:canceling`);
    const update = handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] });
    await writing.reached;
    // A worker dying here must not take the cancel with it: its task would be lost, `canceling` not.
    expect(acceptedUpdates(await historyOf(handle))).toEqual(['createSplit', 'cancelSplit']);
    writing.open();
    // The cancel answers once recorded and `canceling` written; the releases follow.
    expect(await update).toEqual({ status: 'canceling', changed: true });
    await handle.result();
    expect(fake.world.split(splitId).status).toBe('canceled');
  });

  it.concurrent('a failed hold is in history before creation releases the holds placed for it', async () => {
    const declined = 'Your card was declined.';
    let releasing: ReturnType<FakeWorker['world']['gate']> | undefined;
    let firstId = '';
    const started = fake.startSplit([1000, 2000], {}, (ids) => {
      firstId = ids[0]!;
      fake.world.faults.holdFails.set(ids[1]!, declined);
      releasing = fake.world.gate(`releaseShare:${ids[0]}`);
    });
    // startSplit calls `before` synchronously, so the gate is set by now.
    await releasing!.reached;
    const splitId = fake.world.calls.find((c) => c.participantId === firstId)!.splitId;
    const handle: SplitHandle = fake.client.workflow.getHandle(splitWorkflowId(splitId));
    // A worker dying here must not let the next one place that hold after this one released the first.
    expect(localSteps(await historyOf(handle))).toEqual([
      { activity: 'openSplit', failed: false },
      { activity: 'placeHold', failed: false },
      { activity: 'placeHold', failed: true },
    ]);
    releasing!.open();
    expect((await started).outcome).toEqual({ status: 'creation_failed', splitId, error: declined });
  });

  it.concurrent('an authorisation is a signal, already in history: capture takes no extra task', async () => {
    const { handle, ids } = await fake.startSplit([1000]);
    await handle.signal(participantAuthorisedSignal, { participantId: ids[0]!, source: 'pay_step' });
    await fake.waitForState(handle, (s) => s.status === 'captured');
    const timers = (await historyOf(handle)).flatMap((e) => e.timerStartedEventAttributes ?? []);
    // The expiry's and the refund window's; no decision timer on the way to captured.
    expect(timers.filter((t) => Number(t.startToFireTimeout?.seconds ?? 0) < 1)).toEqual([]);
  });
});
