import { addBillingCard, createTeam, type Stack, startStack } from '@groupsplit/testing';
import { createApiKey, createSession, sessionBody } from '../../test-support/sessions';

const TEST = { 'x-service-mode': 'test' };
const LIVE = { 'x-service-mode': 'live' };
const PATH = '/api/merchants/checkout/test-sessions';

/**
 * The dashboard's sample checkout (docs/dashboard.md, "Get started"): Owner and Admin, test mode only,
 * £20, returning to the dashboard's own Orders page, which no other session may return to.
 */
describe('POST /api/merchants/checkout/test-sessions', () => {
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;
  let ordersUrl: string;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    // A new business: no return domain, no processor, no key; only the test billing card every test checkout needs.
    team = await createTeam(stack.db);
    await addBillingCard(stack, team.merchant.id, 'test');
    ordersUrl = `${stack.config.PUBLIC_BASE_URL}/dashboard/orders`;
  });
  afterAll(() => stack.stop());

  const open = (token: string, headers: Record<string, string> = TEST) =>
    stack.api.post(PATH, undefined, { token, headers });

  it('makes a £20 test session for an Owner or Admin that returns to the dashboard', async () => {
    for (const person of [team.owner, team.admin]) {
      const made = await open(person.token);
      expect(made.status).toBe(201);
      expect(made.body).toEqual({
        token: expect.any(String),
        checkout_url: `${stack.config.PUBLIC_BASE_URL}/checkout/${made.body.token}`,
        status: 'pending',
        expires_at: expect.any(String),
        amount: '20.00',
        currency: 'gbp',
        order_reference: expect.stringMatching(/^SAMPLE-[A-Z2-9]{6}$/),
        return_url: ordersUrl,
      });
      const row = await stack.db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('token', '=', made.body.token)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        merchant_id: team.merchant.id,
        mode: 'test',
        api_key_id: null,
        amount: 2000,
        return_url: ordersUrl,
        cancel_url: ordersUrl,
        customer_email: person.email,
        line_items: [{ description: 'Sample order', amount: 2000, quantity: 1, image_id: null }],
      });
      // The buyer sees an ordinary test checkout, and its way back leads to the dashboard's Orders page.
      const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${made.body.token}`);
      expect(lookup.body).toMatchObject({ mode: 'test', amount: '20.00', status: 'pending' });
      const page = await fetch(made.body.checkout_url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`id="return-link" href="${ordersUrl}"`);
    }
  });

  it('refuses, with its fix, while the hosted page could not take it (no test billing card)', async () => {
    const bare = await createTeam(stack.db);
    const refused = await open(bare.owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'Add a billing card in Settings, Billing before taking split payments.',
      code: 'billing_card_required',
    });
  });

  it('refuses Finance and Member, and refuses live mode with a clear error', async () => {
    for (const person of [team.finance, team.member]) {
      const refused = await open(person.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'business_forbidden' });
    }
    for (const person of [team.owner, team.admin]) {
      const live = await open(person.token, LIVE);
      expect(live.status).toBe(409);
      expect(live.body).toMatchObject({
        error: 'A sample checkout is for test mode only: switch the dashboard to test mode and try again.',
        code: 'test_mode_only',
      });
    }
    const count = await stack.db
      .selectFrom('checkout_sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_id', '=', team.merchant.id)
      .where('mode', '=', 'live')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs a signed-in person: an API key or nothing is refused', async () => {
    const key = await createApiKey(stack.db, team.merchant.id, 'test');
    const withKey = await stack.api.post(PATH, undefined, { apiKey: key, headers: TEST });
    expect(withKey.status).toBe(401);
    const anonymous = await stack.api.post(PATH, undefined, { headers: TEST });
    expect(anonymous.status).toBe(401);
  });

  it("keeps the dashboard's Orders page out of every other session's returns", async () => {
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: 'shop.example.com' })
      .where('id', '=', team.merchant.id)
      .execute();
    const key = await createApiKey(stack.db, team.merchant.id, 'test');
    // Both insert paths of the key's create route: without and with an Idempotency-Key.
    for (const headers of [{}, { 'idempotency-key': 'dashboard-return' }] as Record<string, string>[]) {
      for (const body of [sessionBody({ return_url: ordersUrl }), sessionBody({ cancel_url: ordersUrl })]) {
        const refused = await createSession(stack, key, body, headers);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: expect.stringMatching(/^invalid_(return|cancel)_url$/) });
      }
    }
  });
});
