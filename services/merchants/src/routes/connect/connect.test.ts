import {
  createLogger,
  createProcessors,
  type MerchantRow,
  type ProcessorAccount,
  type Processors,
} from '@groupsplit/shared';
import { createTeam, createUser, emulatorControl, type Stack, startStack } from '@groupsplit/testing';
import { payDomain, reconcileProcessorAccount, syncProcessorAccount } from '../../processor/reconcile';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { temporal: false });
});
afterAll(() => stack.stop());

const connect = (token: string, mode?: 'test' | 'live') =>
  stack.api.post('/api/merchants/connect', undefined, { token, headers: mode ? { 'x-service-mode': mode } : {} });
const refresh = (token: string, mode?: 'test' | 'live') =>
  stack.api.post('/api/merchants/connect/refresh', undefined, {
    token,
    headers: mode ? { 'x-service-mode': mode } : {},
  });
const merchantRow = (id: string) =>
  stack.db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const accounts = (merchantId: string) =>
  stack.db
    .selectFrom('merchant_processor_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('mode')
    .execute();

describe('POST /api/merchants/connect', () => {
  it('starts a live Standard account and returns a one-shot onboarding link; calling again reuses the account', async () => {
    const team = await createTeam(stack.db);
    const first = await connect(team.owner.token);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['url']);
    expect(first.body.url).toMatch(new RegExp(`^${stack.urls.emulator}/_emulator/onboarding/`));

    const merchant = await merchantRow(team.merchant.id);
    expect(merchant.processor_account_id).toMatch(/^acct_/);
    expect(merchant.processor_connected_at).toBeInstanceOf(Date);
    expect(merchant.processor_charges_enabled).toBe(false);
    const account = await emulatorControl(stack, 'GET', `/accounts/${merchant.processor_account_id}`);
    expect(account).toMatchObject({ type: 'standard', country: 'GB', default_currency: 'gbp', mode: 'live' });

    const second = await connect(team.admin.token);
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await merchantRow(team.merchant.id)).processor_account_id).toBe(merchant.processor_account_id);
    expect(await accounts(team.merchant.id)).toHaveLength(1);

    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .where('action', '=', 'processor.connected')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: team.owner.id, actor_role: 'owner' });
  });

  it('X-Service-Mode: test connects a separate test-mode account and leaves the live fields alone', async () => {
    const team = await createTeam(stack.db);
    const res = await connect(team.owner.token, 'test');
    expect(res.status).toBe(200);
    const rows = await accounts(team.merchant.id);
    expect(rows.map((r) => r.mode)).toEqual(['test']);
    expect((await merchantRow(team.merchant.id)).processor_account_id).toBeNull();
    expect(await emulatorControl(stack, 'GET', `/accounts/${rows[0]!.account_id}`)).toMatchObject({ mode: 'test' });
  });

  it('completing onboarding at the link returns to the dashboard and the account.updated event enables charges', async () => {
    const team = await createTeam(stack.db);
    const { body } = await connect(team.owner.token);
    const page = await fetch(body.url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const action = /action="([^"]+)"/.exec(await page.text())![1]!;
    const done = await fetch(new URL(action, stack.urls.emulator), { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin).toBe(stack.config.PUBLIC_BASE_URL);
    expect(back.searchParams.get('onboarding')).toBe('complete');

    await emulatorControl(stack, 'POST', '/events/flush');
    const merchant = await merchantRow(team.merchant.id);
    expect(merchant).toMatchObject({ processor_charges_enabled: true, processor_details_submitted: true });
    expect((await accounts(team.merchant.id))[0]).toMatchObject({ charges_enabled: true, details_submitted: true });

    // The link was one-shot: opening it again goes to the refresh URL.
    const again = await fetch(body.url, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get('location')!).searchParams.get('onboarding')).toBe('refresh');
  });

  it('is for Owner and Admin only', async () => {
    const team = await createTeam(stack.db);
    for (const user of [team.finance, team.member]) {
      const res = await connect(user.token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
    }
    expect(await accounts(team.merchant.id)).toHaveLength(0);
  });

  it('a paused workspace cannot start onboarding', async () => {
    const team = await createTeam(stack.db, { paused_at: new Date(), paused_reason: 'billing' } as never);
    const res = await connect(team.owner.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('business_forbidden');
  });

  it('a user with no merchant gets 404 no_merchant', async () => {
    const user = await createUser(stack.db);
    for (const call of [connect, refresh]) {
      const res = await call(user.token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Register a merchant first', code: 'no_merchant' });
    }
  });

  it('answers 502 when the processor refuses the link', async () => {
    const team = await createTeam(stack.db);
    await stack.db
      .insertInto('merchant_processor_accounts')
      .values({ merchant_id: team.merchant.id, mode: 'live', account_id: 'acct_gone_from_processor' })
      .execute();
    const res = await connect(team.owner.token);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'Could not start payment processor onboarding' });
  });
});

describe('POST /api/merchants/connect/refresh', () => {
  it('before connect: 400 no_stripe_account', async () => {
    const team = await createTeam(stack.db);
    const res = await refresh(team.owner.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Connect the payment processor first.', code: 'no_stripe_account' });
  });

  it('gives a fresh link for the same account, per mode', async () => {
    const team = await createTeam(stack.db);
    await connect(team.owner.token);
    const accountId = (await merchantRow(team.merchant.id)).processor_account_id;
    const res = await refresh(team.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/_emulator\/onboarding\//);
    expect((await merchantRow(team.merchant.id)).processor_account_id).toBe(accountId);
    // Test mode has no account yet.
    expect((await refresh(team.owner.token, 'test')).body.code).toBe('no_stripe_account');
  });

  it('answers 502 when the processor refuses the link', async () => {
    const team = await createTeam(stack.db);
    await stack.db
      .insertInto('merchant_processor_accounts')
      .values({ merchant_id: team.merchant.id, mode: 'test', account_id: 'acct_gone_from_processor' })
      .execute();
    const res = await refresh(team.owner.token, 'test');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'Could not refresh payment processor onboarding link' });
  });

  it('is for Owner and Admin only', async () => {
    const team = await createTeam(stack.db);
    const res = await refresh(team.member.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('business_forbidden');
  });
});

describe('reconcileProcessorAccount', () => {
  const deps = () => ({ db: stack.db, config: stack.config, logger: createLogger('reconcile-test', 'silent') });

  it('re-reads an incomplete account from the processor and updates the rows (no event needed)', async () => {
    const team = await createTeam(stack.db);
    await connect(team.owner.token);
    const before = await merchantRow(team.merchant.id);
    // The processor finishes onboarding without telling us (no account.updated is sent).
    await stack.db
      .updateTable('emulator_accounts')
      .set({ charges_enabled: true, details_submitted: true })
      .where('id', '=', before.processor_account_id!)
      .execute();

    const after = await reconcileProcessorAccount(deps(), before as MerchantRow);
    expect(after).toMatchObject({ processor_charges_enabled: true, processor_details_submitted: true });
    expect(await merchantRow(team.merchant.id)).toMatchObject({ processor_charges_enabled: true });
    expect((await accounts(team.merchant.id))[0]).toMatchObject({ charges_enabled: true, details_submitted: true });
  });

  it('does not call the processor for a complete or unconnected merchant, and survives a processor failure', async () => {
    const calls: string[] = [];
    const failing: Processors = {
      forMode: () =>
        ({
          retrieveAccount: async (id: string): Promise<ProcessorAccount> => {
            calls.push(id);
            throw new Error('processor down');
          },
        }) as never,
    };
    const team = await createTeam(stack.db);
    const unconnected = await merchantRow(team.merchant.id);
    expect(await reconcileProcessorAccount({ ...deps(), processors: failing }, unconnected as MerchantRow)).toBe(
      unconnected,
    );
    expect(calls).toEqual([]);

    await connect(team.owner.token);
    const incomplete = (await merchantRow(team.merchant.id)) as MerchantRow;
    expect(await reconcileProcessorAccount({ ...deps(), processors: failing }, incomplete)).toBe(incomplete);
    expect(calls).toEqual([incomplete.processor_account_id]);

    const complete = { ...incomplete, processor_charges_enabled: true, processor_details_submitted: true };
    await stack.db
      .updateTable('merchant_processor_accounts')
      .set({ charges_enabled: true, details_submitted: true })
      .where('merchant_id', '=', team.merchant.id)
      .execute();
    expect(await reconcileProcessorAccount({ ...deps(), processors: failing }, complete)).toBe(complete);
    expect(calls).toHaveLength(1);
  });
});

describe('the pay domain registered for wallets once an account can take charges', () => {
  const PAY = 'https://pay.groupsplit.example';
  const deps = (publicBaseUrl = PAY) => ({
    db: stack.db,
    config: { ...stack.config, PUBLIC_BASE_URL: publicBaseUrl },
    logger: createLogger('pay-domain-test', 'silent'),
  });
  const domainsOn = (accountId: string) =>
    stack.db.selectFrom('emulator_payment_method_domains').selectAll().where('account', '=', accountId).execute();

  it('takes the host of PUBLIC_BASE_URL, unless the processor could not register it', () => {
    expect(payDomain('https://Pay.GroupSplit.example/base')).toBe('pay.groupsplit.example');
    expect(payDomain('http://localhost:3000')).toBeNull();
    expect(payDomain('http://127.0.0.1:3000')).toBeNull();
    expect(payDomain('http://[::1]:3000')).toBeNull();
    expect(payDomain('http://intranet')).toBeNull();
  });

  it.each(['live', 'test'] as const)(
    '%s: registered on the account when it becomes active, once however often it syncs',
    async (mode) => {
      const team = await createTeam(stack.db);
      expect((await connect(team.owner.token, mode)).status).toBe(200);
      const accountId = (await accounts(team.merchant.id))[0]!.account_id;

      // Still onboarding: nothing is registered.
      expect((await syncProcessorAccount(deps(), mode, accountId)).paymentMethodDomain).toBeNull();
      expect(await domainsOn(accountId)).toEqual([]);

      await emulatorControl(stack, 'POST', `/accounts/${accountId}/activate`);
      const { paymentMethodDomain } = await syncProcessorAccount(deps(), mode, accountId);
      expect(paymentMethodDomain).toMatchObject({
        accountId,
        domainName: 'pay.groupsplit.example',
        enabled: true,
        applePay: { status: 'active', errorMessage: null },
        googlePay: { status: 'active' },
      });
      const again = await syncProcessorAccount(deps(), mode, accountId);
      expect(again.paymentMethodDomain?.id).toBe(paymentMethodDomain!.id);
      const rows = await domainsOn(accountId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ mode, domain_name: 'pay.groupsplit.example', enabled: true });
    },
  );

  it('a pay domain the processor cannot register (loopback) is skipped; the sync still applies the account', async () => {
    const team = await createTeam(stack.db);
    await connect(team.owner.token);
    const accountId = (await accounts(team.merchant.id))[0]!.account_id;
    await emulatorControl(stack, 'POST', `/accounts/${accountId}/activate`);
    const synced = await syncProcessorAccount(deps('http://127.0.0.1:3000'), 'live', accountId);
    expect(synced).toMatchObject({ paymentMethodDomain: null, merchantIds: [team.merchant.id] });
    expect(await domainsOn(accountId)).toEqual([]);
    expect(await merchantRow(team.merchant.id)).toMatchObject({ processor_charges_enabled: true });
  });

  it('a refused registration is logged, not thrown: the account is still applied', async () => {
    const team = await createTeam(stack.db);
    await connect(team.owner.token);
    const accountId = (await accounts(team.merchant.id))[0]!.account_id;
    await emulatorControl(stack, 'POST', `/accounts/${accountId}/activate`);
    const real = createProcessors(stack.config);
    const refusing: Processors = {
      forMode: (mode) => ({
        ...real.forMode(mode),
        registerPaymentMethodDomain: async () => {
          throw new Error('processor down');
        },
      }),
    };
    const synced = await syncProcessorAccount({ ...deps(), processors: refusing }, 'live', accountId);
    expect(synced).toMatchObject({ paymentMethodDomain: null, merchantIds: [team.merchant.id] });
    expect(await merchantRow(team.merchant.id)).toMatchObject({ processor_charges_enabled: true });
  });
});
