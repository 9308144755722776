import { addMember, createTeam, createTestModeMerchant, type Stack, startStack } from '@groupsplit/testing';
import { createGroupsplitClient } from './client';
import { GroupsplitApiError, unwrap } from './errors';

/** The client's credentials and headers, against the real gateway. */
describe('createGroupsplitClient', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** The refusal `unwrap` throws for a call, or null when the call succeeded. */
  async function refusalOf(call: Promise<{ data?: unknown; error?: unknown; response: Response }>) {
    try {
      unwrap(await call);
      return null;
    } catch (error) {
      if (error instanceof GroupsplitApiError) return error;
      throw error;
    }
  }

  it('sends the bearer token and the mode, and a server key for the server routes', async () => {
    const team = await createTestModeMerchant(stack);
    const dashboard = createGroupsplitClient({
      baseUrl: `${stack.urls.gateway}/`,
      bearer: team.owner.token,
      mode: 'test',
    });
    const me = unwrap(await dashboard.GET('/api/merchants/me'));
    expect(me).toMatchObject({
      id: team.merchant.id,
      business_role: 'owner',
      mode: 'test',
      gates: { take_split: null },
    });
    expect(
      unwrap(
        await createGroupsplitClient({ baseUrl: stack.urls.gateway, bearer: team.owner.token }).GET(
          '/api/merchants/me',
        ),
      ).mode,
    ).toBe('live');

    unwrap(await dashboard.PATCH('/api/merchants', { body: { allowed_domain: 'shop.example.com' } }));
    const { key } = unwrap(await dashboard.POST('/api/merchants/api-keys', { body: { name: 'Client test' } }));
    expect(key).toMatch(/^svc_test_/);

    const server = createGroupsplitClient({ baseUrl: stack.urls.gateway, apiKey: key });
    const body = { amount: '12.50', return_url: 'https://shop.example.com/done' } as const;
    const created = await server.POST('/api/merchants/checkout/sessions', {
      params: { header: { 'Idempotency-Key': 'client-test-1' } },
      body,
    });
    expect(created.response.status).toBe(201);
    const replay = await server.POST('/api/merchants/checkout/sessions', {
      params: { header: { 'Idempotency-Key': 'client-test-1' } },
      body,
    });
    expect([replay.response.status, replay.data?.token]).toEqual([200, created.data?.token]);
    const status = unwrap(
      await server.GET('/api/merchants/checkout/sessions/{token}/status', {
        params: { path: { token: created.data!.token } },
      }),
    );
    expect(status).toMatchObject({ status: 'pending', amount: '12.50' });

    // A key is not a session: the dashboard's routes refuse it.
    const keyOnSession = await refusalOf(server.GET('/api/merchants/me'));
    expect(keyOnSession).toMatchObject({ status: 401, message: 'Missing or invalid Authorization header' });
  });

  it('throws the API refusal with its status, code and details', async () => {
    const team = await createTestModeMerchant(stack);
    const dashboard = createGroupsplitClient({ baseUrl: stack.urls.gateway, bearer: team.owner.token, mode: 'test' });
    const refusal = await refusalOf(dashboard.POST('/api/merchants/register', { body: {} as never }));
    expect(refusal).toBeInstanceOf(GroupsplitApiError);
    expect(refusal).toMatchObject({ status: 400, message: 'Complete the required business details' });
    expect(refusal!.details.map((d) => d.field)).toEqual(expect.arrayContaining(['name', 'legal_name']));
  });

  it('sends x-service-merchant-id for a login in several businesses', async () => {
    const first = await createTeam(stack.db);
    const second = await createTeam(stack.db);
    await addMember(stack.db, second.merchant.id, first.owner, 'admin');
    const ambiguous = createGroupsplitClient({ baseUrl: stack.urls.gateway, bearer: first.owner.token });
    expect(await refusalOf(ambiguous.GET('/api/merchants/me'))).toMatchObject({
      status: 409,
      code: 'business_selection_required',
    });
    const chosen = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      bearer: first.owner.token,
      merchantId: second.merchant.id,
    });
    expect(unwrap(await chosen.GET('/api/merchants/me'))).toMatchObject({
      id: second.merchant.id,
      business_role: 'admin',
    });
  });

  it('reads per-request credentials, so a signed-in app can switch business and sign out', async () => {
    const first = await createTeam(stack.db);
    const second = await createTeam(stack.db);
    await addMember(stack.db, second.merchant.id, first.owner, 'admin');
    let current: { bearer?: string; merchantId?: string } = {
      bearer: first.owner.token,
      merchantId: first.merchant.id,
    };
    const app = createGroupsplitClient({ baseUrl: stack.urls.gateway, mode: 'test', credentials: () => current });
    expect(unwrap(await app.GET('/api/merchants/me'))).toMatchObject({ id: first.merchant.id });
    current = { bearer: first.owner.token, merchantId: second.merchant.id };
    expect(unwrap(await app.GET('/api/merchants/me'))).toMatchObject({ id: second.merchant.id });
    current = {};
    expect(await refusalOf(app.GET('/api/merchants/me'))).toMatchObject({ status: 401 });
  });
});
