import {
  authoriseShare,
  createUser,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import { createCheckoutMerchant, payTokenOf, poll, sessionWithSplit } from '../../test-support/sessions';
import { NOT_AWAITING_MERCHANT_MESSAGE } from './schema';

/**
 * A merchant_accept order nobody answers (docs/splits.md, "Merchant accept"): at the split's expiry it
 * ends like an expired pending split, every hold released and `checkout_split.canceled` (reason
 * `expired`) sent, and an accept after that is 409 not_awaiting_merchant. The holds last 30 s here: long enough
 * for both shares to be held first on a loaded machine (10 s was not, in a fresh-clone run), short enough to wait out.
 */
describe('merchant accept: no answer by the expiry', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ HOLD_TTL_MS: 30_000 });
  });
  afterAll(() => stack.stop());

  it('releases every hold, sends the expired cancel event, and refuses a later accept', async () => {
    const shop = await createCheckoutMerchant(stack);
    const buyer = await createUser(stack.db, { consent: false });
    const { token, splitId, participants } = await sessionWithSplit(
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
    for (const p of participants) expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBeLessThan(300);
    const status = () => stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
    await poll(status, (res) => res.body.split?.awaiting_merchant === true);

    await waitForSplitStatus(stack, splitId, ['canceled'], 60_000);
    const participantRows = await stack.db
      .selectFrom('split_participants')
      .select('status')
      .where('split_id', '=', splitId)
      .execute();
    expect(participantRows.map((p) => p.status)).toEqual(['canceled', 'canceled']);
    const canceled = await poll(
      () =>
        stack.db
          .selectFrom('webhook_events')
          .select('payload')
          .where(sql<string>`payload->>'split_id'`, '=', splitId)
          .where('type', '=', 'checkout_split.canceled')
          .execute(),
      (rows) => rows.length === 1,
    );
    expect(canceled[0]!.payload).toMatchObject({ reason: 'expired', status: 'canceled' });
    expect((await status()).body).toMatchObject({
      status: 'canceled',
      split: { status: 'canceled', awaiting_merchant: false },
    });

    const accept = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/accept`, undefined, {
      apiKey: shop.testKey,
    });
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({ error: NOT_AWAITING_MERCHANT_MESSAGE, code: 'not_awaiting_merchant' });
  }, 120_000);
});
