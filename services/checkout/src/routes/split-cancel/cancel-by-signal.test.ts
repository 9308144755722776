import { AesGcmPayloadCodec, payloadKeyring } from '@groupsplit/shared';
import { postSplit, type Stack, startStack, uniqueEmail, waitForSplitStatus } from '@groupsplit/testing';
import { cancelSplitSignal, splitWorkflowId } from '@groupsplit/workflows';
import { breakSplitWorkflow } from '../../test-support/broken-workflow';
import { type CheckoutMerchant, createCheckoutMerchant } from '../../test-support/sessions';
import { CANCEL_NOT_CONFIRMED_MESSAGE } from './schema';

/**
 * A cancel while Temporal refuses updates to the split's workflow (its task failing over and over,
 * as when workers keep dying): after WORKFLOW_TASK_RETRY_WAIT_MS the cancel goes as a signal.
 */
describe('cancelling a split whose workflow refuses updates', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    stack = await startStack({ WORKFLOW_TASK_RETRY_WAIT_MS: 2000 });
    shop = await createCheckoutMerchant(stack);
  });
  afterAll(() => stack.stop());

  const share = () => ({ email: uniqueEmail('payer'), amountMinor: 1000 });
  const pendingSplit = async () => {
    const created = await postSplit(stack, shop.owner.token, { merchantId: shop.merchant.id, participants: [share()] });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  const breakWorkflow = (splitId: string) => breakSplitWorkflow(stack, splitId);

  /** The signals in the raw history, their (encrypted) inputs decoded as the worker would. */
  const signalsOf = async (handle: Awaited<ReturnType<typeof breakWorkflow>>) => {
    const codec = new AesGcmPayloadCodec(payloadKeyring(stack.config));
    const { events } = await handle.fetchHistory();
    const signals = (events ?? []).flatMap((e) => e.workflowExecutionSignaledEventAttributes ?? []);
    return Promise.all(
      signals.map(async (signaled) => {
        const [payload] = await codec.decode(signaled.input?.payloads ?? []);
        return { name: signaled.signalName, request: JSON.parse(Buffer.from(payload!.data!).toString()) };
      }),
    );
  };

  it('a pending split cancelled by the cancelSplitSignal signal ends canceled, holds released', async () => {
    const splitId = await pendingSplit();
    await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).signal(cancelSplitSignal, {
      actor: 'test:signal',
    });
    await waitForSplitStatus(stack, splitId, ['canceled']);
    const participants = await stack.db
      .selectFrom('split_participants')
      .select('status')
      .where('split_id', '=', splitId)
      .execute();
    expect(participants.map((p) => p.status)).toEqual(['canceled']);
  });

  it('both routes send the cancel as a signal, and answer 503 until it takes effect', async () => {
    const splitId = await pendingSplit();
    const broken = await breakWorkflow(splitId);
    // Not cancelled yet, so neither route says `canceled`: a retryable 503 on both.
    const dashboard = await stack.api.post(`/api/checkout-splits/${splitId}/cancel`, undefined, {
      token: shop.owner.token,
    });
    const server = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
      apiKey: shop.testKey,
    });
    for (const answer of [dashboard, server]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: CANCEL_NOT_CONFIRMED_MESSAGE, code: 'cancel_not_confirmed' });
    }
    // Both are durable, for the workflow to act on once its task runs. A signal that arrives while a
    // task is running is buffered until that task ends; ending the workflow writes it to history.
    await broken.terminate('test over');
    expect(await signalsOf(broken)).toEqual([
      { name: 'cancelSplitSignal', request: { actor: `user:${shop.owner.id}` } },
      { name: 'cancelSplitSignal', request: { actor: expect.stringMatching(/^api_key:/) } },
    ]);
  });
});
