import {
  type CapturedSplit,
  createCapturedSplit,
  createUser,
  postSplit,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { SERVER_REFUND_MESSAGES } from '../../refunds/refund-schema';
import { REFUND_MESSAGES } from '../../refunds/request-refund';
import { type CheckoutMerchant, createCheckoutMerchant } from '../../test-support/sessions';

describe('POST /api/checkout-splits/:id/partial-refund (dashboard)', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
  });
  afterAll(() => stack.stop());

  const captured = (pence: number[], token = shop.owner.token) =>
    createCapturedSplit(stack, token, shop.merchant.id, pence);
  const partial = (splitId: string, body: Record<string, unknown> | undefined, token = shop.owner.token) =>
    stack.api.post(`/api/checkout-splits/${splitId}/partial-refund`, body, { token });
  const serverRefund = (splitId: string, body: Record<string, unknown> | undefined) =>
    stack.api.post(`/api/merchants/checkout/splits/${splitId}/refund`, body, { apiKey: shop.testKey });
  const refundsOf = (splitId: string) =>
    stack.db.selectFrom('split_refunds').selectAll().where('split_id', '=', splitId).orderBy('created_at').execute();
  /** An answer without what differs between two splits (their ids and payers' addresses). */
  const shape = (body: Record<string, any>) => ({
    ...body,
    refund_id: undefined,
    split_id: undefined,
    participants: body.participants.map((p: Record<string, unknown>) => ({ ...p, email: undefined })),
  });

  it('slices the same amounts as the API-key route, then the rest by default, with the dashboard actor', async () => {
    const shares = [1000, 1000, 1000];
    const [viaKey, viaDashboard] = [await captured(shares), await captured(shares)] as [CapturedSplit, CapturedSplit];
    for (const ask of [{ amount: '12.50', reason: 'Two mugs arrived broken' }, { amount: 5 }, {}]) {
      const key = await serverRefund(viaKey.id, ask);
      const dashboard = await partial(viaDashboard.id, ask, shop.finance.token);
      expect(key.status).toBe(200);
      expect(dashboard.status).toBe(200);
      expect(shape(dashboard.body)).toEqual(shape(key.body));
    }
    // £12.50 over three £10 shares is 4.17, 4.17, 4.16 on both; the default refunded what was left.
    const last = await partial(viaDashboard.id, undefined, shop.finance.token);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'not_refundable', error: REFUND_MESSAGES.fullyRefunded });
    expect((await waitForSplitStatus(stack, viaDashboard.id, ['refunded'])).status).toBe('refunded');
    const rows = await refundsOf(viaDashboard.id);
    expect(rows.map((r) => [r.requested_amount, r.refunded, r.actor, r.reason])).toEqual([
      [1250, 1250, `dashboard:${shop.finance.id}`, 'Two mugs arrived broken'],
      [500, 500, `dashboard:${shop.finance.id}`, null],
      [null, 1250, `dashboard:${shop.finance.id}`, null],
    ]);
    // The detail's refund history names the dashboard user, as the whole-order refund does.
    const detail = await stack.api.get(`/api/checkout-splits/${viaDashboard.id}`, { token: shop.owner.token });
    expect(detail.body.refunds.map((r: { actor: string }) => r.actor)).toEqual(
      Array(3).fill(`dashboard:${shop.finance.id}`),
    );
  });

  it('replays a repeated idempotency key and refuses it with another amount; refuses over-refunds', async () => {
    const split = await captured([1500, 500]);
    const key = `refund-${Date.now()}`;
    const first = await partial(split.id, { amount: '5.00', reason: 'Late', idempotency_key: key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      amount: '5.00',
      refunded: '5.00',
      total_refunded: '5.00',
      status: 'partially_refunded',
      reason: 'Late',
    });
    const again = await partial(split.id, { amount: '5.00', reason: 'Late', idempotency_key: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await refundsOf(split.id)).toHaveLength(1);
    const reused = await partial(split.id, { amount: '6.00', reason: 'Late', idempotency_key: key });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('idempotency_key_reused');
    // The header works as on the API-key route.
    const viaHeader = await stack.api.post(
      `/api/checkout-splits/${split.id}/partial-refund`,
      { amount: '1.00' },
      { token: shop.owner.token, headers: { 'Idempotency-Key': `${key}-h` } },
    );
    expect(viaHeader.status).toBe(200);
    const over = await partial(split.id, { amount: '20.00' });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'over_refund', error: REFUND_MESSAGES.overRefund(2000, 1400) });
    const bad = await partial(split.id, { amount: '-1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', error: SERVER_REFUND_MESSAGES.amount });
  });

  it('lets Owner, Admin and Finance refund part; not a Member, even the one who created it, nor outsiders', async () => {
    for (const who of [shop.owner, shop.admin, shop.finance]) {
      const split = await captured([700, 300]);
      expect((await partial(split.id, { amount: '1.00' }, who.token)).status).toBe(200);
    }
    // The whole-order route lets the creating account refund; the partial route does not.
    const own = await captured([500], shop.member.token);
    const member = await partial(own.id, { amount: '1.00' }, shop.member.token);
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ error: REFUND_MESSAGES.forbidden, code: 'business_forbidden' });
    const outsider = await createUser(stack.db);
    const stranger = await partial(own.id, { amount: '1.00' }, outsider.token);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toBe(REFUND_MESSAGES.forbidden);
    expect((await stack.api.post(`/api/checkout-splits/${own.id}/partial-refund`, { amount: 1 })).status).toBe(401);
    // A paused workspace can only look.
    await stack.db.updateTable('merchants').set({ paused_at: new Date() }).where('id', '=', shop.merchant.id).execute();
    try {
      const paused = await partial(own.id, { amount: '1.00' });
      expect(paused.status).toBe(403);
      expect(paused.body.code).toBe('business_forbidden');
    } finally {
      await stack.db.updateTable('merchants').set({ paused_at: null }).where('id', '=', shop.merchant.id).execute();
    }
    expect(await refundsOf(own.id)).toHaveLength(0);

    // A pending order has nothing to refund; an unknown id is 404.
    const pending = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [{ email: uniqueEmail('p'), amountMinor: 1000 }],
    });
    const notPaid = await partial(pending.body.id, {});
    expect(notPaid.status).toBe(409);
    expect(notPaid.body).toMatchObject({ code: 'not_refundable', error: REFUND_MESSAGES.notPaid });
    expect((await partial('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
  });
});
