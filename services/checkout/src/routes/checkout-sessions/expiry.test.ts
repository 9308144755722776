import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAIM_START_GRACE_MS } from '@groupsplit/shared';
import { createUser, type Stack } from '@groupsplit/testing';
import { checkoutSessionExpiryWorkflow } from '@groupsplit/workflows';
import { ensureCheckoutSchedules } from '@groupsplit/workflows/client';
import { sql } from 'kysely';
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

  const sweep = () =>
    stack.temporal.client.workflow.execute(checkoutSessionExpiryWorkflow, {
      workflowId: `test-expiry-${randomUUID()}`,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{}],
    });
  /** A claim as a request leaves it when it dies before starting the split: claimed `ageMs` ago, no workflow. */
  const claim = (token: string, claim: { id: string | null; ageMs: number }) =>
    stack.db
      .updateTable('checkout_sessions')
      .set({
        split_claimed_by: shop.owner.id,
        split_claim_id: claim.id,
        split_claimed_at: sql<Date>`now() - make_interval(secs => ${claim.ageMs / 1000})`,
      })
      .where('token', '=', token)
      .execute();

  it('expires a session whose claim was abandoned (no split workflow, past the take-up window) like an unclaimed one', async () => {
    const abandoned = await newSession(stack, shop.testKey, { order_reference: 'ORD-ABANDONED' });
    const young = await newSession(stack, shop.testKey);
    await claim(abandoned, { id: randomUUID(), ageMs: CLAIM_START_GRACE_MS + 5_000 });
    // Claimed a moment ago: its request may still be starting the split, so it is left alone.
    await claim(young, { id: randomUUID(), ageMs: 0 });
    await age(abandoned);
    await age(young);

    await sweep();
    const events = await expiredEvents(abandoned);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      session_token: abandoned,
      status: 'expired',
      split_id: null,
      order_reference: 'ORD-ABANDONED',
    });
    expect(await expiredEvents(young)).toHaveLength(0);

    const status = await stack.api.get(`/api/merchants/checkout/sessions/${abandoned}/status`, {
      apiKey: shop.testKey,
    });
    expect(status.body).toMatchObject({ status: 'canceled', expired: true, split: null });
    const page = await (await fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/${abandoned}`)).text();
    expect(page).toContain('This checkout has expired');
    const buyer = await createUser(stack.db, { consent: false });
    const late = await stack.api.post(
      `/api/merchants/checkout/sessions/${abandoned}/split`,
      { mode: 'alone' },
      { token: buyer.token },
    );
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('session_expired');
    // Swept again: still one event.
    await sweep();
    expect(await expiredEvents(abandoned)).toHaveLength(1);
  });

  it('claims made before the claim id existed are settled by a migration, then expire when abandoned', async () => {
    const buyer = await createUser(stack.db, { consent: false });
    const legacyAbandoned = await newSession(stack, shop.testKey);
    const legacyWithSplit = await sessionWithSplit(stack, shop.testKey, buyer.token, { mode: 'alone' });
    await claim(legacyAbandoned, { id: null, ageMs: 0 });
    await stack.db
      .updateTable('checkout_sessions')
      .set({ split_claim_id: null, split_claimed_at: null })
      .where('token', '=', legacyWithSplit.token)
      .execute();
    // The migration, as it ran at start-up on the rows it was written for.
    const migration = readFileSync(
      join(__dirname, '../../../../../packages/db/migrations/20261127101000_settle_legacy_claims.sql'),
      'utf8',
    );
    await sql.raw(migration).execute(stack.db);
    const settled = await stack.db
      .selectFrom('checkout_sessions')
      .select(['token', 'split_claim_id', 'split_claimed_at'])
      .where('token', 'in', [legacyAbandoned, legacyWithSplit.token])
      .execute();
    const byToken = new Map(settled.map((row) => [row.token, row]));
    expect(byToken.get(legacyWithSplit.token)!.split_claim_id).toBe(legacyWithSplit.splitId);
    expect(byToken.get(legacyAbandoned)).toMatchObject({ split_claim_id: expect.any(String) });
    expect(byToken.get(legacyAbandoned)!.split_claimed_at).toBeInstanceOf(Date);

    // Once the take-up window has passed (moved back here), the abandoned one expires with its event.
    await stack.db
      .updateTable('checkout_sessions')
      .set({ split_claimed_at: sql<Date>`now() - make_interval(secs => ${(CLAIM_START_GRACE_MS + 5_000) / 1000})` })
      .where('token', '=', legacyAbandoned)
      .execute();
    await age(legacyAbandoned);
    await age(legacyWithSplit.token);
    await sweep();
    expect(await expiredEvents(legacyAbandoned)).toHaveLength(1);
    expect(await expiredEvents(legacyWithSplit.token)).toHaveLength(0);
  });
});
