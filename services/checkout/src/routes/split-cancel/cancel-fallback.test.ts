import { postSplit, type Stack, startStack, uniqueEmail } from '@groupsplit/testing';
import { cancelSplitSignal, splitWorkflowId } from '@groupsplit/workflows';
import { ServiceError } from '@temporalio/client';
import { type CheckoutMerchant, createCheckoutMerchant } from '../../test-support/sessions';
import { CANCEL_NOT_CONFIRMED_MESSAGE, CANCEL_RETRY_AFTER_SECONDS } from './schema';
import { temporalNotReached } from './split-cancel';

/**
 * The cancel's signal fallback when the answer's bound is spent before the signal can go (the update
 * used its share, then Temporal did not take the signal in what was left): both routes' answer is the
 * retryable 503 `cancel_not_confirmed`, never a 500 (docs/splits.md, "How fast a cancel answers").
 */
describe('a cancel whose signal cannot go before its answer is due', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    // A bound of 1 ms is spent by the time the route has read the split: the update's share (the bound
    // less the fallback's 2 s) is over before it starts, and nothing is left for the signal.
    stack = await startStack({ CANCEL_ANSWER_WAIT_MS: 1 });
    shop = await createCheckoutMerchant(stack);
  });
  afterAll(() => stack.stop());

  const pendingSplit = async () => {
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [{ email: uniqueEmail('payer'), amountMinor: 1000 }],
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  const statusOf = async (splitId: string) =>
    (await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow()).status;

  it('both routes answer 503 cancel_not_confirmed with Retry-After, never "canceled"; nothing is cancelled', async () => {
    const splitId = await pendingSplit();
    const server = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
      apiKey: shop.testKey,
    });
    // The dashboard's too: its 200 `canceled` would tell the merchant the order is off while it can
    // still be captured when the last payer authorises.
    const dashboard = await stack.api.post(`/api/checkout-splits/${splitId}/cancel`, undefined, {
      token: shop.owner.token,
    });
    for (const answer of [server, dashboard]) {
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 503,
        body: { error: CANCEL_NOT_CONFIRMED_MESSAGE, code: 'cancel_not_confirmed' },
      });
      expect(answer.headers.get('retry-after')).toBe(String(CANCEL_RETRY_AFTER_SECONDS));
    }
    // Neither cancel reached the workflow: the split is pending, for the merchant to cancel again.
    const { events } = await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).fetchHistory();
    expect((events ?? []).filter((e) => e.workflowExecutionSignaledEventAttributes)).toEqual([]);
    expect(await statusOf(splitId)).toBe('pending');
  });

  it('a signal Temporal does not take before its deadline, or cuts, counts as not reached; a refusal does not', async () => {
    const splitId = await pendingSplit();
    const { client } = stack.temporal;
    const signal = (workflowId: string, deadline: number) =>
      client.connection
        .withDeadline(deadline, () =>
          client.workflow.getHandle(workflowId).signal(cancelSplitSignal, { actor: 'test' }),
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
    const late = await signal(splitWorkflowId(splitId), Date.now() - 1);
    expect(late).toMatchObject({ name: 'ServiceError' });
    expect(temporalNotReached(late)).toBe(true);
    // The frontend resetting the call's stream (its side of the deadline passed first, or it stopped):
    // grpc-js's CANCELLED, as a chaos run met it, wrapped as the client wraps a failed signal.
    const cut = new ServiceError('Failed to signal Workflow', {
      cause: Object.assign(new Error('1 CANCELLED: Call cancelled'), {
        code: 1,
        details: 'Call cancelled',
        metadata: {},
      }),
    });
    expect(temporalNotReached(cut)).toBe(true);
    const unknownWorkflow = await signal(splitWorkflowId('00000000-0000-4000-8000-000000000000'), Date.now() + 30_000);
    expect(unknownWorkflow).toMatchObject({ name: 'WorkflowNotFoundError' });
    expect(temporalNotReached(unknownWorkflow)).toBe(false);
  });
});
