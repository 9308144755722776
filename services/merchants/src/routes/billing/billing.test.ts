import { FORBIDDEN_MESSAGE, PAUSED_MESSAGE } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';

const TEST = { 'x-service-mode': 'test' };

describe('billing card and bills', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  it('saves a test-mode card through the processor for the Owner; the test gate clears, live is untouched', async () => {
    const team = await createTeam(stack.db);
    const before = await stack.api.get('/api/merchants/billing', { token: team.owner.token, headers: TEST });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ mode: 'test', card: null, bills: [] });

    const res = await stack.api.put(
      '/api/merchants/billing/card',
      { payment_method: 'pm_card_visa' },
      { token: team.owner.token, headers: TEST },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'test', brand: 'visa', last4: '4242' });

    const row = await stack.db
      .selectFrom('billing_cards')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mode: 'test', brand: 'visa', last4: '4242' });
    expect(row.processor_customer_id).toMatch(/^cus_/);
    expect(row.payment_method_id).toMatch(/^pm_/);

    const after = await stack.api.get('/api/merchants/billing', { token: team.finance.token, headers: TEST });
    expect(after.body.card).toMatchObject({ mode: 'test', brand: 'visa', last4: '4242' });
    const live = await stack.api.get('/api/merchants/billing', { token: team.owner.token });
    expect(live.body).toEqual({ mode: 'live', card: null, bills: [] });

    const me = await stack.api.get('/api/merchants/me', { token: team.owner.token, headers: TEST });
    expect(me.body.gates.take_split).toBeNull();

    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .where('action', '=', 'billing.card_saved')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: team.owner.id, actor_role: 'owner' })]);
  });

  it('an Admin may replace the card; the customer is kept', async () => {
    const team = await createTeam(stack.db);
    const put = (payment_method: string) =>
      stack.api.put('/api/merchants/billing/card', { payment_method }, { token: team.admin.token, headers: TEST });
    expect((await put('pm_card_visa')).status).toBe(200);
    const first = await stack.db
      .selectFrom('billing_cards')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    const second = await put('pm_card_mastercard');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ mode: 'test', brand: 'mastercard' });
    const rows = await stack.db
      .selectFrom('billing_cards')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.processor_customer_id).toBe(first.processor_customer_id);
    expect(rows[0]!.payment_method_id).not.toBe(first.payment_method_id);
  });

  it('refuses Finance and Member with 403 business_forbidden', async () => {
    const team = await createTeam(stack.db);
    for (const role of ['finance', 'member'] as const) {
      const res = await stack.api.put(
        '/api/merchants/billing/card',
        { payment_method: 'pm_card_visa' },
        { token: team[role].token, headers: TEST },
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: FORBIDDEN_MESSAGE, code: 'business_forbidden' });
    }
    expect(
      await stack.db.selectFrom('billing_cards').selectAll().where('merchant_id', '=', team.merchant.id).execute(),
    ).toEqual([]);
  });

  it('a paused workspace is read-only for every role, Owner included', async () => {
    const team = await createTeam(stack.db, { paused_at: new Date(), paused_reason: 'Review' });
    for (const role of ['owner', 'admin', 'finance', 'member'] as const) {
      const res = await stack.api.put(
        '/api/merchants/billing/card',
        { payment_method: 'pm_card_visa' },
        { token: team[role].token, headers: TEST },
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
      expect((await stack.api.get('/api/merchants/billing', { token: team[role].token })).status).toBe(200);
    }
  });

  it('passes on the processor refusing a card as 400, and validates the body', async () => {
    const team = await createTeam(stack.db);
    const declined = await stack.api.put(
      '/api/merchants/billing/card',
      { payment_method: 'pm_card_chargeDeclined' },
      { token: team.owner.token, headers: TEST },
    );
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ error: expect.any(String), code: 'billing_card_rejected' });
    const unknown = await stack.api.put(
      '/api/merchants/billing/card',
      { payment_method: 'pm_does_not_exist' },
      { token: team.owner.token, headers: TEST },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('billing_card_rejected');
    const missing = await stack.api.put('/api/merchants/billing/card', {}, { token: team.owner.token, headers: TEST });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation_failed', details: [{ field: 'payment_method' }] });
    expect(
      await stack.db.selectFrom('billing_cards').selectAll().where('merchant_id', '=', team.merchant.id).execute(),
    ).toEqual([]);
  });

  it('lists the bills of the mode, newest first, in pounds', async () => {
    const team = await createTeam(stack.db);
    const day = 86_400_000;
    await stack.db
      .insertInto('bills')
      .values([
        {
          merchant_id: team.merchant.id,
          mode: 'live',
          amount: 1250,
          description: 'October fees',
          issued_at: new Date(Date.now() - 40 * day),
          paid_at: new Date(),
        },
        {
          merchant_id: team.merchant.id,
          mode: 'live',
          amount: 305,
          description: 'November fees',
          issued_at: new Date(Date.now() - 15 * day),
        },
        { merchant_id: team.merchant.id, mode: 'test', amount: 99, description: 'Test fees' },
      ])
      .execute();
    const res = await stack.api.get('/api/merchants/billing', { token: team.member.token });
    expect(res.status).toBe(200);
    expect(res.body.bills).toEqual([
      expect.objectContaining({
        amount: '3.05',
        description: 'November fees',
        status: 'unpaid',
        days_unpaid: 15,
        paid_at: null,
      }),
      expect.objectContaining({ amount: '12.50', description: 'October fees', status: 'paid' }),
    ]);
  });
});
