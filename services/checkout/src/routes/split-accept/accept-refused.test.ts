import { authoriseShare, createUser, type Stack, startStack, type TestUser, uniqueEmail } from '@groupsplit/testing';
import { breakSplitWorkflow } from '../../test-support/broken-workflow';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  payTokenOf,
  poll,
  sessionWithSplit,
} from '../../test-support/sessions';
import { ACCEPT_NOT_TAKEN_MESSAGE } from './schema';

/**
 * An accept while Temporal refuses updates to the split's workflow (its task failing over and over,
 * as when workers keep dying): after WORKFLOW_TASK_RETRY_WAIT_MS both routes answer 503
 * service_unavailable. Unlike a cancel, an accept has no signal to go as, so nothing was taken: the
 * order still waits, every hold in place, and the same accept may be sent again (docs/splits.md).
 */
describe('accepting an order whose workflow refuses updates', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    stack = await startStack({ WORKFLOW_TASK_RETRY_WAIT_MS: 2000 });
    shop = await createCheckoutMerchant(stack);
    buyer = await createUser(stack.db, { consent: false });
  });
  afterAll(() => stack.stop());

  /** A merchant_accept order both payers have authorised, waiting for the business. */
  async function awaitingOrder() {
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: uniqueEmail('friend'), amount: 10 },
        ],
      },
      { amount: 20, capture: 'merchant_accept' },
    );
    for (const p of made.participants) expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBe(200);
    await poll(
      () => stack.api.get(`/api/merchants/checkout/sessions/${made.token}/status`, { apiKey: shop.testKey }),
      (res) => res.body.split?.awaiting_merchant === true,
    );
    return made.splitId;
  }

  it('both routes answer 503 service_unavailable; nothing is captured and the order still waits', async () => {
    const splitId = await awaitingOrder();
    const broken = await breakSplitWorkflow(stack, splitId);

    const server = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/accept`, undefined, {
      apiKey: shop.testKey,
    });
    expect(server.status).toBe(503);
    expect(server.body).toMatchObject({ error: ACCEPT_NOT_TAKEN_MESSAGE, code: 'service_unavailable' });
    const dashboard = await stack.api.post(`/api/checkout-splits/${splitId}/accept`, undefined, {
      token: shop.owner.token,
    });
    expect(dashboard.status).toBe(503);
    expect(dashboard.body).toMatchObject({ error: ACCEPT_NOT_TAKEN_MESSAGE, code: 'service_unavailable' });

    const split = await stack.db
      .selectFrom('splits')
      .select(['status', 'awaiting_merchant'])
      .where('id', '=', splitId)
      .executeTakeFirstOrThrow();
    expect(split).toEqual({ status: 'pending', awaiting_merchant: true });
    const participants = await stack.db
      .selectFrom('split_participants')
      .select('status')
      .where('split_id', '=', splitId)
      .execute();
    expect(participants.map((p) => p.status)).toEqual(['authorised', 'authorised']);
    const accepted = await stack.db
      .selectFrom('split_history')
      .select('id')
      .where('split_id', '=', splitId)
      .where('kind', '=', 'merchant_accepted')
      .execute();
    expect(accepted).toEqual([]);
    await broken.terminate('test over');
  });
});
