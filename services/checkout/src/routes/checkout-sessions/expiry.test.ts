import { createUser, type Stack } from '@groupsplit/testing';
import { checkoutSessionExpiryWorkflow } from '@groupsplit/workflows';
import { ensureCheckoutSchedules } from '@groupsplit/workflows/client';
import {
  type CheckoutMerchant,
  newSession,
  poll,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';

describe('session expiry (the every-minute sweeper)', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const age = (token: string) =>
    stack.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', token)
      .execute();

  const expiredEvents = (token: string) =>
    stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('type', '=', 'checkout_session.expired')
      .where('dedupe_key', '=', `session_expired:${token}`)
      .execute();

  it('expires a session with no split after its lifetime and records checkout_session.expired once', async () => {
    const buyer = await createUser(stack.db, { consent: false });
    const stale = await newSession(stack, shop.testKey, {
      order_reference: 'ORD-EXP',
      customer_email: 'c@example.test',
      metadata: { cart: 'x1' },
    });
    const fresh = await newSession(stack, shop.testKey);
    const split = await sessionWithSplit(stack, shop.testKey, buyer.token, { mode: 'alone' });
    await age(stale);
    await age(split.token);

    // Created idempotently, exactly as the worker does at start-up; triggered instead of waiting a minute.
    const schedules = await ensureCheckoutSchedules(stack.temporal.client, stack.config);
    await ensureCheckoutSchedules(stack.temporal.client, stack.config);
    try {
      await schedules.expiry.trigger();
      const events = await poll(
        () => expiredEvents(stale),
        (rows) => rows.length > 0,
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ merchant_id: shop.merchant.id, mode: 'test' });
      expect(events[0]!.payload).toMatchObject({
        session_token: stale,
        status: 'expired',
        split_id: null,
        order_reference: 'ORD-EXP',
        amount: '60.00',
        customer_email: 'c@example.test',
        metadata: { cart: 'x1' },
      });
    } finally {
      await schedules.expiry.delete();
      await schedules.dailyReminders.delete();
    }

    // The sweeper again (run directly): nothing new, and neither the fresh session nor the split one expire.
    await stack.temporal.client.workflow.execute(checkoutSessionExpiryWorkflow, {
      workflowId: `test-expiry-${Date.now()}`,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{}],
    });
    expect(await expiredEvents(stale)).toHaveLength(1);
    expect(await expiredEvents(fresh)).toHaveLength(0);
    expect(await expiredEvents(split.token)).toHaveLength(0);

    const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${stale}`);
    expect(lookup.body).toMatchObject({ status: 'canceled', expired: true });
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${stale}/status`, { apiKey: shop.testKey });
    expect(status.body).toMatchObject({ status: 'canceled', expired: true, split: null });
    const page = await (await fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/${stale}`)).text();
    expect(page).toContain('This checkout has expired');
    const late = await stack.api.post(
      `/api/merchants/checkout/sessions/${stale}/split`,
      { mode: 'alone' },
      { token: buyer.token },
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('session_expired');
  });
});
