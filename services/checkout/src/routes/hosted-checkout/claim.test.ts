import { randomUUID } from 'node:crypto';
import type { Stack, TestUser } from '@groupsplit/testing';
import { splitWorkflowId } from '@groupsplit/workflows';
import { sql } from 'kysely';
import { type CheckoutMerchant, newSession, startCheckoutStack } from '../../test-support/sessions';
import { CLAIM_START_GRACE_MS } from './claim';

/**
 * A claim left by a checkout process that died between claiming the session and starting the split
 * workflow (the chaos run's checkout restart left one): the session stayed claimed for ever with no
 * split, and every try answered 409 already_split.
 */
describe('hosted checkout: a claim whose request died', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const split = (token: string, body: unknown) =>
    stack.api.post(`/api/merchants/checkout/sessions/${token}/split`, body, { token: buyer.token });
  const page = (token: string) => fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/${token}`).then((r) => r.text());

  /** The state a request leaves when it dies right after its claim: claimed `ageMs` ago, no workflow. */
  async function claimedAndAbandoned(ageMs: number) {
    const token = await newSession(stack, shop.testKey, { amount: 20 });
    const splitId = randomUUID();
    await stack.db
      .updateTable('checkout_sessions')
      .set({
        split_claimed_by: buyer.id,
        split_claim_id: splitId,
        split_claimed_at: sql<Date>`now() - make_interval(secs => ${ageMs / 1000})`,
      })
      .where('token', '=', token)
      .execute();
    return { token, splitId };
  }

  it('is taken up by the next try, which creates the split under the claimed id', async () => {
    const { token, splitId } = await claimedAndAbandoned(CLAIM_START_GRACE_MS + 5_000);
    // The page offers the choice again instead of waiting for a split that will never come.
    expect(await page(token)).toContain('id="choose-form"');
    const res = await split(token, { mode: 'alone' });
    expect(res.status).toBe(201);
    expect(res.body.split_id).toBe(splitId);
    const splits = await stack.db.selectFrom('splits').select('id').where('session_token', '=', token).execute();
    expect(splits).toEqual([{ id: splitId }]);
    await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).describe();
    // Once per session still holds after that.
    const again = await split(token, { mode: 'alone' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_split');
  });

  it('is still a first attempt on its way while it is young: 409 already_split, as the spec says', async () => {
    const { token } = await claimedAndAbandoned(0);
    expect(await page(token)).not.toContain('id="choose-form"');
    const res = await split(token, { mode: 'alone' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('already_split');
  });

  it('an abandoned claim past the session expiry answers session_expired, and nothing is created', async () => {
    const { token } = await claimedAndAbandoned(CLAIM_START_GRACE_MS + 5_000);
    await stack.db
      .updateTable('checkout_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token', '=', token)
      .execute();
    const res = await split(token, { mode: 'alone' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('session_expired');
    expect(await stack.db.selectFrom('splits').select('id').where('session_token', '=', token).execute()).toEqual([]);
  });
});
