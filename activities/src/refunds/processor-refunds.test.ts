import { createCapturedSplit, emulatorControl, splitStackForTests, waitUntil } from '@groupsplit/testing';
import { REFUND_SLICE_ATTEMPTS, type SplitWorkflowState, splitWorkflowId, stateQuery } from '@groupsplit/workflows';

/**
 * The refund sync (a refund made in the processor's own dashboard) reads the participant's refunds
 * at the processor. A read that keeps failing transiently is tried `maxAttempts` times, as the
 * slices' processor calls are, not for every attempt the activity's retry policy allows (12, some
 * minutes), during which the split's task queue, and every refund asked for behind it, waited.
 */
describe('syncProcessorRefunds, when the processor will not list refunds', () => {
  const ready = splitStackForTests();

  it('reads maxAttempts times, then the workflow records the sync failed and takes refunds again', async () => {
    const { stack, shop } = ready;
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 1000]);
    const paymentIntentId = split.participants[0]!.paymentIntentId;
    const fault = await emulatorControl<{ id: number }>(stack, 'POST', '/faults', {
      operation: 'list_refunds',
      match: { payment_intent: paymentIntentId },
      error: { type: 'api_error', message: 'Try again', status: 503 },
    });
    await emulatorControl(stack, 'POST', `/payment_intents/${paymentIntentId}/refund`, { amount: 300 });
    await emulatorControl(stack, 'POST', '/events/flush');

    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    const failed = (s: SplitWorkflowState) =>
      s.history.some((h) => h.kind === 'processor_refund_sync_failed' && h.participantId === split.participants[0]!.id);
    const state = await waitUntil('the sync recorded as failed', () => handle.query(stateQuery), failed);
    expect(state.inFlight).toBeNull();
    const { faults } = await emulatorControl<{ faults: { id: number; hits: number }[] }>(stack, 'GET', '/faults');
    expect(faults.find((f) => f.id === fault.id)?.hits).toBe(REFUND_SLICE_ATTEMPTS);

    // Nothing is held behind it: a refund asked for now runs.
    const refund = await stack.api.post(
      `/api/checkout-splits/${split.id}/partial-refund`,
      { amount: '1.00' },
      { token: shop.owner.token },
    );
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ refunded: '1.00' });
  });
});
