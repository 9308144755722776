import { FORBIDDEN_MESSAGE, PAUSED_MESSAGE } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';
import { CARD_SETUP_MESSAGES as M } from './schema';

const TEST = { 'x-service-mode': 'test' };

/** Enters a card on the processor's page (the emulator's form, posted as a browser would) and follows nothing. */
async function saveOnPage(url: string, number = '4242 4242 4242 4242') {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: number, card_expiry: '12 / 34', card_cvc: '123' }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('billing card through the processor-hosted card page', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  const start = (token: string, headers: Record<string, string> = {}) =>
    stack.api.post('/api/merchants/billing/card-setup', undefined, { token, headers });
  const complete = (token: string, id: string, headers: Record<string, string> = {}) =>
    stack.api.post(`/api/merchants/billing/card-setup/${id}/complete`, undefined, { token, headers });

  it('live: the Owner opens the page, saves a card there, and completing puts it on file (once)', async () => {
    const team = await createTeam(stack.db);
    const started = await start(team.owner.token);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      id: expect.stringMatching(/^cs_live_/),
      url: `${stack.urls.emulator}/_emulator/checkout/${started.body.id}`,
      expires_at: expect.any(String),
    });
    const hours = (new Date(started.body.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);

    // Before a card is saved, completing says so.
    const early = await complete(team.owner.token, started.body.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: M.open, code: 'card_setup_open' });

    const saved = await saveOnPage(started.body.url);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(
      `${stack.urls.gateway}/dashboard/settings/billing?card_setup=${started.body.id}&mode=live`,
    );

    const done = await complete(team.owner.token, started.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ mode: 'live', brand: 'visa', last4: '4242' });
    const row = await stack.db
      .selectFrom('billing_cards')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mode: 'live', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    expect(row.payment_method_id).toMatch(/^pm_/);
    expect(row.processor_customer_id).toMatch(/^cus_/);

    // The other tab completing too answers the same card and records nothing more.
    const again = await complete(team.owner.token, started.body.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(done.body);
    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .where('action', '=', 'billing.card_saved')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: team.owner.id, actor_role: 'owner' })]);

    const billing = await stack.api.get('/api/merchants/billing', { token: team.finance.token });
    expect(billing.body.card).toMatchObject({ mode: 'live', brand: 'visa', last4: '4242' });
    const me = await stack.api.get('/api/merchants/me', { token: team.owner.token });
    expect(me.body.gates.take_split?.code).not.toBe('billing_card_required');
  });

  it('test mode and an Admin: a cs_test_ page, and a later set-up replaces the card on the same customer', async () => {
    const team = await createTeam(stack.db);
    const first = await start(team.admin.token, TEST);
    expect(first.body.id).toMatch(/^cs_test_/);
    await saveOnPage(first.body.url);
    expect((await complete(team.admin.token, first.body.id, TEST)).body).toEqual({
      mode: 'test',
      brand: 'visa',
      last4: '4242',
    });
    const before = await stack.db
      .selectFrom('billing_cards')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    const second = await start(team.admin.token, TEST);
    await saveOnPage(second.body.url, '5555 5555 5555 4444');
    expect((await complete(team.admin.token, second.body.id, TEST)).body).toMatchObject({ brand: 'mastercard' });
    const after = await stack.db
      .selectFrom('billing_cards')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .execute();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      mode: 'test',
      last4: '4444',
      processor_customer_id: before.processor_customer_id,
    });
    // A test set-up is not a live one: the live mode does not know it.
    expect((await complete(team.admin.token, second.body.id)).status).toBe(404);
  });

  it('two tabs completing at the same moment save the card once and both answer it', async () => {
    const team = await createTeam(stack.db);
    const started = await start(team.owner.token);
    await saveOnPage(started.body.url);
    const [a, b] = await Promise.all([
      complete(team.owner.token, started.body.id),
      complete(team.owner.token, started.body.id),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual({ mode: 'live', brand: 'visa', last4: '4242' });
    expect(b.body).toEqual(a.body);
    const audit = await stack.db
      .selectFrom('audit_log')
      .select('id')
      .where('merchant_id', '=', team.merchant.id)
      .where('action', '=', 'billing.card_saved')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses another business, unknown and malformed ids, and an expired page', async () => {
    const team = await createTeam(stack.db);
    const other = await createTeam(stack.db);
    const started = await start(team.owner.token);
    await saveOnPage(started.body.url);

    const foreign = await complete(other.owner.token, started.body.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: M.notFound, code: 'card_setup_not_found' });
    for (const id of ['cs_live_doesNotExist', 'not-a-session', 'pm_card_visa']) {
      const res = await complete(team.owner.token, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: M.notFound, code: 'card_setup_not_found' });
    }
    expect(
      await stack.db.selectFrom('billing_cards').selectAll().where('merchant_id', '=', other.merchant.id).execute(),
    ).toEqual([]);

    const lapsed = await start(team.owner.token);
    const expired = await fetch(`${stack.urls.emulator}/v1/checkout/sessions/${lapsed.body.id}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.config.STRIPE_LIVE_SECRET_KEY}` },
    });
    expect(expired.status).toBe(200);
    const res = await complete(team.owner.token, lapsed.body.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: M.expired, code: 'card_setup_expired' });
  });

  it('is for the Owner and Admin only, and not while the workspace is paused', async () => {
    const team = await createTeam(stack.db);
    const started = await start(team.owner.token);
    for (const role of ['finance', 'member'] as const) {
      const res = await start(team[role].token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: FORBIDDEN_MESSAGE, code: 'business_forbidden' });
      const done = await complete(team[role].token, started.body.id);
      expect(done.status).toBe(403);
      expect(done.body).toMatchObject({ error: FORBIDDEN_MESSAGE, code: 'business_forbidden' });
    }
    const paused = await createTeam(stack.db, { paused_at: new Date(), paused_reason: 'Review' });
    const res = await start(paused.owner.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
    expect((await stack.api.post('/api/merchants/billing/card-setup', undefined, {})).status).toBe(401);
  });
});
