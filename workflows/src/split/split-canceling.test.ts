import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import { RELEASE_ATTEMPTS } from './activities';
import type { SplitWorkflowState } from './snapshot';
import { splitWorkflowId, stateQuery, supportResolveSignal, supportRetrySignal } from './workflow';

/**
 * `canceling` → `canceled`. The spec's table: "Holds released; participant rows set to canceled
 * even if a release failed". So a processor that refuses every release does not leave the split
 * stuck: each release is tried RELEASE_ATTEMPTS times, recorded, and the hold left to lapse. The
 * split can only get stuck in `canceling` when its projection cannot be written; then support's
 * signals recover it.
 */
describe('split canceling', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  const create = async () => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1000, 1500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };
  };
  const cancel = (splitId: string) =>
    stack.api.post(`/api/checkout-splits/${splitId}/cancel`, undefined, { token: shop.owner.token });
  const participantStatuses = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('split_participants')
        .select('status')
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute()
    ).map((p) => p.status);
  const historyOf = (splitId: string) =>
    stack.db.selectFrom('split_history').selectAll().where('split_id', '=', splitId).orderBy('id').execute();
  const canceledEvents = (splitId: string) =>
    stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where(sql<string>`payload->>'split_id'`, '=', splitId)
      .where('type', '=', 'checkout_split.canceled')
      .execute();

  async function waitForState(splitId: string, ready: (s: SplitWorkflowState) => boolean, timeoutMs = 30_000) {
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await handle.query(stateQuery);
      if (ready(state)) return state;
      if (Date.now() > deadline) throw new Error(`workflow state never matched; last ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('every release failing with 500: each tried 3 times, participants canceled anyway, split canceled, not stuck', async () => {
    const split = await create();
    const [p1, p2] = split.participants;
    expect((await authoriseShare(stack, p1!.payToken)).status).toBe(200);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'cancel',
      error: { type: 'api_error', message: 'An unknown error occurred', status: 500 },
      times: 1000,
    });

    const res = await cancel(split.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'canceled' });
    // The answer comes once the cancel is recorded; the releases' three tries each run on after it.
    const row = await waitForSplitStatus(stack, split.id, ['canceled'], 60_000);
    expect(row.status).toBe('canceled');
    expect(await participantStatuses(split.id)).toEqual(['canceled', 'canceled']);

    // Nothing was released: the authorised hold lapses by itself at the processor.
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi]));
    expect(ledger.get(p1!.paymentIntentId)).toMatchObject({ status: 'requires_capture', capture_calls: 0 });
    expect(ledger.get(p2!.paymentIntentId)!.status).toBe('requires_payment_method');
    const faults = await emulatorControl<{ faults: { hits: number }[] }>(stack, 'GET', '/faults');
    expect(faults.faults[0]!.hits).toBe(2 * RELEASE_ATTEMPTS);

    const history = await historyOf(split.id);
    const failed = history.filter((h) => h.kind === 'release_failed');
    expect(failed.map((h) => [h.participant_id, h.to_status])).toEqual([
      [p1!.id, 'canceled'],
      [p2!.id, 'canceled'],
    ]);
    for (const h of failed) expect(h.detail).toMatchObject({ purpose: 'canceled', error: 'An unknown error occurred' });
    expect(history.some((h) => h.kind === 'stuck')).toBe(false);
    expect(history.filter((h) => h.kind === 'status').map((h) => h.to_status)).toEqual([
      'pending',
      'canceling',
      'canceled',
    ]);
    const events = await canceledEvents(split.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ split_id: split.id, reason: 'canceled' });
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'canceled' });
    expect((await handle.query(stateQuery)).stuck).toBeNull();
  }, 60_000);

  /**
   * Stuck in canceling: the releases are done but the projection refuses the final write. The
   * cheapest faithful way to get there in a test is to move the split row under the workflow
   * while a (slow) release is in flight, as a bad manual edit would: `transitionSplit` then fails
   * for good (a Postgres outage would be retried for ~15 minutes first and end the same way).
   */
  async function stuckInCanceling() {
    const split = await create();
    const [p1] = split.participants;
    expect((await authoriseShare(stack, p1!.payToken)).status).toBe(200);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'cancel',
      match: { payment_intent: p1!.paymentIntentId },
      delay_ms: 2000,
      times: 1,
    });
    const canceling = cancel(split.id);
    await waitForSplitStatus(stack, split.id, ['canceling'], 10_000);
    await stack.db.updateTable('splits').set({ status: 'pending' }).where('id', '=', split.id).execute();

    const state = await waitForState(split.id, (s) => s.stuck !== null);
    expect(state).toMatchObject({
      status: 'canceling',
      stuck: {
        stage: 'canceling',
        error: `Split ${split.id} is pending, expected canceling before canceled`,
      },
    });
    // The holds were released before the final write failed.
    expect(state.participants.map((p) => p.status)).toEqual(['canceled', 'canceled']);
    expect((await splitLedger(stack, split.id)).map((pi) => pi.status)).toEqual(['canceled', 'canceled']);
    // `state.stuck` is set a moment before the history row is written.
    const stuck = await waitUntil(
      'the stuck history row',
      async () => (await historyOf(split.id)).filter((h) => h.kind === 'stuck'),
      (rows) => rows.length > 0,
    );
    expect(stuck.map((h) => [h.actor, h.detail])).toEqual([
      ['system', { stage: 'canceling', error: state.stuck!.error }],
    ]);
    expect(await canceledEvents(split.id)).toHaveLength(0);
    // The cancel request is not held open while the split waits for support (30 s bound).
    return { split, canceling };
  }

  it('stuck in canceling: "retry now" after the row is repaired finishes the cancel once', async () => {
    const { split, canceling } = await stuckInCanceling();
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await stack.db.updateTable('splits').set({ status: 'canceling' }).where('id', '=', split.id).execute();
    await handle.signal(supportRetrySignal, { actor: 'support:ada', reason: 'row repaired' });

    await waitForSplitStatus(stack, split.id, ['canceled'], 20_000);
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'canceled' });
    expect(await participantStatuses(split.id)).toEqual(['canceled', 'canceled']);
    const history = await historyOf(split.id);
    expect(history.filter((h) => ['stuck', 'support_retry'].includes(h.kind)).map((h) => [h.kind, h.actor])).toEqual([
      ['stuck', 'system'],
      ['support_retry', 'support:ada'],
    ]);
    const last = history.filter((h) => h.kind === 'status').at(-1)!;
    expect(last).toMatchObject({ from_status: 'canceling', to_status: 'canceled' });
    // Released once each; the retry found nothing left to release.
    expect(history.filter((h) => h.kind === 'hold_released')).toHaveLength(2);
    const events = await canceledEvents(split.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ reason: 'canceled' });
    expect((await canceling).body).toEqual({ status: 'canceled' });
  }, 90_000);

  it('stuck in canceling: "mark resolved" records the reason and ends canceled', async () => {
    const { split, canceling } = await stuckInCanceling();
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await stack.db.updateTable('splits').set({ status: 'canceling' }).where('id', '=', split.id).execute();
    await handle.signal(supportResolveSignal, { actor: 'support:ada', reason: 'released by hand' });

    await waitForSplitStatus(stack, split.id, ['canceled'], 20_000);
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'canceled' });
    const last = (await historyOf(split.id)).filter((h) => h.kind === 'status').at(-1)!;
    expect(last).toMatchObject({ to_status: 'canceled', actor: 'support:ada' });
    expect(last.detail).toEqual({ reason: 'resolved by support: released by hand' });
    expect(await canceledEvents(split.id)).toHaveLength(1);
    expect((await canceling).body).toEqual({ status: 'canceled' });
  }, 90_000);

  it('stuck in canceling: a resolution that cannot be written waits for support again instead of failing', async () => {
    const { split, canceling } = await stuckInCanceling();
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await handle.signal(supportResolveSignal, { actor: 'support:ada', reason: 'too early' });
    await waitForState(split.id, (s) => s.history.filter((h) => h.kind === 'stuck').length === 2 && s.stuck !== null);
    expect((await handle.describe()).status.name).toBe('RUNNING');

    await stack.db.updateTable('splits').set({ status: 'canceling' }).where('id', '=', split.id).execute();
    await handle.signal(supportRetrySignal, { actor: 'support:ada', reason: 'row repaired' });
    await waitForSplitStatus(stack, split.id, ['canceled'], 20_000);
    expect(await handle.result()).toEqual({ splitId: split.id, status: 'canceled' });
    expect(
      (await historyOf(split.id)).filter((h) => h.kind === 'stuck' || h.kind.startsWith('support_')).map((h) => h.kind),
    ).toEqual(['stuck', 'support_resolve', 'stuck', 'support_retry']);
    expect(await canceledEvents(split.id)).toHaveLength(1);
    await canceling;
  }, 90_000);
});
