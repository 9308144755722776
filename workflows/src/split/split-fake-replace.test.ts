import { ApplicationFailure, WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import type { ReplaceRequest } from './messages';
import type { SplitWorkflowState } from './snapshot';
import { type FakeWorker, SHORT_HOLD_TTL_MS, type SplitHandle, startFakeWorker } from './test-support/fake-worker';
import {
  cancelSplitUpdate,
  NOT_REPLACEABLE,
  participantAuthorisedSignal,
  REPLACE_FAILED,
  replaceParticipantUpdate,
  stateQuery,
  UNKNOWN_PARTICIPANT,
} from './workflow';

/**
 * Replacing a pending participant (replace.ts) on the dev server with in-memory activities: the
 * replacement itself, its refusals, and how it is serialised with the target's authorisation, a
 * cancel and the expiry. The real activities and the HTTP routes are covered by checkout's
 * participant-replace tests.
 */
let fake: FakeWorker;

beforeAll(async () => {
  fake = await startFakeWorker();
});
afterAll(() => fake.stop());

const request = (participantId: string, email = 'new.person@payer.test'): ReplaceRequest => ({
  participantId,
  email,
  actor: 'user:buyer',
});
const replace = (handle: SplitHandle, participantId: string, email?: string) =>
  handle.executeUpdate(replaceParticipantUpdate, { args: [request(participantId, email)] });
const startReplace = (handle: SplitHandle, participantId: string) =>
  handle.startUpdate(replaceParticipantUpdate, {
    args: [request(participantId)],
    waitForStage: WorkflowUpdateStage.ACCEPTED,
  });
const authorise = (handle: SplitHandle, participantId: string) =>
  handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });
const calls = (splitId: string, name?: string) =>
  fake.world.callsOf(splitId, name).map((c) => (name ? c.participantId : c.name));
const statusMoves = (state: SplitWorkflowState) =>
  state.history.filter((h) => h.kind === 'status').map((h) => `${h.from} ${h.trigger} ${h.to}`);

/** The refused update's ApplicationFailure. */
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

describe('replacing a pending participant', () => {
  it.concurrent('gives the share a new hold, releases the old one, and moves nothing else', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const before = await handle.query(stateQuery);
    const outcome = await replace(handle, ids[1]!);
    expect(outcome).toEqual({ participantId: ids[1], replacement: 1, paymentIntentId: `pi_${ids[1]}_1` });
    expect(fake.world.callsOf(splitId, 'replaceParticipant').map((c) => c.detail)).toEqual([
      { email: 'new.person@payer.test', replacement: 1 },
    ]);
    expect(fake.world.callsOf(splitId, 'releaseReplacedHold').map((c) => c.detail)).toEqual([`pi_${ids[1]}`]);
    const after = await handle.query(stateQuery);
    expect(after.status).toBe('pending');
    expect(after.authorizationExpiresAt).toBe(before.authorizationExpiresAt);
    expect(after.expiresAt).toBe(before.expiresAt);
    expect(after.participants[1]).toEqual({
      id: ids[1],
      status: 'pending',
      paymentIntentId: `pi_${ids[1]}_1`,
      captureBefore: null,
      replacements: 1,
    });
    expect(after.participants[0]).toEqual(before.participants[0]);
    expect(after.history.at(-1)).toMatchObject({
      kind: 'participant_replaced',
      actor: 'user:buyer',
      participantId: ids[1],
    });
    expect(after.inFlight).toBeNull();
    expect(fake.world.split(splitId).participants[1]).toMatchObject({ email: 'new.person@payer.test' });

    // The new person pays like anyone else, and the split goes through.
    await authorise(handle, ids[0]!);
    await authorise(handle, ids[1]!);
    const done = await fake.waitForState(handle, (s) => s.status === 'captured');
    expect(statusMoves(done)).toEqual([
      'creating create pending',
      'pending all_authorised capturing',
      'capturing all_authorised captured',
    ]);
  });

  it.concurrent('a second replacement numbers its hold 2 and releases the first replacement’s hold', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    await replace(handle, ids[0]!, 'first@payer.test');
    const second = await replace(handle, ids[0]!, 'second@payer.test');
    expect(second).toEqual({ participantId: ids[0], replacement: 2, paymentIntentId: `pi_${ids[0]}_2` });
    expect(fake.world.callsOf(splitId, 'releaseReplacedHold').map((c) => c.detail)).toEqual([
      `pi_${ids[0]}`,
      `pi_${ids[0]}_1`,
    ]);
    expect((await handle.query(stateQuery)).participants[0]!.replacements).toBe(2);
  });

  it.concurrent('a hold that cannot be released is recorded; the replacement stands', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000], {}, (ids) =>
      fake.world.faults.replacedReleaseFails.add(ids[0]!),
    );
    expect(await replace(handle, ids[0]!)).toMatchObject({ replacement: 1 });
    expect(calls(splitId, 'releaseReplacedHold')).toEqual([ids[0], ids[0], ids[0]]);
    const state = await handle.query(stateQuery);
    expect(state.participants[0]!.paymentIntentId).toBe(`pi_${ids[0]}_1`);
    expect(state.history.at(-1)).toMatchObject({ kind: 'replaced_hold_release_failed', participantId: ids[0] });
  });
});

describe('refusals', () => {
  it.concurrent('an unknown participant, and one who has authorised, are refused before anything runs', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const unknown = await refusal(replace(handle, 'no-such-participant'));
    expect(unknown.type).toBe(UNKNOWN_PARTICIPANT);

    await authorise(handle, ids[0]!);
    await fake.waitForState(handle, (s) => s.participants[0]!.status === 'authorised');
    const paid = await refusal(replace(handle, ids[0]!));
    expect(paid.type).toBe(NOT_REPLACEABLE);
    expect(paid.details).toEqual([{ splitStatus: 'pending', participantStatus: 'authorised' }]);
    expect(calls(splitId, 'replaceParticipant')).toEqual([]);
    // Refused by the validator: not in the workflow's history at all.
    expect((await handle.query(stateQuery)).history.some((h) => h.kind === 'replace_refused')).toBe(false);
  });

  it.concurrent('a split that is no longer pending is refused, naming its status', async () => {
    const { handle, ids } = await fake.startSplit([1000, 2000]);
    await authorise(handle, ids[0]!);
    await authorise(handle, ids[1]!);
    await fake.waitForState(handle, (s) => s.status === 'captured');
    const refused = await refusal(replace(handle, ids[0]!));
    expect(refused.type).toBe(NOT_REPLACEABLE);
    expect(refused.details).toEqual([{ splitStatus: 'captured', participantStatus: 'captured' }]);
  });

  it.concurrent('a hold the processor will not place refuses the replace and changes nothing', async () => {
    const declined = 'Your card was declined.';
    const { splitId, handle, ids } = await fake.startSplit([1000], {}, (ids) =>
      fake.world.faults.replaceFails.set(ids[0]!, declined),
    );
    const before = await handle.query(stateQuery);
    const refused = await refusal(replace(handle, ids[0]!));
    expect(refused.type).toBe(REPLACE_FAILED);
    expect(refused.message).toBe(declined);
    const after = await handle.query(stateQuery);
    expect(after.participants).toEqual(before.participants);
    expect(after.history.at(-1)).toMatchObject({ kind: 'replace_refused', note: declined });
    expect(calls(splitId, 'releaseReplacedHold')).toEqual([]);
  });
});

describe('serialised with authorisations, cancel and expiry', () => {
  it.concurrent('the target authorised at the processor before the replace was taken: their payment stands', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000], {}, (ids) =>
      fake.world.faults.authorisedAtProcessor.add(ids[1]!),
    );
    const refused = await refusal(replace(handle, ids[1]!));
    expect(refused.type).toBe(NOT_REPLACEABLE);
    expect(refused.details).toEqual([{ splitStatus: 'pending', participantStatus: 'authorised' }]);
    expect(fake.world.callsOf(splitId, 'recordAuthorisation').map((c) => [c.participantId, c.detail])).toEqual([
      [ids[1], 'processor'],
    ]);
    expect(calls(splitId, 'releaseReplacedHold')).toEqual([]);
    const state = await handle.query(stateQuery);
    expect(state.participants[1]).toMatchObject({ status: 'authorised', paymentIntentId: `pi_${ids[1]}` });
    // Their pay-step signal, arriving late, counts once.
    await authorise(handle, ids[1]!);
    const late = await fake.waitForState(handle, (s) => s.history.at(-1)?.kind === 'authorisation_repeated');
    expect(late.participants[1]!.status).toBe('authorised');
  });

  it.concurrent('the target’s authorisation taken first wins; the replace queued behind it is refused', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000, 3000]);
    const busy = fake.world.gate(`recordAuthorisation:${ids[1]}`);
    await authorise(handle, ids[1]!);
    await busy.reached;
    const queued = await startReplace(handle, ids[1]!);
    busy.open();
    const refused = await refusal(queued.result());
    expect(refused.details).toEqual([{ splitStatus: 'pending', participantStatus: 'authorised' }]);
    expect(calls(splitId, 'replaceParticipant')).toEqual([]);
    const state = await handle.query(stateQuery);
    expect(state.history.at(-1)).toMatchObject({ kind: 'replace_refused', participantId: ids[1] });
    expect(state.participants[1]).toMatchObject({ status: 'authorised', paymentIntentId: `pi_${ids[1]}` });
  });

  it.concurrent('a replace taken first: a signal about the replaced hold is checked against the new one', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const replacing = fake.world.gate(`replaceParticipant:${ids[1]}`);
    const update = await startReplace(handle, ids[1]!);
    await replacing.reached;
    // The old person's pay step reports their (replaced) hold; the processor does not confirm the new one.
    fake.world.faults.unconfirmed.add(ids[1]!);
    await authorise(handle, ids[1]!);
    replacing.open();
    expect(await update.result()).toMatchObject({ replacement: 1 });
    const state = await fake.waitForState(handle, (s) => s.history.at(-1)?.kind === 'authorisation_unconfirmed');
    expect(calls(splitId).filter((name) => name !== 'openSplit' && name !== 'placeHold')).toEqual([
      'transitionSplit',
      'replaceParticipant',
      'releaseReplacedHold',
      'recordAuthorisation',
    ]);
    expect(state.participants[1]).toMatchObject({ status: 'pending', paymentIntentId: `pi_${ids[1]}_1` });
  });

  it.concurrent('a cancel taken before a queued replace: the replace is refused and nothing is replaced', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const busy = fake.world.gate(`recordAuthorisation:${ids[0]}`);
    await authorise(handle, ids[0]!);
    await busy.reached;
    const queuedReplace = await startReplace(handle, ids[1]!);
    const cancel = await handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:owner' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    busy.open();
    const refused = await refusal(queuedReplace.result());
    expect(refused.type).toBe(NOT_REPLACEABLE);
    expect(refused.details).toEqual([{ splitStatus: 'canceling', participantStatus: 'pending' }]);
    expect(await cancel.result()).toEqual({ status: 'canceling', changed: true });
    await handle.result();
    expect(calls(splitId, 'replaceParticipant')).toEqual([]);
    expect(calls(splitId, 'releaseShare')).toEqual(ids);
  });

  it.concurrent('a replace asked for once a cancel is queued is refused by the validator as canceling', async () => {
    const { handle, ids } = await fake.startSplit([1000, 2000]);
    const busy = fake.world.gate(`recordAuthorisation:${ids[0]}`);
    await authorise(handle, ids[0]!);
    await busy.reached;
    const cancel = await handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:owner' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    const refused = await refusal(replace(handle, ids[1]!));
    expect(refused.details).toEqual([{ splitStatus: 'canceling', participantStatus: 'pending' }]);
    busy.open();
    expect(await cancel.result()).toEqual({ status: 'canceling', changed: true });
  });

  it.concurrent('a replace taken before a cancel finishes first; the cancel then releases the new hold', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000]);
    const replacing = fake.world.gate(`replaceParticipant:${ids[1]}`);
    const update = await startReplace(handle, ids[1]!);
    await replacing.reached;
    const cancel = await handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:owner' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    replacing.open();
    expect(await update.result()).toMatchObject({ replacement: 1 });
    expect(await cancel.result()).toEqual({ status: 'canceling', changed: true });
    await handle.result();
    expect(calls(splitId).slice(-6)).toEqual([
      'replaceParticipant',
      'releaseReplacedHold',
      'transitionSplit',
      'releaseShare',
      'releaseShare',
      'transitionSplit',
    ]);
    const state = await handle.query(stateQuery);
    expect(state.participants.map((p) => [p.status, p.paymentIntentId])).toEqual([
      ['canceled', `pi_${ids[0]}`],
      ['canceled', `pi_${ids[1]}_1`],
    ]);
  });

  it.concurrent('the expiry passing while a replace runs: the replace completes, then the split expires', async () => {
    const { splitId, handle, ids } = await fake.startSplit([1000, 2000], { holdTtlMs: SHORT_HOLD_TTL_MS });
    const replacing = fake.world.gate(`replaceParticipant:${ids[1]}`);
    const update = await startReplace(handle, ids[1]!);
    // Should the expiry still win (the replace refused before its activity ran), fail here at once.
    const first = await Promise.race([
      replacing.reached.then(() => 'replace reached its activity'),
      update.result().then(
        () => 'replace ended',
        () => 'replace refused',
      ),
    ]);
    expect(first).toBe('replace reached its activity');
    await fake.waitForState(handle, (s) => Date.now() > Date.parse(s.expiresAt!) + 100);
    replacing.open();
    expect(await update.result()).toMatchObject({ replacement: 1 });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).slice(1)).toEqual(['pending expiry canceling', 'canceling expiry canceled']);
    expect(calls(splitId, 'releaseShare')).toEqual(ids);
    expect(state.participants[1]).toMatchObject({ status: 'canceled', paymentIntentId: `pi_${ids[1]}_1` });
  });
});
