import { randomUUID } from 'node:crypto';
import {
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
} from '@groupsplit/testing';
import { reconciliationJanitorWorkflow } from '@groupsplit/workflows';

/**
 * A pass of the janitor through the real worker and Temporal: merchants swept side by side, at
 * most JANITOR_MERCHANTS_AT_ONCE of them, each from its own cursor, a merchant with more candidates
 * than one activity takes carried on in the same pass.
 */
describe('reconciliation janitor: merchants side by side', () => {
  let stack: Stack;
  let shops: SplitReadyMerchant[];
  /** Each merchant's pending splits, in id order. */
  const splitsOf = new Map<string, string[]>();

  beforeAll(async () => {
    stack = await startStack({ JANITOR_MERCHANTS_AT_ONCE: 2, JANITOR_SPLITS_PER_SWEEP: 2 });
    shops = [];
    for (const count of [3, 1, 1]) {
      const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const res = await postSplit(stack, shop.owner.token, {
          merchantId: shop.merchant.id,
          participants: [{ email: uniqueEmail('payer'), amountMinor: 1000 }],
        });
        expect(res.status).toBe(201);
        ids.push((res.body as { id: string }).id);
      }
      splitsOf.set(shop.merchant.id, ids.sort());
      shops.push(shop);
    }
  });
  afterAll(() => stack.stop());

  const cursorOf = async (merchantId: string) =>
    (
      await stack.db
        .selectFrom('janitor_sweep_cursors')
        .select('after_split_id')
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst()
    )?.after_split_id;

  it('sweeps every merchant from its own cursor, never more than the setting at once', async () => {
    const merchantIds = shops.map((shop) => shop.merchant.id);
    const workflowId = `janitor-test-${randomUUID()}`;
    const result = await stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      args: [{ merchantIds }],
    });
    expect(result).toEqual({ examined: 5, findings: 0, signalled: 0, resolved: 0, errors: 0, merchants: 3 });

    // Every merchant progressed: each cursor stands on its last split (the first pass starts at the first).
    for (const merchantId of merchantIds) expect(await cursorOf(merchantId)).toBe(splitsOf.get(merchantId)!.at(-1));

    // From the workflow's history: how many merchant sweeps were open at once, and how many there were.
    const history = await stack.temporal.client.workflow.getHandle(workflowId).fetchHistory();
    const open = new Set<string>();
    let most = 0;
    let sweeps = 0;
    for (const event of history.events ?? []) {
      const scheduled = event.activityTaskScheduledEventAttributes;
      if (scheduled?.activityType?.name === 'reconcileMerchant') {
        open.add(String(event.eventId));
        sweeps++;
        most = Math.max(most, open.size);
      }
      const ended =
        event.activityTaskCompletedEventAttributes ??
        event.activityTaskFailedEventAttributes ??
        event.activityTaskTimedOutEventAttributes ??
        event.activityTaskCanceledEventAttributes;
      if (ended) open.delete(String(ended.scheduledEventId));
    }
    // Two side by side (the setting), never three; the merchant of three splits took two sweeps of two.
    expect(most).toBe(2);
    expect(sweeps).toBe(4);
  });

  it('the next pass carries each merchant on from where the last left it', async () => {
    const [big] = shops;
    const ids = splitsOf.get(big!.merchant.id)!;
    // Only the big merchant, its cursor put on its first split: the pass examines the other two, then the first.
    await stack.db
      .updateTable('janitor_sweep_cursors')
      .set({ after_split_id: ids[0]! })
      .where('merchant_id', '=', big!.merchant.id)
      .execute();
    const result = await stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `janitor-test-${randomUUID()}`,
      args: [{ merchantId: big!.merchant.id }],
    });
    expect(result).toMatchObject({ examined: 3, errors: 0, merchants: 1 });
    expect(await cursorOf(big!.merchant.id)).toBe(ids[0]);
    // Another merchant's place did not move.
    expect(await cursorOf(shops[1]!.merchant.id)).toBe(splitsOf.get(shops[1]!.merchant.id)!.at(-1));
  });

  it('a long pass continues as new between pages and carries its place and totals', async () => {
    const merchantIds = shops.map((shop) => shop.merchant.id);
    // One merchant a page, and history always "long": a new run after every page.
    const handle = await stack.temporal.client.workflow.start(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `janitor-test-${randomUUID()}`,
      args: [{ merchantIds, merchantPage: 1, historyEventsBeforeContinuing: 1 }],
    });
    expect(await handle.result()).toEqual({
      examined: 5,
      findings: 0,
      signalled: 0,
      resolved: 0,
      errors: 0,
      merchants: 3,
    });
    // The first run swept one merchant (one page) and continued as new with its place.
    const first = await stack.temporal.client.workflow
      .getHandle(handle.workflowId, handle.firstExecutionRunId)
      .fetchHistory();
    const events = first.events ?? [];
    const sweeps = events.filter(
      (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'reconcileMerchant',
    );
    expect(sweeps.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)?.workflowExecutionContinuedAsNewEventAttributes).toBeTruthy();
  });
});
