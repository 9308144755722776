import { ApplicationFailure, WorkflowUpdateFailedError, WorkflowUpdateStage } from '@temporalio/client';
import { ACCEPT_LAPSE_MARGIN_MS } from './merchant-accept';
import type { SplitWorkflowState } from './snapshot';
import { type FakeWorker, SHORT_HOLD_TTL_MS, type SplitHandle, startFakeWorker } from './test-support/fake-worker';
import {
  acceptSplitUpdate,
  cancelSplitSignal,
  cancelSplitUpdate,
  NOT_AWAITING_MERCHANT,
  participantAuthorisedSignal,
  stateQuery,
} from './workflow';

/**
 * The merchant accept step (merchant-accept.ts; docs/splits.md, "Merchant accept") on the dev server
 * with in-memory activities: a merchant_accept split waits after its last authorisation, and the
 * accept, a cancel and the expiry are taken one at a time, so each race has exactly one outcome.
 */
let fake: FakeWorker;

beforeAll(async () => {
  fake = await startFakeWorker();
});
afterAll(() => fake.stop());

const MERCHANT_ACCEPT = {
  token: 'cs_fake',
  customerEmail: null,
  customerName: null,
  metadata: null,
  capture: 'merchant_accept' as const,
};
const API_KEY = 'api_key:key-fake';

const startAcceptSplit = (amounts: number[], holdTtlMs?: number) =>
  fake.startSplit(amounts, { session: MERCHANT_ACCEPT, ...(holdTtlMs ? { holdTtlMs } : {}) });

const authoriseAll = async (handle: SplitHandle, ids: string[]) => {
  for (const participantId of ids)
    await handle.signal(participantAuthorisedSignal, { participantId, source: 'pay_step' });
};
const awaiting = (handle: SplitHandle) => fake.waitForState(handle, (s) => s.awaitingMerchant === true);
const accept = (handle: SplitHandle, actor = API_KEY) => handle.executeUpdate(acceptSplitUpdate, { args: [{ actor }] });
const cancel = (handle: SplitHandle) => handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: 'user:owner' }] });
const statusMoves = (state: SplitWorkflowState) =>
  state.history.filter((h) => h.kind === 'status').map((h) => `${h.from} ${h.trigger} ${h.to}`);
const calls = (splitId: string, name: string) => fake.world.callsOf(splitId, name);
const holdStatuses = (splitId: string) => fake.world.split(splitId).participants.map((p) => p.status);

/** The refusal's ApplicationFailure type (validator or handler), or the error itself when it is something else. */
async function refusalOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) return error.cause.type;
  return error;
}

describe('merchant accept', () => {
  it.concurrent('every share authorised: the split waits, pending, marked once, nothing captured', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 2000]);
    await authoriseAll(handle, ids);
    const state = await awaiting(handle);
    expect(state.status).toBe('pending');
    expect(state.participants.map((p) => p.status)).toEqual(['authorised', 'authorised']);
    expect(calls(splitId, 'markAwaitingMerchant')).toHaveLength(1);
    expect(calls(splitId, 'captureBatch')).toHaveLength(0);
    expect(statusMoves(state)).toEqual(['creating create pending']);
    expect(state.history.at(-1)).toMatchObject({ kind: 'awaiting_merchant', actor: 'system' });
    // A repeated authorisation while waiting changes nothing.
    await handle.signal(participantAuthorisedSignal, { participantId: ids[0]!, source: 'processor_webhook' });
    expect((await handle.query(stateQuery)).status).toBe('pending');
  });

  it.concurrent('accept: captures every share and answers captured; the merchant is the capture’s actor', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 2000]);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    expect(await accept(handle)).toEqual({ status: 'captured' });
    const state = await handle.query(stateQuery);
    expect(state).toMatchObject({ status: 'captured', awaitingMerchant: false });
    expect(holdStatuses(splitId)).toEqual(['captured', 'captured']);
    expect(calls(splitId, 'recordMerchantAccept').map((c) => c.detail)).toEqual([API_KEY]);
    expect(statusMoves(state)).toEqual([
      'creating create pending',
      'pending all_authorised capturing',
      'capturing all_authorised captured',
    ]);
    expect(state.history.find((h) => h.to === 'capturing')).toMatchObject({ actor: API_KEY });
    expect(state.history.filter((h) => h.kind === 'merchant_accepted')).toEqual([
      expect.objectContaining({ actor: API_KEY }),
    ]);
    // Accepted once: a second accept is refused, and a cancel changes nothing.
    expect(await refusalOf(accept(handle))).toBe(NOT_AWAITING_MERCHANT);
    expect(await cancel(handle)).toEqual({ status: 'captured', changed: false });
  });

  it.concurrent('accept is refused not_awaiting_merchant before the last authorisation and on an automatic split', async () => {
    const waiting = await startAcceptSplit([1000, 2000]);
    await authoriseAll(waiting.handle, [waiting.ids[0]!]);
    await fake.waitForState(waiting.handle, (s) => s.participants[0]!.status === 'authorised');
    expect(await refusalOf(accept(waiting.handle))).toBe(NOT_AWAITING_MERCHANT);

    const automatic = await fake.startSplit([1000]);
    expect(await refusalOf(accept(automatic.handle))).toBe(NOT_AWAITING_MERCHANT);
    await authoriseAll(automatic.handle, automatic.ids);
    const done = await fake.waitForState(automatic.handle, (s) => s.status === 'captured');
    // An automatic split captures as it always did, and its state carries no accept field.
    expect(done).not.toHaveProperty('awaitingMerchant');
    expect(calls(automatic.splitId, 'markAwaitingMerchant')).toHaveLength(0);
    expect(await refusalOf(accept(automatic.handle))).toBe(NOT_AWAITING_MERCHANT);
  });

  it.concurrent('cancel while waiting (declining): every hold released, canceled; a later accept is refused', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 1500]);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    expect(await cancel(handle)).toEqual({ status: 'canceling', changed: true });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(calls(splitId, 'releaseShare').map((c) => c.participantId)).toEqual(ids);
    expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
    expect(calls(splitId, 'captureBatch')).toHaveLength(0);
    expect(statusMoves(await handle.query(stateQuery)).slice(1)).toEqual([
      'pending cancel canceling',
      'canceling cancel canceled',
    ]);
    await expect(accept(handle)).rejects.toThrow();
  });

  it.concurrent('a cancel signal while waiting declines as the update does', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000]);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    await handle.signal(cancelSplitSignal, { actor: 'user:owner' });
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(holdStatuses(splitId)).toEqual(['canceled']);
  });

  it.concurrent('no answer by the expiry: ends like an expired pending split, every hold released', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 1000], SHORT_HOLD_TTL_MS);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    const state = await handle.query(stateQuery);
    expect(state.awaitingMerchant).toBe(false);
    expect(statusMoves(state).slice(1)).toEqual(['pending expiry canceling', 'canceling expiry canceled']);
    expect(state.history.filter((h) => h.kind === 'status').at(-1)).toMatchObject({ actor: 'expiry', note: 'expired' });
    expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
    expect(calls(splitId, 'captureBatch')).toHaveLength(0);
    // The workflow has closed: the accept cannot reach it (checkout answers 409 not_awaiting_merchant).
    await expect(accept(handle)).rejects.toThrow();
  });

  it.concurrent('a hold that lapses sooner: the wait ends before it lapses, every hold released', async () => {
    // The first hold lapses a few seconds after the margin: the split's own expiry (7 days) is far off,
    // and the expiry timer of a split still collecting would fire at the lapse itself.
    const lapse = Date.now() + ACCEPT_LAPSE_MARGIN_MS + 4_000;
    const { splitId, handle, ids } = await fake.startSplit([1000, 1000], { session: MERCHANT_ACCEPT }, (ids) =>
      fake.world.faults.captureBefore.set(ids[0]!, new Date(lapse).toISOString()),
    );
    await authoriseAll(handle, ids);
    await awaiting(handle);
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    const state = await handle.query(stateQuery);
    expect(statusMoves(state).slice(1)).toEqual(['pending expiry canceling', 'canceling expiry canceled']);
    const moves = state.history.filter((h) => h.kind === 'status');
    expect(moves.at(-1)).toMatchObject({ actor: 'expiry', note: 'expired' });
    // Released and ended before the hold lapsed, not at it: the margin was kept.
    const canceledAt = Date.parse(moves.at(-1)!.at);
    expect(canceledAt).toBeLessThan(lapse - ACCEPT_LAPSE_MARGIN_MS / 2);
    expect(canceledAt).toBeGreaterThanOrEqual(lapse - ACCEPT_LAPSE_MARGIN_MS - 1_000);
    expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
    expect(calls(splitId, 'captureBatch')).toHaveLength(0);
    await expect(accept(handle)).rejects.toThrow();
  });

  it.concurrent('a hold lapsing within the margin: an accept is refused, nothing captured', async () => {
    // The hold lapses sooner than the margin: the accept step's deadline is already past when the last
    // share is held, so the step ends at once and an accept sent then is refused.
    const lapse = Date.now() + ACCEPT_LAPSE_MARGIN_MS / 2;
    const { splitId, handle, ids } = await fake.startSplit([1000, 1000], { session: MERCHANT_ACCEPT }, (ids) =>
      fake.world.faults.captureBefore.set(ids[1]!, new Date(lapse).toISOString()),
    );
    await authoriseAll(handle, ids);
    // Once it has been marked waiting (it may have ended already), an accept is refused.
    await fake.waitForState(handle, (s) => s.history.some((h) => h.kind === 'awaiting_merchant'));
    await expect(accept(handle)).rejects.toThrow();
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
    expect(calls(splitId, 'captureBatch')).toHaveLength(0);
    expect(Date.now()).toBeLessThan(lapse);
  });

  it.concurrent('accept taken first: a cancel arriving while the capture runs changes nothing', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 2000]);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    const first = fake.world.gate(`capture:${ids[0]}`);
    const accepting = await handle.startUpdate(acceptSplitUpdate, {
      args: [{ actor: API_KEY }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    await first.reached;
    expect(await cancel(handle)).toEqual({ status: 'capturing', changed: false });
    first.open();
    expect(await accepting.result()).toEqual({ status: 'captured' });
    expect(holdStatuses(splitId)).toEqual(['captured', 'captured']);
    expect(calls(splitId, 'releaseShare')).toHaveLength(0);
  });

  it.concurrent('cancel taken first: an accept arriving while the holds are released is refused', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 2000]);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    const release = fake.world.gate(`releaseShare:${ids[0]}`);
    const canceling = await handle.startUpdate(cancelSplitUpdate, {
      args: [{ actor: 'user:owner' }],
      waitForStage: WorkflowUpdateStage.ACCEPTED,
    });
    await release.reached;
    expect(await refusalOf(accept(handle))).toBe(NOT_AWAITING_MERCHANT);
    release.open();
    expect(await canceling.result()).toEqual({ status: 'canceling', changed: true });
    await handle.result();
    expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
    expect(calls(splitId, 'captureBatch')).toHaveLength(0);
  });

  it.concurrent('expiry taken first: an accept arriving while the holds are released is refused', async () => {
    const { splitId, handle, ids } = await startAcceptSplit([1000, 1000], SHORT_HOLD_TTL_MS);
    const release = fake.world.gate(`releaseShare:${ids[0]}`);
    await authoriseAll(handle, ids);
    await awaiting(handle);
    await release.reached;
    expect(await refusalOf(accept(handle))).toBe(NOT_AWAITING_MERCHANT);
    release.open();
    expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
    expect(statusMoves(await handle.query(stateQuery)).slice(1)).toEqual([
      'pending expiry canceling',
      'canceling expiry canceled',
    ]);
    expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
  });

  it.concurrent('accept and cancel sent at once: exactly one outcome, holds all captured or all released', async () => {
    const splits = await Promise.all([0, 1, 2, 3].map(() => startAcceptSplit([1000, 2000])));
    for (const { handle, ids } of splits) await authoriseAll(handle, ids);
    for (const { handle } of splits) await awaiting(handle);
    for (const { splitId, handle } of splits) {
      const [accepted, canceled] = await Promise.allSettled([accept(handle), cancel(handle)]);
      const final = (await handle.query(stateQuery)).status;
      if (accepted.status === 'fulfilled') {
        // The accept was taken first: captured, and the cancel changed nothing.
        expect(accepted.value).toEqual({ status: 'captured' });
        expect(canceled).toMatchObject({ status: 'fulfilled', value: { changed: false } });
        expect((canceled as PromiseFulfilledResult<{ status: string }>).value.status).not.toBe('canceled');
        expect(final).toBe('captured');
        expect(holdStatuses(splitId)).toEqual(['captured', 'captured']);
        expect(calls(splitId, 'releaseShare')).toHaveLength(0);
      } else {
        // The cancel was taken first: the accept refused, nothing captured, every hold released.
        expect(await refusalOf(Promise.reject(accepted.reason))).toBe(NOT_AWAITING_MERCHANT);
        expect(canceled).toEqual({ status: 'fulfilled', value: { status: 'canceling', changed: true } });
        expect(await handle.result()).toEqual({ splitId, status: 'canceled' });
        expect(holdStatuses(splitId)).toEqual(['canceled', 'canceled']);
        expect(calls(splitId, 'captureBatch')).toHaveLength(0);
      }
    }
  });
});

describe('replay', () => {
  it('every history the tests above wrote replays without a nondeterminism error', async () => {
    expect(await fake.replayErrors(fake.handles)).toEqual([]);
  });
});
