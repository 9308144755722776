import { createUser, type Stack, startStack, type TestUser } from '@groupsplit/testing';
import { sql } from 'kysely';

const uniqueCompanyNumber = () =>
  `RG${Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, '0')}`;

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Corner Deli',
  legal_name: 'Corner Deli Ltd',
  business_type: 'limited_company',
  business_address: '12 Market Row, London, SW9 8LD',
  business_email: 'hello@cornerdeli.example',
  business_phone: '+44 20 7946 0123',
  company_number: uniqueCompanyNumber(),
  vat_number: 'GB123456789',
  ...overrides,
});

const INVALID = 'Complete the required business details';

describe('POST /api/merchants/register', () => {
  let stack: Stack;
  beforeAll(async () => {
    // As under `npm start`: private targets allowed, for test-mode URLs only.
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true });
  });
  afterAll(() => stack.stop());

  const register = (user: TestUser, body: unknown) =>
    stack.api.post('/api/merchants/register', body, { token: user.token });
  const merchantsOf = (user: TestUser) =>
    stack.db.selectFrom('memberships').selectAll().where('user_id', '=', user.id).execute();

  it('lets a signed-in account in no business register; it becomes Owner of a GB, gbp, 300 bps business', async () => {
    const user = await createUser(stack.db);
    const body = validBody();
    const res = await register(user, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Corner Deli', webhook_url: null });

    const merchant = await stack.db
      .selectFrom('merchants')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(merchant).toMatchObject({
      name: 'Corner Deli',
      legal_name: 'Corner Deli Ltd',
      business_type: 'limited_company',
      business_address: '12 Market Row, London, SW9 8LD',
      business_email: 'hello@cornerdeli.example',
      business_phone: '+44 20 7946 0123',
      company_number: body.company_number,
      vat_number: 'GB123456789',
      country: 'GB',
      default_currency: 'gbp',
      platform_fee_bps: 300,
      processor_account_id: null,
      paused_at: null,
    });
    expect(await merchantsOf(user)).toEqual([expect.objectContaining({ merchant_id: res.body.id, role: 'owner' })]);

    // No API key and no webhook secret are created here.
    expect(await stack.db.selectFrom('api_keys').selectAll().where('merchant_id', '=', res.body.id).execute()).toEqual(
      [],
    );
    const settings = await stack.db
      .selectFrom('webhook_settings')
      .selectAll()
      .where('merchant_id', '=', res.body.id)
      .execute();
    expect(settings.every((row) => row.secret_ciphertext === null)).toBe(true);

    const audit = await stack.db.selectFrom('audit_log').selectAll().where('merchant_id', '=', res.body.id).execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor_user_id: user.id, actor_role: 'owner', action: 'business.registered' }),
    ]);

    const me = await stack.api.get('/api/merchants/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, business_role: 'owner', platform_fee_bps: 300 });
  });

  it('re-derives the address text from business_address_parts', async () => {
    const user = await createUser(stack.db);
    const parts = { line1: '3 Canal Wharf', line2: 'Unit 4', city: 'Leeds', postcode: 'LS11 5PS' };
    const res = await register(
      user,
      validBody({
        business_address: 'ignored when parts are sent',
        business_address_parts: parts,
        business_type: 'charity',
      }),
    );
    expect(res.status).toBe(201);
    const me = await stack.api.get('/api/merchants/me', { token: user.token });
    expect(me.body.business_address).toBe('3 Canal Wharf, Unit 4, Leeds, LS11 5PS, United Kingdom');
    expect(me.body.business_address_parts).toEqual({
      ...parts,
      county: null,
      country: 'United Kingdom',
    });
  });

  it('answers every missing field at once with 400 and details, and writes nothing', async () => {
    const user = await createUser(stack.db);
    const res = await register(user, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(INVALID);
    expect(res.body.code).toBeUndefined();
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(
      ['business_address', 'business_email', 'business_phone', 'business_type', 'legal_name', 'name'].sort(),
    );
    for (const detail of res.body.details) expect(detail.message).toEqual(expect.any(String));
    expect(await merchantsOf(user)).toEqual([]);
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['an unknown business_type', { business_type: 'plc' }, 'business_type'],
    ['an invalid business_email', { business_email: 'not-an-email' }, 'business_email'],
    ['a 6-character phone', { business_phone: '123456' }, 'business_phone'],
    ['a 31-character phone', { business_phone: '1'.repeat(31) }, 'business_phone'],
    ['a limited company without company_number', { company_number: undefined }, 'company_number'],
    [
      'an LLP without company_number',
      { business_type: 'limited_liability_partnership', company_number: '' },
      'company_number',
    ],
    [
      'address parts without a postcode',
      { business_address: undefined, business_address_parts: { line1: '1 A St', city: 'Bath' } },
      'business_address_parts.postcode',
    ],
    ['a non-boolean allow_additional', { allow_additional: 'yes' }, 'allow_additional'],
  ])('refuses %s', async (_label, overrides, field) => {
    const user = await createUser(stack.db);
    const res = await register(user, validBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: INVALID, details: [{ field, message: expect.any(String) }] });
    expect(await merchantsOf(user)).toEqual([]);
  });

  it('accepts phones of exactly 7 and 30 characters, and no company number for other types', async () => {
    for (const overrides of [
      { business_phone: '1234567', business_type: 'sole_trader', company_number: undefined },
      { business_phone: '1'.repeat(30), business_type: 'partnership', company_number: null },
      { business_type: 'other', company_number: '' },
    ]) {
      const user = await createUser(stack.db);
      const res = await register(user, validBody(overrides));
      expect(res.status).toBe(201);
    }
  });

  it('refuses a second business without allow_additional: true (409 merchant_exists), allows it with', async () => {
    const user = await createUser(stack.db);
    expect((await register(user, validBody())).status).toBe(201);
    const second = await register(user, validBody({ name: 'Second Shop' }));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: expect.any(String), code: 'merchant_exists' });
    expect(await merchantsOf(user)).toHaveLength(1);

    const allowed = await register(user, validBody({ name: 'Second Shop', allow_additional: true }));
    expect(allowed.status).toBe(201);
    expect(await merchantsOf(user)).toHaveLength(2);

    // Two businesses: merchant routes now need the selection header.
    const me = await stack.api.get('/api/merchants/me', { token: user.token });
    expect(me.status).toBe(409);
    expect(me.body.code).toBe('business_selection_required');
    const chosen = await stack.api.get('/api/merchants/me', {
      token: user.token,
      headers: { 'x-service-merchant-id': allowed.body.id },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.name).toBe('Second Shop');
  });

  it('two registrations at once from one login create only one business', async () => {
    const user = await createUser(stack.db);
    const results = await Promise.all([register(user, validBody()), register(user, validBody())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await merchantsOf(user)).toHaveLength(1);
  });

  it('refuses a company number already held: 409 company_already_registered with business_name', async () => {
    const first = await createUser(stack.db);
    const number = uniqueCompanyNumber();
    expect((await register(first, validBody({ name: 'The Original', company_number: number }))).status).toBe(201);
    const other = await createUser(stack.db);
    const spaced = `${number.slice(0, 4).toLowerCase()} ${number.slice(4)}`;
    const res = await register(other, validBody({ name: 'Copycat', company_number: spaced }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'A business with this company number is already registered.',
      code: 'company_already_registered',
      business_name: 'The Original',
    });
    expect(await merchantsOf(other)).toEqual([]);
  });

  it('checks webhook_url like PATCH /api/merchants and stores it as the live webhook URL', async () => {
    const user = await createUser(stack.db);
    const bad = await register(user, validBody({ webhook_url: 'ftp://hooks.example.com/x' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid webhook_url: /);
    const junk = await register(user, validBody({ webhook_url: 'not a url' }));
    expect(junk.status).toBe(400);
    expect(junk.body.error).toBe('Invalid webhook_url: not a valid URL');
    expect(await merchantsOf(user)).toEqual([]);

    // A live URL gets every check (a documentation range such as 203.0.113.0/24 is refused): a public address.
    const url = 'https://93.184.216.34/hooks/groupsplit';
    const res = await register(user, validBody({ webhook_url: url }));
    expect(res.status).toBe(201);
    expect(res.body.webhook_url).toBe(url);
    const live = await stack.api.get('/api/merchants/me', { token: user.token });
    expect(live.body.webhook_url).toBe(url);
    const test = await stack.api.get('/api/merchants/me', { token: user.token, headers: { 'x-service-mode': 'test' } });
    expect(test.body.webhook_url).toBeNull();
  });

  it('checks webhook_url with the live rules in full, whatever ALLOW_PRIVATE_WEBHOOK_TARGETS says', async () => {
    expect(stack.config.ALLOW_PRIVATE_WEBHOOK_TARGETS).toBe(true);
    const user = await createUser(stack.db);
    for (const [url, reason] of [
      ['https://127.0.0.1/x', 'host is a loopback address'],
      ['https://169.254.169.254/latest', 'host is a cloud metadata address'],
      ['https://10.0.0.8/x', 'host is a private address'],
      ['http://127.0.0.1:4242/hook', 'must use https'],
    ]) {
      const res = await register(user, validBody({ webhook_url: url }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(`Invalid webhook_url: ${reason}`);
    }
    expect(await merchantsOf(user)).toEqual([]);
  });

  it('still requires consent', async () => {
    const user = await createUser(stack.db, { consent: false });
    const res = await register(user, validBody());
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'Consent required', code: 'consent_required' });
  });

  it('keeps the audit log append-only: UPDATE and DELETE are refused by the database', async () => {
    const user = await createUser(stack.db);
    const { body } = await register(user, validBody());
    const row = await stack.db
      .selectFrom('audit_log')
      .select('id')
      .where('merchant_id', '=', body.id)
      .executeTakeFirstOrThrow();
    await expect(
      stack.db.updateTable('audit_log').set({ action: 'tampered' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(stack.db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(stack.db)).rejects.toThrow(/append-only/);
    const still = await stack.db.selectFrom('audit_log').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(still.action).toBe('business.registered');
  });
});
