import { ApplicationFailure, WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import type { SplitWorkflowState } from './snapshot';
import { type FakeWorker, SHORT_HOLD_TTL_MS, type SplitHandle, startFakeWorker } from './test-support/fake-worker';
import { SPLIT_TRANSITIONS } from './transitions';
import {
  cancelSplitUpdate,
  participantAuthorisedSignal,
  SUPPORT_REFUSED,
  stateQuery,
  supportCompensateSignal,
  supportCompensateUpdate,
  supportResolveSignal,
  supportResolveUpdate,
  supportRetrySignal,
  supportRetryUpdate,
} from './workflow';

/**
 * The split workflow on the dev server with in-memory activities (test-support/): creation,
 * authorisation, the capture saga, cancel and expiry, and support; every row of the transition
 * table outside refunds (split-fake-refunds.test.ts has those). No Postgres, no processor: the
 * real-stack tests (split-lifecycle.test.ts and the others) cover the activities themselves.
 * Tests run concurrently (each has its own split); the table check runs after them all.
 */
let fake: FakeWorker;

beforeAll(async () => {
  fake = await startFakeWorker();
});
afterAll(() => fake.stop());

const authorise = async (handle: SplitHandle, ...ids: string[]) => {
  for (const participantId of ids)
    await handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });
};
const statusMoves = (state: SplitWorkflowState) =>
  state.history.filter((h) => h.kind === 'status').map((h) => `${h.from} ${h.trigger} ${h.to}`);
/** The activities called for a split, in order; with `name`, the participants that one was called for. */
const calls = (splitId: string, name?: string) =>
  fake.world.callsOf(splitId, name).map((c) => (name ? c.participantId : c.name));
/** Waiting for support, once the wait is recorded (the `stuck` note follows the history row). */
const stuck = (handle: SplitHandle) =>
  fake.waitForState(handle, (s) => s.stuck !== null && s.history.at(-1)?.kind === 'stuck');
const statusIs = (handle: SplitHandle, status: string) => fake.waitForState(handle, (s) => s.status === status);
const support = { actor: 'support:ada', reason: 'checked with the processor' };

const TROUBLE = 'An unknown error occurred';

/** A capture failing transiently on the second share: retried by its policy, then left for support. */
async function stuckInCapturing() {
  const started = await fake.startSplit([1000, 2000], {}, (ids) =>
    fake.world.faults.captureTransient.set(ids[1]!, TROUBLE),
  );
  await authorise(started.handle, ...started.ids);
  const state = await stuck(started.handle);
  expect(state).toMatchObject({ status: 'capturing', stuck: { stage: 'capturing', error: TROUBLE } });
  // Four tries (the local one, then CAPTURE_RETRY's three), then support.
  expect(calls(started.splitId, 'capture')).toEqual([started.ids[0], ...Array(4).fill(started.ids[1])]);
  expect(fake.world.callsOf(started.splitId, 'recordSplitHistory').map((c) => c.detail)).toEqual(['stuck']);
  return started;
}

describe('creation and holds', () => {
  it.concurrent('creating → pending: one hold per participant, in order, then pending', async () => {
    const { splitId, handle, outcome, ids } = await fake.startSplit([1000, 2000, 1500]);
    expect(outcome).toEqual({ status: 'pending', splitId, authorizationExpiresAt: expect.any(String) });
    expect(calls(splitId)).toEqual(['openSplit', 'placeHold', 'placeHold', 'placeHold', 'transitionSplit']);
    expect(calls(splitId, 'placeHold')).toEqual(ids);
    const state = await handle.query(stateQuery);
    expect(state).toMatchObject({ status: 'pending', stuck: null, inFlight: null });
    expect(state.participants.map((p) => [p.status, p.paymentIntentId])).toEqual(
      ids.map((id) => ['pending', `pi_${id}`]),
    );
    expect(statusMoves(state)).toEqual(['creating create pending']);
    expect(fake.world.split(splitId).status).toBe('pending');
  });

  it.concurrent('creating → creation_failed: a hold that fails stops the rest; placed holds released latest first', async () => {
    const declined = 'Your card was declined.';
    const { splitId, handle, outcome, ids } = await fake.startSplit([1000, 2000, 3000, 500], {}, (ids) =>
      fake.world.faults.holdFails.set(ids[2]!, declined),
    );
    expect(outcome).toEqual({ status: 'creation_failed', splitId, error: declined });
    expect(calls(splitId, 'placeHold')).toEqual(ids.slice(0, 3));
    expect(calls(splitId, 'releaseShare')).toEqual([ids[1], ids[0]]);
    expect(await handle.result()).toEqual({ splitId, status: 'creation_failed' });
    const state = await handle.query(stateQuery);
    expect(state.participants.map((p) => p.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
    expect(statusMoves(state)).toEqual(['creating create creation_failed']);
    expect(state.history.at(-1)).toMatchObject({ kind: 'status', note: declined });
  });
});

describe('authorisation and capture', () => {
  it.concurrent('pending → capturing → captured: every share captured once, in order', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000, 1500]);
    await authorise(handle, ids[0]!, ids[1]!);
    await fake.waitForState(handle, (s) => s.participants.filter((p) => p.status === 'authorised').length === 2);
    expect((await handle.query(stateQuery)).status).toBe('pending');
    await authorise(handle, ids[2]!);
    const state = await statusIs(handle, 'captured');
    expect(calls(splitId, 'capture')).toEqual(ids);
    expect(state.participants.map((p) => p.status)).toEqual(['captured', 'captured', 'captured']);
    expect(state.capturedAt).not.toBeNull();
    expect(statusMoves(state)).toEqual([
      'creating create pending',
      'pending all_authorised capturing',
      'capturing all_authorised captured',
    ]);
  });

  it.concurrent('a repeated authorisation counts once; one the processor does not confirm leaves the participant pending', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 1000], {}, (ids) =>
      fake.world.faults.unconfirmed.add(ids[1]!),
    );
    await authorise(handle, ids[0]!);
    await fake.waitForState(handle, (s) => s.participants[0]!.status === 'authorised');
    // The processor webhook reporting the same hold after the pay step did.
    await handle.signal(participantAuthorisedSignal, { participantId: ids[0]!, source: 'processor_webhook' });
    await authorise(handle, ids[1]!);
    const state = await fake.waitForState(handle, (s) => s.history.some((h) => h.kind === 'authorisation_unconfirmed'));
    expect(calls(splitId, 'recordAuthorisation')).toEqual([ids[0], ids[1]]);
    expect(state.history.filter((h) => h.kind === 'authorisation_repeated')).toHaveLength(1);
    expect(state.participants.map((p) => p.status)).toEqual(['authorised', 'pending']);
    expect(state.status).toBe('pending');
  });

  it.concurrent('capturing → capture_failed: a share breaking part-way compensates the captured ones in reverse order', async () => {
    const lapsed = 'This PaymentIntent could not be captured because its authorization has expired.';
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000, 3000, 4000], {}, (ids) =>
      fake.world.faults.captureBreaks.set(ids[2]!, lapsed),
    );
    await authorise(handle, ...ids);
    expect(await handle.result()).toEqual({ splitId, status: 'capture_failed' });
    expect(calls(splitId, 'capture')).toEqual(ids.slice(0, 3));
    expect(calls(splitId, 'rollbackCapturedShare')).toEqual([ids[1], ids[0]]);
    expect(calls(splitId, 'releaseShare')).toEqual([ids[2], ids[3]]);
    const state = await handle.query(stateQuery);
    expect(state.participants.map((p) => p.status)).toEqual(['refunded', 'refunded', 'canceled', 'canceled']);
    expect(statusMoves(state).at(-1)).toBe('capturing capture_breaks capture_failed');
    expect(state.history.at(-1)).toMatchObject({ actor: 'system', note: lapsed });
    expect(fake.world.split(splitId).status).toBe('capture_failed');
  });

  it.concurrent('a rollback that fails is recorded and skipped, leaving the participant as the money is', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000, 3000], {}, (ids) => {
      fake.world.faults.captureBreaks.set(ids[2]!, 'Your card was declined.');
      fake.world.faults.rollbackRefundFails.add(ids[0]!);
      fake.world.faults.releaseFails.add(ids[2]!);
    });
    await authorise(handle, ...ids);
    expect(await handle.result()).toEqual({ splitId, status: 'capture_failed' });
    // Each rollback attempted once: a processor failure is an answer, recorded and skipped.
    expect(calls(splitId, 'rollbackCapturedShare')).toEqual([ids[1], ids[0]]);
    expect(calls(splitId, 'releaseShare')).toEqual([ids[2]]);
    const state = await handle.query(stateQuery);
    expect(state.participants.map((p) => p.status)).toEqual(['captured', 'refunded', 'authorised']);
  });

  it.concurrent('a rollback whose worker is lost mid-attempt is run again: the captured share refunded, the hold released', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000, 3000], {}, (ids) => {
      fake.world.faults.captureBreaks.set(ids[2]!, 'Your card was declined.');
      fake.world.faults.rollbackLost.set(ids[0]!, 2);
      fake.world.faults.rollbackLost.set(ids[2]!, 1);
    });
    await authorise(handle, ...ids);
    expect(await handle.result()).toEqual({ splitId, status: 'capture_failed' });
    // Lost attempts are not the processor's answer: each is run again until one answers.
    expect(calls(splitId, 'rollbackCapturedShare')).toEqual([ids[1], ids[0], ids[0], ids[0]]);
    expect(calls(splitId, 'releaseShare')).toEqual([ids[2], ids[2]]);
    const state = await handle.query(stateQuery);
    expect(state.participants.map((p) => p.status)).toEqual(['refunded', 'refunded', 'canceled']);
    expect(state.history.filter((h) => h.kind.startsWith('rollback_') && h.kind.endsWith('_failed'))).toEqual([]);
  });

  it.concurrent('shows the step in flight while the projection is ahead of the workflow', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const capture = fake.world.gate(`capture:${ids[1]}`);
    const paid = fake.world.gate(`transitionSplit:${splitId}:captured`);
    await authorise(handle, ...ids);

    await capture.reached;
    const capturing = await handle.query(stateQuery);
    // The capture batch: one step captures every share and writes `captured`; each share it names is moving.
    expect(capturing.inFlight).toEqual({
      step: 'transition',
      to: 'captured',
      participantIds: [ids[0], ids[1]],
      since: expect.any(String),
    });
    expect(capturing.status).toBe('capturing');
    expect(capturing.participants[1]!.status).toBe('authorised');
    expect(fake.world.split(splitId).participants[1]!.status).toBe('captured');
    capture.open();

    await paid.reached;
    const recording = await handle.query(stateQuery);
    // The projection already says captured; the workflow says capturing, and why.
    expect(fake.world.split(splitId).status).toBe('captured');
    expect(recording.status).toBe('capturing');
    expect(recording.inFlight).toEqual(capturing.inFlight);
    paid.open();

    const done = await statusIs(handle, 'captured');
    expect(done.inFlight).toBeNull();
  });
});

describe('cancel and expiry', () => {
  it.concurrent('pending → canceling → canceled: every live hold released, the caller told canceled', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 1500]);
    await authorise(handle, ids[0]!);
    const outcome = await handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] });
    expect(outcome).toEqual({ status: 'canceling', changed: true });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(calls(splitId, 'releaseShare')).toEqual(ids);
    const state = await handle.query(stateQuery);
    expect(state.participants.map((p) => p.status)).toEqual(['canceled', 'canceled']);
    expect(statusMoves(state)).toEqual([
      'creating create pending',
      'pending cancel canceling',
      'canceling cancel canceled',
    ]);
    expect(state.history.filter((h) => h.kind === 'status').at(-1)).toMatchObject({
      actor: 'user:owner',
      note: 'canceled',
    });
  });

  it.concurrent('a release that keeps failing is tried RELEASE_ATTEMPTS times, then left to lapse; the split still ends canceled', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 1500], {}, (ids) =>
      fake.world.faults.releaseFails.add(ids[1]!),
    );
    await handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(calls(splitId, 'releaseShare')).toEqual([ids[0], ids[1], ids[1], ids[1]]);
    expect((await handle.query(stateQuery)).participants.map((p) => p.status)).toEqual(['canceled', 'canceled']);
  });

  it.concurrent('a cancel of a split that is no longer pending changes nothing', async () => {
    const { handle, ids } = await fake.startSplit([1000]);
    await authorise(handle, ids[0]!);
    await statusIs(handle, 'captured');
    expect(await handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] })).toEqual({
      status: 'captured',
      changed: false,
    });
  });

  it.concurrent('pending → canceled by expiry once the holds lapse, with reason expired', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 1000], { holdTtlMs: SHORT_HOLD_TTL_MS });
    await authorise(handle, ids[0]!);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).slice(1)).toEqual(['pending expiry canceling', 'canceling expiry canceled']);
    expect(state.history.filter((h) => h.kind === 'status').at(-1)).toMatchObject({ actor: 'expiry', note: 'expired' });
    expect(calls(splitId, 'releaseShare')).toEqual(ids);
  });

  it.concurrent('a hold that lapses sooner (capture_before) brings the expiry forward', async () => {
    const captureBefore = new Date(Date.now() + SHORT_HOLD_TTL_MS).toISOString();
    const { splitId, handle, ids } = await fake.startSplit([1000, 1000], {}, (ids) =>
      fake.world.faults.captureBefore.set(ids[0]!, captureBefore),
    );
    await authorise(handle, ids[0]!);
    // Waits for the recorded capture_before, not for `authorised`: the expiry it brings forward is a
    // second away, and the participant may already be released again by the time the state is read.
    const authorised = await fake.waitForState(handle, (s) => s.participants[0]!.captureBefore !== null);
    expect(authorised.expiresAt).toBe(captureBefore);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(statusMoves(await handle.query(stateQuery)).at(-1)).toBe('canceling expiry canceled');
  });

  it.concurrent('a cancel arriving while the last authorisation is recorded wins: nothing is captured', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    await authorise(handle, ids[0]!);
    const last = fake.world.gate(`recordAuthorisation:${ids[1]}`);
    await authorise(handle, ids[1]!);
    await last.reached;
    const cancel = await handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:owner' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    last.open();
    expect(await cancel.result()).toEqual({ status: 'canceling', changed: true });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(calls(splitId, 'capture')).toEqual([]);
    expect(calls(splitId, 'releaseShare')).toEqual(ids);
    expect((await handle.query(stateQuery)).participants.map((p) => p.status)).toEqual(['canceled', 'canceled']);
  });

  it.concurrent('a cancel arriving once the capture has begun changes nothing, and the capture completes', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const first = fake.world.gate(`capture:${ids[0]}`);
    await authorise(handle, ...ids);
    await first.reached;
    expect(await handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] })).toEqual({
      status: 'capturing',
      changed: false,
    });
    first.open();
    await statusIs(handle, 'captured');
    expect(calls(splitId, 'releaseShare')).toEqual([]);
  });
});

describe('support', () => {
  /** A cancel whose final write the projection refuses: stuck in canceling, the caller's request still open. */
  async function stuckInCanceling() {
    const started = await fake.startSplit([1000, 2000]);
    const refusal = `Split ${started.splitId} is pending, expected canceling before canceled`;
    fake.world.faults.transitionRefused.set(`${started.splitId}:canceled`, refusal);
    const cancel = await started.handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:owner' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    const state = await stuck(started.handle);
    expect(state).toMatchObject({ status: 'canceling', stuck: { stage: 'canceling', error: refusal } });
    expect(state.participants.map((p) => p.status)).toEqual(['canceled', 'canceled']);
    return { ...started, cancel };
  }

  /** The refusal a support Update fails with: its validator's message (the UI and the CLI show it). */
  const refusalOf = async (sent: Promise<unknown>) => {
    const error = await sent.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
    const cause = (error as WorkflowUpdateFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect((cause as ApplicationFailure).type).toBe(SUPPORT_REFUSED);
    return (cause as ApplicationFailure).message;
  };
  const supportRecords = (splitId: string) =>
    fake.world.callsOf(splitId, 'recordSupportAction').map((c) => c.detail as Record<string, unknown>);

  it.concurrent('a support signal for a split that is not stuck changes nothing and is listed and recorded as refused', async () => {
    const { splitId, handle } = await fake.startSplit([1000]);
    await handle.signal(supportResolveSignal, { ...support, status: 'captured' });
    const state = await fake.waitForState(handle, (s) => s.support_refusals.length === 1);
    expect(state.status).toBe('pending');
    const why = `Split ${splitId} is pending: resolve applies only to a split stuck in capturing or canceling`;
    expect(state.support_refusals).toEqual([
      { at: expect.any(String), action: 'resolve', actor: 'support:ada', reason: support.reason, why },
    ]);
    expect(state.history.at(-1)).toMatchObject({ kind: 'support_resolve_refused', actor: 'support:ada', note: why });
    await fake.waitForState(handle, () => supportRecords(splitId).length === 1);
    expect(supportRecords(splitId)).toEqual([
      expect.objectContaining({ action: 'resolve', outcome: 'refused', actor: 'support:ada', why, status: 'captured' }),
    ]);
  });

  it.concurrent('support signals and Updates without an actor or a reason are refused, and change nothing', async () => {
    const { splitId, handle } = await stuckInCapturing();
    await handle.signal(supportCompensateSignal, { actor: ' ', reason: 'no name' } as never);
    await handle.signal(supportRetrySignal, { actor: 'ada' } as never);
    const state = await fake.waitForState(handle, (s) => s.support_refusals.length === 2);
    expect(state.support_refusals.map((r) => [r.action, r.actor, r.reason, r.why.split(':')[0]])).toEqual([
      ['compensate', null, 'no name', 'actor is required'],
      ['retry', 'support:ada', null, 'reason is required'],
    ]);
    expect(state).toMatchObject({ status: 'capturing', stuck: { stage: 'capturing' } });
    expect(
      await refusalOf(handle.executeUpdate(supportCompensateUpdate, { args: [{ actor: 'ada', reason: '' }] })),
    ).toBe('reason is required: why this action, in a few words');
    expect(
      await refusalOf(handle.executeUpdate(supportResolveUpdate, { args: [{ ...support, status: 'canceled' }] })),
    ).toBe('A split stuck in capturing can only be resolved as captured or capture_failed');
    // Refused Updates leave no record (the caller saw why); the refused signals are audited.
    await fake.waitForState(handle, () => supportRecords(splitId).length === 2);
    expect(supportRecords(splitId).map((r) => r.outcome)).toEqual(['refused', 'refused']);
    expect((await handle.query(stateQuery)).stuck).not.toBeNull();
  });

  it.concurrent('stuck in capturing, "compensate" as an Update: answered accepted once recorded', async () => {
    const { splitId, handle, ids } = await stuckInCapturing();
    // A retry that is not allowed yet would be refused the same way; this one is accepted.
    expect(await refusalOf(handle.executeUpdate(supportRetryUpdate, { args: [{ actor: '', reason: 'x' }] }))).toMatch(
      /^actor is required/,
    );
    const outcome = await handle.executeUpdate(supportCompensateUpdate, { args: [{ actor: 'ada', reason: 'outage' }] });
    expect(outcome).toEqual({ accepted: true, action: 'compensate', actor: 'support:ada', stage: 'capturing' });
    expect(supportRecords(splitId)).toEqual([
      expect.objectContaining({
        action: 'compensate',
        outcome: 'accepted',
        actor: 'support:ada',
        reason: 'outage',
        before: { status: 'capturing', stuck: expect.objectContaining({ stage: 'capturing' }) },
      }),
    ]);
    expect(await handle.result()).toEqual({ splitId, status: 'capture_failed' });
    expect(calls(splitId, 'rollbackCapturedShare')).toEqual([ids[0]]);
  });

  it.concurrent('stuck in capturing, "retry": captures what is left, each share once', async () => {
    const { splitId, handle, ids } = await stuckInCapturing();
    fake.world.faults.captureTransient.delete(ids[1]!);
    await handle.signal(supportRetrySignal, support);
    const state = await statusIs(handle, 'captured');
    expect(calls(splitId, 'capture').filter((id) => id === ids[0])).toHaveLength(1);
    expect(state.stuck).toBeNull();
    expect(state.history.map((h) => h.kind)).toEqual(expect.arrayContaining(['stuck', 'support_retry']));
    expect(statusMoves(state).at(-1)).toBe('capturing all_authorised captured');
  });

  it.concurrent('stuck in capturing → capture_failed on "compensate": the captured share refunded, the rest released', async () => {
    const { splitId, handle, ids } = await stuckInCapturing();
    await handle.signal(supportCompensateSignal, support);
    expect(await handle.result()).toEqual({ splitId, status: 'capture_failed' });
    expect(calls(splitId, 'rollbackCapturedShare')).toEqual([ids[0]]);
    expect(calls(splitId, 'releaseShare')).toEqual([ids[1]]);
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).at(-1)).toBe('capturing support_compensate capture_failed');
    expect(state.history.at(-1)).toMatchObject({ actor: 'system', note: `support: ${support.reason}` });
  });

  it.concurrent('stuck in capturing → captured on "resolve" with status captured', async () => {
    const { splitId, handle } = await stuckInCapturing();
    await handle.signal(supportResolveSignal, { ...support, status: 'captured' });
    const state = await statusIs(handle, 'captured');
    expect(state.capturedAt).not.toBeNull();
    expect(statusMoves(state).at(-1)).toBe('capturing support_resolve captured');
    expect(state.history.at(-1)).toMatchObject({
      actor: 'support:ada',
      note: `resolved by support: ${support.reason}`,
    });
    expect(fake.world.split(splitId).status).toBe('captured');
  });

  it.concurrent('stuck in capturing → capture_failed on "resolve" without a status', async () => {
    const { splitId, handle } = await stuckInCapturing();
    await handle.signal(supportResolveSignal, support);
    expect(await handle.result()).toEqual({ splitId, status: 'capture_failed' });
    expect(statusMoves(await handle.query(stateQuery)).at(-1)).toBe('capturing support_resolve capture_failed');
  });

  it.concurrent('stuck in canceling, "retry" once the projection is repaired: canceled, and the cancel caller told so', async () => {
    const { splitId, handle, cancel } = await stuckInCanceling();
    fake.world.faults.transitionRefused.delete(`${splitId}:canceled`);
    await handle.signal(supportRetrySignal, support);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(await cancel.result()).toEqual({ status: 'canceling', changed: true });
    expect(statusMoves(await handle.query(stateQuery)).at(-1)).toBe('canceling cancel canceled');
  });

  it.concurrent('stuck in canceling → canceled on "resolve"', async () => {
    const { splitId, handle } = await stuckInCanceling();
    fake.world.faults.transitionRefused.delete(`${splitId}:canceled`);
    await handle.signal(supportResolveSignal, support);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(statusMoves(await handle.query(stateQuery)).at(-1)).toBe('canceling support_resolve canceled');
  });

  it.concurrent('an illegal resolution (canceling → captured) or a compensate of a cancel is refused before anything is written', async () => {
    const { splitId, handle } = await stuckInCanceling();
    fake.world.faults.transitionRefused.delete(`${splitId}:canceled`);
    await handle.signal(supportResolveSignal, { ...support, status: 'captured' });
    await handle.signal(supportCompensateSignal, support);
    const again = await fake.waitForState(handle, (s) => s.support_refusals.length === 2);
    expect(again.support_refusals.map((r) => r.why)).toEqual([
      'A split stuck in canceling can only be resolved as canceled',
      `Split ${splitId} is stuck in canceling: compensate applies only to a split stuck in capturing (use retry to release the holds again, or resolve)`,
    ]);
    expect(again).toMatchObject({ status: 'canceling', capturedAt: null, stuck: { stage: 'canceling' } });
    const moves = fake.world.callsOf(splitId, 'transitionSplit').map((c) => (c.detail as { to: string }).to);
    expect(moves).not.toContain('captured');
    expect(fake.world.split(splitId).status).toBe('canceling');
    await handle.signal(supportResolveSignal, support);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
  });
});

describe('replay', () => {
  it('every history the tests above wrote replays without a nondeterminism error', async () => {
    // Every path, support's and compensation's included, makes the same commands when replayed,
    // including activations that follow a local step (they can replay inside an earlier task).
    expect(await fake.replayErrors(fake.handles)).toEqual([]);
  });
});

describe('the transition table', () => {
  it('every row outside refunds was walked by the tests above', async () => {
    const walked = new Set<string>();
    const states = await Promise.all(fake.handles.map((handle) => handle.query(stateQuery)));
    for (const state of states) for (const move of statusMoves(state)) walked.add(move);
    const rows = SPLIT_TRANSITIONS.filter((t) => !t.trigger.includes('refund')).map(
      (t) => `${t.from} ${t.trigger} ${t.to}`,
    );
    expect(rows.filter((row) => !walked.has(row))).toEqual([]);
  });
});
