import { createLogger, createProcessors, GATES } from '@groupsplit/shared';
import {
  addMember,
  createMerchant,
  createTeam,
  createUser,
  emulatorControl,
  type Stack,
  startStack,
} from '@groupsplit/testing';
import { syncProcessorAccount } from '../../processor/reconcile';

const MERCHANT_FIELDS = [
  'id',
  'name',
  'created_at',
  'legal_name',
  'business_type',
  'business_email',
  'business_phone',
  'vat_number',
  'company_number',
  'business_address',
  'business_address_parts',
  'country',
  'default_currency',
  'processor_charges_enabled',
  'processor_details_submitted',
  'processor_account_id',
  'processor_connected_at',
  'business_role',
  'platform_fee_bps',
  'platform_fee_discount_ends_at',
  'mode',
  'webhook_url',
  'allowed_domain',
  'test_allowed_domain',
  'verification_status',
  'verification_grandfathered',
  'paused',
  'paused_reason',
  'gates',
  // Beyond the spec's fields (docs/processor.md, "Wallet domains").
  'apple_pay',
];

const DAY = 86_400_000;

describe('GET /api/merchants/me', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  const me = (token: string, headers: Record<string, string> = {}) =>
    stack.api.get('/api/merchants/me', { token, headers });

  it("returns every field of the spec's merchant record", async () => {
    const owner = await createUser(stack.db);
    const merchant = await createMerchant(stack.db, owner, {
      vat_number: 'GB999999973',
      company_number: null,
      allowed_domain: 'shop.example',
      platform_fee_discount_ends_at: new Date('2027-01-01T00:00:00Z'),
    });
    const res = await me(owner.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...MERCHANT_FIELDS].sort());
    expect(res.body).toMatchObject({
      id: merchant.id,
      name: merchant.name,
      legal_name: 'Shop Ltd',
      business_type: 'sole_trader',
      business_email: 'hello@shop.example',
      business_phone: '+44 20 7946 0000',
      vat_number: 'GB999999973',
      company_number: null,
      business_address: '1 High Street, London, N1 1AA',
      business_address_parts: null,
      country: 'GB',
      default_currency: 'gbp',
      processor_charges_enabled: false,
      processor_details_submitted: false,
      processor_account_id: null,
      processor_connected_at: null,
      business_role: 'owner',
      platform_fee_bps: 300,
      platform_fee_discount_ends_at: '2027-01-01T00:00:00.000Z',
      mode: 'live',
      webhook_url: null,
      allowed_domain: 'shop.example',
      verification_status: 'verified',
      verification_grandfathered: false,
      paused: false,
      paused_reason: null,
    });
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThan(Date.now() - DAY);
  });

  it('shows each role its own business_role', async () => {
    const team = await createTeam(stack.db);
    for (const role of ['owner', 'admin', 'finance', 'member'] as const) {
      const res = await me(team[role].token);
      expect(res.status).toBe(200);
      expect(res.body.business_role).toBe(role);
    }
  });

  it('answers 404 No merchant for this user when the login has no business', async () => {
    const user = await createUser(stack.db);
    const res = await me(user.token);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'No merchant for this user', code: 'no_merchant' });
  });

  it('needs x-service-merchant-id for a login in more than one business', async () => {
    const user = await createUser(stack.db);
    const first = await createMerchant(stack.db, user, { name: 'First' });
    const second = await createTeam(stack.db, { name: 'Second' });
    await addMember(stack.db, second.merchant.id, user, 'finance');

    const res = await me(user.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: expect.any(String), code: 'business_selection_required' });

    const a = await me(user.token, { 'x-service-merchant-id': first.id });
    expect(a.body).toMatchObject({ id: first.id, business_role: 'owner' });
    const b = await me(user.token, { 'x-service-merchant-id': second.merchant.id });
    expect(b.body).toMatchObject({ id: second.merchant.id, business_role: 'finance' });

    const stranger = await createTeam(stack.db);
    const notMine = await me(user.token, { 'x-service-merchant-id': stranger.merchant.id });
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ error: 'No merchant for this user', code: 'no_merchant' });
    const garbage = await me(user.token, { 'x-service-merchant-id': 'not-a-uuid' });
    expect(garbage.status).toBe(404);
  });

  it('a paused workspace is still readable', async () => {
    const team = await createTeam(stack.db, { paused_at: new Date(), paused_reason: 'Under review' });
    const res = await me(team.member.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paused: true, paused_reason: 'Under review' });
  });

  describe('gates', () => {
    it('live, processor not enabled: take_split is connector_not_live', async () => {
      const team = await createTeam(stack.db);
      const res = await me(team.owner.token);
      expect(res.body.gates).toEqual({
        issue_invoice: GATES.connector_not_live,
        issue_invoice_bank_transfer: GATES.connector_not_live,
        take_split: {
          code: 'connector_not_live',
          message: 'Finish payment processor onboarding before accepting checkouts',
          fix: { label: expect.any(String), path: expect.any(String) },
        },
      });
    });

    it('test mode needs no processor, but a billing card on file for test mode', async () => {
      const team = await createTeam(stack.db);
      const test = await me(team.owner.token, { 'x-service-mode': 'test' });
      expect(test.body.mode).toBe('test');
      expect(test.body.gates.take_split).toEqual({
        code: 'billing_card_required',
        message: expect.any(String),
        fix: { label: expect.any(String), path: expect.any(String) },
      });
      expect(test.body.gates.issue_invoice).toBeNull();

      await stack.db
        .insertInto('billing_cards')
        .values({
          merchant_id: team.merchant.id,
          mode: 'live',
          processor_customer_id: 'cus_x',
          payment_method_id: 'pm_x',
          brand: 'visa',
          last4: '4242',
        })
        .execute();
      // A live card does not count for test mode.
      expect((await me(team.owner.token, { 'x-service-mode': 'test' })).body.gates.take_split.code).toBe(
        'billing_card_required',
      );
      await stack.db
        .insertInto('billing_cards')
        .values({
          merchant_id: team.merchant.id,
          mode: 'test',
          processor_customer_id: 'cus_y',
          payment_method_id: 'pm_y',
          brand: 'visa',
          last4: '4242',
        })
        .execute();
      expect((await me(team.owner.token, { 'x-service-mode': 'test' })).body.gates.take_split).toBeNull();
    });

    it('live with charges enabled: billing card, then a bill unpaid 14 days pauses splits until paid', async () => {
      const team = await createTeam(stack.db, {
        processor_account_id: 'acct_gate',
        processor_charges_enabled: true,
        processor_details_submitted: true,
      });
      const gates = async () => (await me(team.finance.token)).body.gates;
      expect((await gates()).take_split.code).toBe('billing_card_required');
      expect((await gates()).issue_invoice).toBeNull();

      await stack.db
        .insertInto('billing_cards')
        .values({
          merchant_id: team.merchant.id,
          mode: 'live',
          processor_customer_id: 'cus_z',
          payment_method_id: 'pm_z',
          brand: 'visa',
          last4: '4242',
        })
        .execute();
      expect((await gates()).take_split).toBeNull();

      const recent = await stack.db
        .insertInto('bills')
        .values({
          merchant_id: team.merchant.id,
          mode: 'live',
          amount: 1234,
          description: 'Fees',
          issued_at: new Date(Date.now() - 13 * DAY),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await gates()).take_split).toBeNull();

      await stack.db
        .updateTable('bills')
        .set({ issued_at: new Date(Date.now() - 14 * DAY - 60_000) })
        .where('id', '=', recent.id)
        .execute();
      expect((await gates()).take_split).toEqual({
        code: 'billing_paused',
        message: expect.any(String),
        fix: { label: expect.any(String), path: expect.any(String) },
      });
      // The same bill in the other mode does not pause this one.
      expect((await me(team.owner.token, { 'x-service-mode': 'test' })).body.gates.take_split.code).toBe(
        'billing_card_required',
      );

      await stack.db.updateTable('bills').set({ paid_at: new Date() }).where('id', '=', recent.id).execute();
      expect((await gates()).take_split).toBeNull();
    });

    it('issue_invoice waits for verification unless the business is grandfathered', async () => {
      const team = await createTeam(stack.db, { verification_status: 'unverified' });
      const test = { 'x-service-mode': 'test' };
      expect((await me(team.owner.token, test)).body.gates.issue_invoice.code).toBe('verification_required');
      const old = await createTeam(stack.db, { verification_status: 'unverified', verification_grandfathered: true });
      expect((await me(old.owner.token, test)).body.gates.issue_invoice).toBeNull();
    });

    it('refuses an X-Service-Mode other than test or live', async () => {
      const team = await createTeam(stack.db);
      const res = await me(team.owner.token, { 'x-service-mode': 'sandbox' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'X-Service-Mode must be test or live', code: 'invalid_service_mode' });
      expect((await me(team.owner.token, { 'x-service-mode': 'LIVE' })).body.mode).toBe('live');
    });
  });

  describe('apple_pay: Apple Pay on the pay domain, for the go-live checklist', () => {
    const deps = () => ({
      db: stack.db,
      // A pay domain the processor can register (the stack's own is loopback, which is skipped).
      config: { ...stack.config, PUBLIC_BASE_URL: 'https://pay.groupsplit.example' },
      logger: createLogger('apple-pay-test', 'silent'),
    });
    const test = { 'x-service-mode': 'test' };

    it('null until registered; then the registration outcome per mode, as the processor last answered', async () => {
      const team = await createTeam(stack.db);
      expect((await me(team.owner.token, test)).body.apple_pay).toBeNull();
      const connect = await stack.api.post('/api/merchants/connect', undefined, {
        token: team.owner.token,
        headers: test,
      });
      expect(connect.status).toBe(200);
      const { account_id: accountId } = await stack.db
        .selectFrom('merchant_processor_accounts')
        .select('account_id')
        .where('merchant_id', '=', team.merchant.id)
        .where('mode', '=', 'test')
        .executeTakeFirstOrThrow();
      // Still onboarding: nothing registered, nothing to show.
      await syncProcessorAccount(deps(), 'test', accountId);
      expect((await me(team.owner.token, test)).body.apple_pay).toBeNull();

      await emulatorControl(stack, 'POST', `/accounts/${accountId}/activate`);
      // The domain registered on the account once before, and Apple's check failing on it (the emulator's
      // control hook; Apple's servers cannot be reached from here).
      const domain = await createProcessors(stack.config)
        .forMode('test')
        .registerPaymentMethodDomain({ accountId, domainName: 'pay.groupsplit.example' });
      const check = (passes: boolean) =>
        emulatorControl<{ apple_pay_check: boolean }>(
          stack,
          'POST',
          `/payment_method_domains/${domain.id}/apple_pay_check`,
          { passes },
        );
      expect((await check(false)).apple_pay_check).toBe(false);
      const validated = await fetch(`${stack.urls.emulator}/v1/payment_method_domains/${domain.id}/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.config.STRIPE_TEST_SECRET_KEY}`, 'stripe-account': accountId },
      });
      expect(validated.status).toBe(200);

      // The account can take charges: the sync registers (finds) the domain and asks again; the check
      // fails, and the checklist says what is missing.
      await syncProcessorAccount(deps(), 'test', accountId);
      const missing = await me(team.owner.token, test);
      expect(missing.status).toBe(200);
      expect(missing.body.apple_pay).toEqual({
        domain: 'pay.groupsplit.example',
        status: 'inactive',
        error: expect.stringContaining('apple-developer-merchantid-domain-association'),
        checked_at: expect.any(String),
      });
      // The live mode has no account yet: nothing there.
      expect((await me(team.owner.token, { 'x-service-mode': 'live' })).body.apple_pay).toBeNull();

      // Apple's check passes: the next sync validates again and Apple Pay is ready.
      await check(true);
      await syncProcessorAccount(deps(), 'test', accountId);
      const ready = await me(team.owner.token, test);
      expect(ready.body.apple_pay).toEqual({
        domain: 'pay.groupsplit.example',
        status: 'active',
        error: null,
        checked_at: expect.any(String),
      });
    });
  });
});
