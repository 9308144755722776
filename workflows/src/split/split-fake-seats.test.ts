import { ApplicationFailure, WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import type { ClaimSeatRequest } from './messages';
import { type FakeWorker, type SplitHandle, startFakeWorker } from './test-support/fake-worker';
import {
  ALREADY_IN_SPLIT,
  cancelSplitUpdate,
  claimSeatUpdate,
  NOT_PENDING,
  participantAuthorisedSignal,
  SEAT_TAKEN,
  stateQuery,
  UNKNOWN_SEAT,
} from './workflow';

/**
 * Open seats (seats.ts) on the dev server with in-memory activities: claims queued and taken one at a
 * time, the validator's refusals, capture only once no seat is open, and a claim still queued when a
 * cancel is taken. The real activities and the HTTP routes are covered by checkout's seats tests and
 * split-seats.test.ts.
 */
let fake: FakeWorker;

beforeAll(async () => {
  fake = await startFakeWorker();
});
afterAll(() => fake.stop());

const request = (seatId: string, email = `${Math.random().toString(36).slice(2)}@joiner.test`): ClaimSeatRequest => ({
  seatId,
  email,
  actor: 'user:joiner',
});
const claim = (handle: SplitHandle, seatId: string, email?: string) =>
  handle.executeUpdate(claimSeatUpdate, { args: [request(seatId, email)] });
const startClaim = (handle: SplitHandle, seatId: string) =>
  handle.startUpdate(claimSeatUpdate, { args: [request(seatId)], waitForStage: WorkflowUpdateStage.ACCEPTED });
const authorise = (handle: SplitHandle, participantId: string) =>
  handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });

async function refusal(update: Promise<unknown>) {
  const error = await update.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (error as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}

describe('open seats in the split workflow', () => {
  it.concurrent('takes claims one at a time: the second claim for a seat is refused seat_taken when taken', async () => {
    const { handle, seatIds } = await fake.startSplit([1500], {}, undefined, [1500, 1500]);
    const seat = seatIds[0]!;
    const gate = fake.world.gate(`claimSeat:${seat}`);
    const first = startClaim(handle, seat);
    await gate.reached;
    // Accepted: the seat still looks open to the validator, so the claim waits in the queue.
    const second = await startClaim(handle, seat);
    gate.open();
    const won = await (await first).result();
    expect((await refusal(second.result())).type).toBe(SEAT_TAKEN);

    const state = await handle.query(stateQuery);
    expect(state.seats).toEqual([
      { id: seat, amount: 1500, participantId: won.participantId },
      { id: seatIds[1], amount: 1500, participantId: null },
    ]);
    expect(state.participants.map((p) => p.id)).toContain(won.participantId);
    expect(state.history.filter((h) => h.kind.startsWith('seat_')).map((h) => h.kind)).toEqual([
      'seat_claimed',
      'seat_claim_refused',
    ]);
  });

  it.concurrent('refuses at once an unknown seat, a taken one and an address already in the split', async () => {
    const { handle, seatIds, emails } = await fake.startSplit([1500], {}, undefined, [1500, 1500]);
    expect((await refusal(claim(handle, '00000000-0000-4000-8000-000000000000'))).type).toBe(UNKNOWN_SEAT);
    expect((await refusal(claim(handle, seatIds[0]!, emails[0]!.toUpperCase()))).type).toBe(ALREADY_IN_SPLIT);
    const joined = await claim(handle, seatIds[0]!, 'ann@joiner.test');
    expect((await refusal(claim(handle, seatIds[0]!))).type).toBe(SEAT_TAKEN);
    expect((await refusal(claim(handle, seatIds[1]!, 'ANN@joiner.test'))).type).toBe(ALREADY_IN_SPLIT);
    expect(joined.seatId).toBe(seatIds[0]);
  });

  it.concurrent('captures only once no seat is open and everyone has authorised', async () => {
    const { splitId, handle, ids, seatIds } = await fake.startSplit([1500], {}, undefined, [1500]);
    await authorise(handle, ids[0]!);
    await fake.waitForState(handle, (s) => s.participants[0]!.status === 'authorised');
    expect((await handle.query(stateQuery)).status).toBe('pending');

    const joined = await claim(handle, seatIds[0]!);
    await authorise(handle, joined.participantId);
    await fake.waitForState(handle, (s) => s.status === 'captured');
    expect(fake.world.callsOf(splitId, 'captureBatch').map((c) => c.detail)).toHaveLength(1);
    expect(fake.world.split(splitId).participants.map((p) => p.status)).toEqual(['captured', 'captured']);
  });

  it.concurrent('answers not_pending to a claim still queued when a cancel is taken', async () => {
    const { handle, seatIds } = await fake.startSplit([1500], {}, undefined, [1500, 1500]);
    const gate = fake.world.gate(`claimSeat:${seatIds[0]}`);
    const first = startClaim(handle, seatIds[0]!);
    await gate.reached;
    const queued = await startClaim(handle, seatIds[1]!);
    // The cancel is accepted while the first claim runs: the main line takes it before the queued claim.
    const cancel = await handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:buyer' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    gate.open();
    await (await first).result();
    expect((await refusal(queued.result())).type).toBe(NOT_PENDING);
    // The cancel answers once recorded (canceling); the releases follow, and the workflow ends canceled.
    expect(await cancel.result()).toMatchObject({ status: 'canceling', changed: true });
    await handle.result();
    const state = await handle.query(stateQuery);
    // The claimed seat's participant was released with everyone else.
    expect(state.participants.every((p) => p.status === 'canceled')).toBe(true);
  });

  it('replays every split of this file without a nondeterminism error', async () => {
    expect(await fake.replayErrors(fake.handles)).toEqual([]);
  });
});
