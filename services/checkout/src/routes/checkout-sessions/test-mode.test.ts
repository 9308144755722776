import { verifyWebhookSignature } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  createTestModeMerchant,
  createUser,
  emulatorControl,
  postSplit,
  type Stack,
  splitLedger,
  startStack,
  startWebhookReceiver,
  type TestUser,
  uniqueEmail,
  type WebhookReceiver,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { createApiKey, payTokenOf, poll, RETURN_URL, SHOP_DOMAIN } from '../../test-support/sessions';

const TEST = { 'x-service-mode': 'test' };

/**
 * docs/spec.md, Authentication rule 3: a test key needs no processor connection. A business that
 * never connected a processor takes test splits at once; the platform's sandbox account
 * (STRIPE_TEST_SANDBOX_ACCOUNT_ID) holds them. Live mode still needs charges enabled.
 */
describe('test mode with no processor connection', () => {
  let stack: Stack;
  let receiver: WebhookReceiver;
  let sandbox: string;
  beforeAll(async () => {
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true });
    receiver = await startWebhookReceiver();
    sandbox = stack.config.STRIPE_TEST_SANDBOX_ACCOUNT_ID;
  });
  afterAll(async () => {
    await receiver.close();
    await stack.stop();
  });

  const me = (token: string, headers: Record<string, string> = {}) =>
    stack.api.get('/api/merchants/me', { token, headers });
  const detail = (splitId: string, token: string) => stack.api.get(`/api/checkout-splits/${splitId}`, { token });

  /** A business registered through the API by a signed-in account that never connected a processor. */
  async function registerBusiness(owner: TestUser) {
    const res = await stack.api.post(
      '/api/merchants/register',
      {
        name: 'Fresh Start',
        legal_name: 'Fresh Start Ltd',
        business_type: 'sole_trader',
        business_address: '3 New Road, Leeds, LS1 1AA',
        business_email: 'hello@freshstart.example',
        business_phone: '+44 113 496 0000',
      },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /** Billing card, allowed domain, test webhook URL and secret, test key: the quickstart's steps, through the API. */
  async function setUpTestIntegration(owner: TestUser) {
    const card = await stack.api.put(
      '/api/merchants/billing/card',
      { payment_method: 'pm_card_visa' },
      { token: owner.token, headers: TEST },
    );
    expect(card.status).toBe(200);
    const settings = await stack.api.patch(
      '/api/merchants',
      { allowed_domain: SHOP_DOMAIN, webhook_url: receiver.url },
      { token: owner.token, headers: TEST },
    );
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ mode: 'test', webhook_url: receiver.url });
    const secret = await stack.api.post(
      '/api/merchants/credentials/rotate',
      { target: 'webhook_secret' },
      { token: owner.token, headers: TEST },
    );
    expect(secret.status).toBe(200);
    const key = await stack.api.post(
      '/api/merchants/api-keys',
      { name: 'Shop server' },
      { token: owner.token, headers: TEST },
    );
    expect(key.status).toBe(201);
    expect(key.body.key).toMatch(/^svc_test_/);
    return { apiKey: key.body.key as string, webhookSecret: secret.body.value as string };
  }

  /** A hosted session split two ways by `buyer`; every share authorised; returns once the split is captured. */
  async function paidHostedSplit(apiKey: string, buyer: TestUser) {
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 30, return_url: RETURN_URL, order_reference: 'FRESH-1' },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const token = session.body.token as string;
    const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${token}`);
    expect(lookup.body).toMatchObject({ mode: 'test', status: 'pending', unavailable_reason: null });

    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${token}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '10.00' },
          { email: uniqueEmail('friend'), amount: '20.00' },
        ],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    const splitId = split.body.split_id as string;
    for (const p of split.body.participants as { pay_url: string }[]) {
      expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBe(200);
    }
    await waitForSplitStatus(stack, splitId, ['captured']);
    return { token, splitId };
  }

  it('takes a brand-new business from a test key to a paid split, with no onboarding', async () => {
    const owner = await createUser(stack.db);
    const merchantId = await registerBusiness(owner);

    const before = await me(owner.token, TEST);
    expect(before.body.gates.take_split.code).toBe('billing_card_required');
    const { apiKey, webhookSecret } = await setUpTestIntegration(owner);
    const ready = await me(owner.token, TEST);
    expect(ready.body.gates.take_split).toBeNull();
    // Live is unchanged: it still waits for the processor.
    expect((await me(owner.token)).body.gates.take_split.code).toBe('connector_not_live');

    const buyer = await createUser(stack.db, { consent: false });
    const { token, splitId } = await paidHostedSplit(apiKey, buyer);

    const status = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey });
    expect(status.body).toMatchObject({ status: 'paid', split_id: splitId, approved_count: 2, total_count: 2 });
    const split = await detail(splitId, owner.token);
    expect(split.body).toMatchObject({ merchant_id: merchantId, status: 'captured', processor_account_id: sandbox });
    const ledger = await splitLedger(stack, splitId);
    expect(ledger.map((pi) => [pi.account, pi.status])).toEqual([
      [sandbox, 'succeeded'],
      [sandbox, 'succeeded'],
    ]);
    // Nothing was connected on the business's behalf.
    const accounts = await stack.db
      .selectFrom('merchant_processor_accounts')
      .select('account_id')
      .where('merchant_id', '=', merchantId)
      .execute();
    expect(accounts).toEqual([]);

    const paidFor = (r: (typeof receiver.received)[number]) =>
      r.body?.type === 'checkout_split.paid' && r.body.data?.split_id === splitId;
    const [paid] = (await receiver.waitFor((requests) => requests.some(paidFor))).filter(paidFor);
    expect(paid!.body).toMatchObject({ mode: 'test', data: { split_id: splitId, session_token: token } });
    const header = paid!.headers['x-service-signature'] as string;
    expect(verifyWebhookSignature({ rawBody: paid!.rawBody, header, secret: webhookSecret }).ok).toBe(true);
  });

  it('refunds, processor-dashboard refunds and chargebacks of a sandbox split reach the split', async () => {
    const owner = await createUser(stack.db);
    await registerBusiness(owner);
    const { apiKey } = await setUpTestIntegration(owner);
    const buyer = await createUser(stack.db, { consent: false });
    const { splitId } = await paidHostedSplit(apiKey, buyer);

    const refund = await stack.api.post(
      `/api/merchants/checkout/splits/${splitId}/refund`,
      { amount: '3.00', idempotency_key: `sandbox-${splitId}` },
      { apiKey },
    );
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ status: 'partially_refunded', refunded: '3.00' });

    const [first, second] = await splitLedger(stack, splitId).then((ledger) =>
      [...ledger].sort((a, b) => a.amount - b.amount),
    );
    // A refund made in the processor's dashboard arrives as charge.refunded from the sandbox account.
    await emulatorControl(stack, 'POST', `/payment_intents/${second!.id}/refund`, { amount: 500 });
    await emulatorControl(stack, 'POST', '/events/flush');
    const refunds = await poll(
      () =>
        stack.db
          .selectFrom('split_refunds')
          .select(['actor', 'status'])
          .where('split_id', '=', splitId)
          .orderBy('created_at')
          .execute(),
      (rows) => rows.some((r) => r.actor === 'processor'),
    );
    expect(refunds.map((r) => r.actor)).toEqual(['api_key', 'processor']);

    await emulatorControl(stack, 'POST', `/payment_intents/${first!.id}/dispute`, {});
    await emulatorControl(stack, 'POST', '/events/flush');
    const disputed = await poll(
      () => stack.db.selectFrom('splits').select('disputed_at').where('id', '=', splitId).executeTakeFirstOrThrow(),
      (row) => row.disputed_at !== null,
    );
    expect(disputed.disputed_at).toBeInstanceOf(Date);
    await waitForMail(owner.email, { subject: 'Chargeback opened' });
  });

  it('lets the dashboard create a test split without a connection; live still needs one', async () => {
    const team = await createTestModeMerchant(stack);
    const share = { email: uniqueEmail('payer'), amountMinor: 1500 };
    const created = await postSplit(stack, team.member.token, { merchantId: team.merchant.id, participants: [share] });
    expect(created.status).toBe(201);
    expect((await detail(created.body.id, team.owner.token)).body).toMatchObject({
      status: 'pending',
      processor_account_id: sandbox,
    });
    expect((await authoriseShare(stack, created.body.participants[0].payToken)).status).toBe(200);
    await waitForSplitStatus(stack, created.body.id, ['captured']);

    const live = await postSplit(
      stack,
      team.owner.token,
      { merchantId: team.merchant.id, participants: [share] },
      'live',
    );
    expect(live.status).toBe(400);
    expect(live.body).toMatchObject({ error: 'Merchant has no payment processor connected account' });
  });

  it('uses an explicitly connected test account once it can take charges; existing splits keep theirs', async () => {
    const team = await createTestModeMerchant(stack);
    const newSplit = async () => {
      const res = await postSplit(stack, team.owner.token, {
        merchantId: team.merchant.id,
        participants: [{ email: uniqueEmail('payer'), amountMinor: 1200 }],
      });
      expect(res.status).toBe(201);
      return res.body as { id: string; participants: { payToken: string }[] };
    };
    const accountOf = async (splitId: string) => (await detail(splitId, team.owner.token)).body.processor_account_id;

    const early = await newSplit();
    expect(await accountOf(early.id)).toBe(sandbox);

    const connect = await stack.api.post('/api/merchants/connect', undefined, {
      token: team.owner.token,
      headers: TEST,
    });
    expect(connect.status).toBe(200);
    const own = await stack.db
      .selectFrom('merchant_processor_accounts')
      .select('account_id')
      .where('merchant_id', '=', team.merchant.id)
      .where('mode', '=', 'test')
      .executeTakeFirstOrThrow();
    // Onboarding started but unfinished: test mode keeps working on the sandbox.
    expect(await accountOf((await newSplit()).id)).toBe(sandbox);
    expect((await me(team.owner.token, TEST)).body.gates.take_split).toBeNull();

    const page = await fetch(connect.body.url, { redirect: 'manual' });
    const action = /action="([^"]+)"/.exec(await page.text())![1]!;
    expect((await fetch(new URL(action, stack.urls.emulator), { method: 'POST', redirect: 'manual' })).status).toBe(
      303,
    );
    await emulatorControl(stack, 'POST', '/events/flush');
    await poll(
      () =>
        stack.db
          .selectFrom('merchant_processor_accounts')
          .select('charges_enabled')
          .where('account_id', '=', own.account_id)
          .executeTakeFirstOrThrow(),
      (row) => row.charges_enabled,
    );

    const later = await newSplit();
    expect(await accountOf(later.id)).toBe(own.account_id);
    expect(await accountOf(early.id)).toBe(sandbox);
    // Both run to the end on their own accounts.
    for (const split of [early, later]) {
      expect((await authoriseShare(stack, split.participants[0]!.payToken)).status).toBe(200);
      await waitForSplitStatus(stack, split.id, ['captured']);
    }
    const ledger = await splitLedger(stack, later.id);
    expect(ledger[0]!.account).toBe(own.account_id);
  });

  it('leaves live unchanged: connector_not_live until charges are enabled', async () => {
    const shop = await createSplitReadyMerchant(stack, { modes: ['live'] });
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: SHOP_DOMAIN })
      .where('id', '=', shop.merchant.id)
      .execute();
    const liveKey = await createApiKey(stack.db, shop.merchant.id, 'live');
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 20, return_url: RETURN_URL },
      { apiKey: liveKey },
    );
    expect(session.status).toBe(201);
    const token = session.body.token as string;
    const lookup = () => stack.api.get(`/api/merchants/checkout/sessions/${token}`);
    expect((await lookup()).body).toMatchObject({ mode: 'live', unavailable_reason: null });

    // The processor disables charges on the live account; the account.updated event reaches merchants.
    await emulatorControl(stack, 'POST', `/accounts/${shop.accounts.live}/update`, { charges_enabled: false });
    await emulatorControl(stack, 'POST', '/events/flush');
    const after = await poll(lookup, (res) => res.body.unavailable_reason !== null);
    expect(after.body.unavailable_reason).toBe('connector_not_live');
    const buyer = await createUser(stack.db, { consent: false });
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${token}/split`,
      { mode: 'alone' },
      { token: buyer.token },
    );
    expect(split.status).toBe(400);
    expect(split.body).toMatchObject({
      error: 'Finish payment processor onboarding before accepting checkouts',
      code: 'connector_not_live',
    });
    expect((await me(shop.owner.token)).body.gates.take_split.code).toBe('connector_not_live');
  });
});
