import { randomUUID } from 'node:crypto';
import { merchantFeeBpsAt, splitFees } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import type { SplitWorkflowState } from './snapshot';
import {
  createSplitUpdate,
  MERCHANT_ID_KEY,
  MIN_CONTINUE_AS_NEW_EVENTS,
  participantAuthorisedSignal,
  SPLIT_MODE_KEY,
  SPLIT_STATUS_KEY,
  splitWorkflow,
  splitWorkflowId,
  stateQuery,
} from './workflow';
import type { SplitCreation } from './workflow-io';

/**
 * After capture the workflow stays open for refunds and continues-as-new when its history is
 * long. Temporal only suggests that after thousands of events, so these splits are started the
 * way checkout's createSplit() starts them but with `continueAsNewAfterEvents` set low; then
 * everything after the start goes through the API, as usual.
 */
// The floor the workflow allows (MIN_CONTINUE_AS_NEW_EVENTS): a split of two is captured in fewer than 40 events.
const CONTINUE_AS_NEW_AFTER_EVENTS = MIN_CONTINUE_AS_NEW_EVENTS;

describe('split workflow continue-as-new after capture', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(() => stack.stop());

  /** create-split.ts's workflow start, with the test's history threshold. */
  async function startSplit(amounts: number[]) {
    const fees = splitFees(amounts, merchantFeeBpsAt(shop.merchant, new Date()));
    const splitId = randomUUID();
    const creation: SplitCreation = {
      splitId,
      merchantId: shop.merchant.id,
      mode: 'test',
      createdBy: shop.owner.id,
      orderReference: `CAN-${splitId.slice(0, 8)}`,
      currency: 'gbp',
      processorAccountId: shop.accounts.test!,
      merchantFeeBps: fees.merchantFeeBps,
      totalAmount: fees.totalAmount,
      customerFeeTotal: fees.customerFeeTotal,
      merchantFeeTotal: fees.merchantFeeTotal,
      applicationFeeTotal: fees.applicationFeeTotal,
      participants: amounts.map((amount, i) => ({
        id: randomUUID(),
        email: uniqueEmail('payer'),
        amount,
        customerFee: fees.shares[i]!.customerFee,
        merchantFee: fees.shares[i]!.merchantFee,
      })),
      session: null,
    };
    const handle = await stack.temporal.client.workflow.start(splitWorkflow, {
      workflowId: splitWorkflowId(splitId),
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [
        {
          splitId,
          merchantId: shop.merchant.id,
          mode: 'test',
          holdTtlMs: stack.config.HOLD_TTL_MS,
          continueAsNewAfterEvents: CONTINUE_AS_NEW_AFTER_EVENTS,
          creation,
        },
      ],
      typedSearchAttributes: [
        { key: SPLIT_STATUS_KEY, value: 'creating' },
        { key: MERCHANT_ID_KEY, value: shop.merchant.id },
        { key: SPLIT_MODE_KEY, value: 'test' },
      ],
    });
    expect(await handle.executeUpdate(createSplitUpdate)).toMatchObject({ status: 'pending', splitId });
    const participants = await stack.db
      .selectFrom('split_participants')
      .select(['id', 'pay_token'])
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();
    return { splitId, firstRunId: handle.firstExecutionRunId, participants };
  }

  async function waitForNewRun(splitId: string, previousRunId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const described = await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).describe();
      if (described.runId !== previousRunId) return described;
      if (Date.now() > deadline) throw new Error(`split:${splitId} never continued as new`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('continues as new once captured, still answers the state query, and still takes a refund', async () => {
    const { splitId, firstRunId, participants } = await startSplit([1200, 1800]);
    const [first, last] = participants as [(typeof participants)[0], (typeof participants)[0]];
    expect((await authoriseShare(stack, first.pay_token)).status).toBe(200);
    // The capture runs in the workflow task the last authorisation starts, and a task knows the history's length
    // as it was when the task started: so the history must be past the threshold before the last authorisation.
    // Late processor webhooks repeating the first authorisation (which change nothing) lengthen it, one task each.
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
    for (;;) {
      const { historyLength } = await handle.describe();
      if (historyLength >= CONTINUE_AS_NEW_AFTER_EVENTS) break;
      await handle.signal(participantAuthorisedSignal, { participantId: first.id, source: 'processor_webhook' });
      await waitUntil(
        'the repeated authorisation noted',
        () => handle.describe(),
        (described) => described.historyLength > historyLength + 1,
      );
    }
    expect((await authoriseShare(stack, last.pay_token)).status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['captured']);

    const current = await waitForNewRun(splitId, firstRunId);
    const firstRun = await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId), firstRunId).describe();
    expect(firstRun.status.name).toBe('CONTINUED_AS_NEW');
    expect(firstRun.historyLength).toBeGreaterThanOrEqual(CONTINUE_AS_NEW_AFTER_EVENTS);
    expect(current.status.name).toBe('RUNNING');
    // Search attributes survive, so operators still find the split by merchant and status.
    expect(current.typedSearchAttributes.get(MERCHANT_ID_KEY)).toBe(shop.merchant.id);
    expect(current.typedSearchAttributes.get(SPLIT_STATUS_KEY)).toBe('captured');

    const state: SplitWorkflowState = await handle.query(stateQuery);
    expect(state).toMatchObject({ splitId, merchantId: shop.merchant.id, mode: 'test', status: 'captured' });
    expect(state.capturedAt).not.toBeNull();
    expect(state.participants.map((p) => [p.id, p.status])).toEqual(participants.map((p) => [p.id, 'captured']));
    expect(state.participants.every((p) => p.paymentIntentId !== null)).toBe(true);
    // The carried in-memory history still tells the story up to the capture.
    expect(state.history.filter((h) => h.kind === 'status').map((h) => h.to)).toEqual([
      'pending',
      'capturing',
      'captured',
    ]);

    const refund = await stack.api.post(`/api/checkout-splits/${splitId}/refund`, undefined, {
      token: shop.owner.token,
    });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ refunded: '30.00', total_refunded: '30.00', status: 'refunded' });
    await waitForSplitStatus(stack, splitId, ['refunded']);
    for (const pi of await splitLedger(stack, splitId)) {
      expect(pi.amount_refunded).toBe(pi.amount);
      expect(pi.capture_calls).toBe(1);
    }
    // The refund ran in the new run, which then completed: the split is fully refunded.
    expect(await handle.result()).toEqual({ splitId, status: 'refunded' });
    const after = await handle.query(stateQuery);
    expect(after.status).toBe('refunded');
    expect(after.history.some((h) => h.kind === 'refund_finished')).toBe(true);
  }, 90_000);
});
