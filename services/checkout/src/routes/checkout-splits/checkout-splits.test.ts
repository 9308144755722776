import {
  addMember,
  createMerchant,
  createSplitReadyMerchant,
  createUser,
  mailTo,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import { CREATE_SPLIT_MESSAGES as M } from './schema';

describe('splits API', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  const share = (amountMinor = 1000, email = uniqueEmail('payer')) => ({ email, amountMinor });

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack);
  });
  afterAll(() => stack.stop());

  describe('POST /api/checkout-splits', () => {
    it('creates a pending split with one hold per participant and answers the spec shape', async () => {
      const participants = [share(1000), share(1550), share(2000)];
      const res = await postSplit(stack, shop.member.token, {
        merchantId: shop.merchant.id,
        orderReference: 'ORD-7',
        participants,
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['id', 'participants', 'status']);
      expect(res.body.status).toBe('pending');
      expect(res.body.participants).toHaveLength(3);
      res.body.participants.forEach((p: any, i: number) => {
        expect(Object.keys(p).sort()).toEqual(
          ['amountMinor', 'clientSecret', 'email', 'feeMinor', 'id', 'payToken', 'paymentIntentId'].sort(),
        );
        expect(p).toMatchObject({
          email: participants[i]!.email,
          amountMinor: participants[i]!.amountMinor,
          feeMinor: 20,
        });
        expect(p.paymentIntentId).toMatch(/^pi_/);
        expect(p.clientSecret).toMatch(/_secret_/);
        expect(p.payToken.length).toBeGreaterThanOrEqual(24);
      });
      // Each processor charge is share + 20p with application fee = 20p + 3% of the share (half up).
      const row = await stack.db
        .selectFrom('emulator_payment_intents')
        .selectAll()
        .where('id', '=', res.body.participants[1].paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        amount: 1570,
        application_fee_amount: 20 + 47,
        capture_method: 'manual',
        status: 'requires_payment_method',
        description: 'ORD-7',
      });
    });

    it('charges a single payer exactly the order total, with no customer fee', async () => {
      const res = await postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        participants: [share(4321)],
      });
      expect(res.status).toBe(201);
      expect(res.body.participants[0].feeMinor).toBe(0);
      const pi = await stack.db
        .selectFrom('emulator_payment_intents')
        .selectAll()
        .where('id', '=', res.body.participants[0].paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(pi.amount).toBe(4321);
      expect(pi.application_fee_amount).toBe(130); // 3% of 43.21 = 129.63p
    });

    it('e-mails every participant except the creator an invitation with their pay link', async () => {
      const others = [share(1000), share(1000)];
      const res = await postSplit(stack, shop.admin.token, {
        merchantId: shop.merchant.id,
        orderReference: 'Dinner <b>for</b> 3',
        participants: [share(1000, shop.admin.email.toUpperCase()), ...others],
      });
      expect(res.status).toBe(201);
      for (const [i, other] of others.entries()) {
        const mail = await waitForMail(other.email, { subject: 'Pay your share' });
        expect(mail.Text).toContain(`/pay/${res.body.participants[i + 1].payToken}`);
        expect(mail.Text).toContain('£10.20');
        expect(mail.Text.toLowerCase()).toContain("nothing is taken until everyone's hold is in place");
        expect(mail.HTML).toContain('Dinner &lt;b&gt;for&lt;/b&gt; 3');
        expect(mail.Text).toContain('/api/email/unsubscribe?token=');
        // A dashboard split is asked for by the business itself.
        expect(mail.Text).toContain(`${shop.merchant.name} asked you to pay £10.00 towards`);
        expect(mail.Text).toContain('0 of 3 holds in place so far.');
      }
      // Give the others' mails time to land first, then check the creator got nothing.
      expect(await mailTo(shop.admin.email)).toHaveLength(0);
    });

    it('snapshots the promotional fee rate while it lasts', async () => {
      const promo = await createSplitReadyMerchant(stack, {
        modes: ['test'],
        overrides: {
          platform_fee_discount_bps: 100,
          platform_fee_discount_ends_at: new Date(Date.now() + 86_400_000),
        } as any,
      });
      const res = await postSplit(stack, promo.owner.token, {
        merchantId: promo.merchant.id,
        participants: [share(1000), share(3000)],
      });
      expect(res.status).toBe(201);
      const detail = await stack.api.get(`/api/checkout-splits/${res.body.id}`, { token: promo.owner.token });
      expect(detail.body).toMatchObject({
        merchant_fee_bps: 100,
        total_amount: '40',
        customer_fee_total: '0.4',
        merchant_fee_total: '0.4',
        application_fee_total: '0.8',
      });
      // The rate ending later does not change what was recorded.
      await stack.db
        .updateTable('merchants')
        .set({ platform_fee_discount_ends_at: new Date(0) })
        .where('id', '=', promo.merchant.id)
        .execute();
      const again = await stack.api.get(`/api/checkout-splits/${res.body.id}`, { token: promo.owner.token });
      expect(again.body.merchant_fee_bps).toBe(100);
    });

    describe('validation, with the spec messages', () => {
      const cases: [string, unknown, string][] = [
        ['merchantId missing', { orderReference: 'x', participants: [share()] }, M.validation],
        ['merchantId not a string', { merchantId: 42, orderReference: 'x', participants: [share()] }, M.validation],
        ['orderReference not a string', { merchantId: 'm', orderReference: 7, participants: [share()] }, M.validation],
        ['participants missing', { merchantId: 'm', orderReference: 'x' }, M.validation],
        ['participants not an array', { merchantId: 'm', orderReference: 'x', participants: 'a' }, M.validation],
        ['participants empty', { merchantId: 'm', orderReference: 'x', participants: [] }, M.empty],
        ['email missing', { merchantId: 'm', orderReference: 'x', participants: [{ amountMinor: 500 }] }, M.row],
        [
          'email empty',
          { merchantId: 'm', orderReference: 'x', participants: [{ email: '', amountMinor: 500 }] },
          M.row,
        ],
        [
          'amount fractional',
          { merchantId: 'm', orderReference: 'x', participants: [{ email: 'a@b.c', amountMinor: 150.5 }] },
          M.row,
        ],
        [
          'amount a string',
          { merchantId: 'm', orderReference: 'x', participants: [{ email: 'a@b.c', amountMinor: '500' }] },
          M.row,
        ],
        [
          'amount zero',
          { merchantId: 'm', orderReference: 'x', participants: [{ email: 'a@b.c', amountMinor: 0 }] },
          M.row,
        ],
        ['row not an object', { merchantId: 'm', orderReference: 'x', participants: ['a@b.c'] }, M.row],
        [
          'share under £1',
          { merchantId: 'm', orderReference: 'x', participants: [share(1000), share(99)] },
          M.minShare,
        ],
      ];
      it.each(cases)('%s → 400', async (_name, body, message) => {
        const res = await stack.api.post('/api/checkout-splits', body, { token: shop.owner.token });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: message });
      });

      it('places no hold when a share is under £1', async () => {
        // Only this merchant's holds: other test files place holds in the same database meanwhile.
        const holdsOfThisMerchant = () =>
          stack.db
            .selectFrom('emulator_payment_intents')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(sql<string>`metadata->>'split_id'`, 'in', (eb) =>
              eb
                .selectFrom('splits')
                .select(sql<string>`id::text`.as('id'))
                .where('merchant_id', '=', shop.merchant.id),
            )
            .executeTakeFirstOrThrow();
        const before = await holdsOfThisMerchant();
        const res = await postSplit(stack, shop.owner.token, {
          merchantId: shop.merchant.id,
          participants: [share(5000), share(50)],
        });
        expect(res.body).toEqual({ error: 'Each share must be at least £1.' });
        const after = await holdsOfThisMerchant();
        expect(after.n).toEqual(before.n);
      });
    });

    it('refuses an unknown merchant (404) and another account’s merchant (403)', async () => {
      const unknown = await postSplit(stack, shop.owner.token, {
        merchantId: '00000000-0000-4000-8000-000000000000',
        participants: [share()],
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'Merchant not found', code: 'merchant_not_found' });
      const junk = await postSplit(stack, shop.owner.token, { merchantId: 'not-a-uuid', participants: [share()] });
      expect(junk.status).toBe(404);
      const stranger = await createUser(stack.db);
      const theirs = await postSplit(stack, stranger.token, { merchantId: shop.merchant.id, participants: [share()] });
      expect(theirs.status).toBe(403);
      expect(theirs.body).toMatchObject({ error: 'Not your merchant', code: 'not_your_merchant' });
    });

    it('lets Owner, Admin and Member create but not Finance', async () => {
      const res = await postSplit(stack, shop.finance.token, { merchantId: shop.merchant.id, participants: [share()] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
    });

    it('refuses a merchant with no processor account, and one without a billing card', async () => {
      const owner = await createUser(stack.db);
      const bare = await createMerchant(stack.db, owner);
      // Live only: a test split needs no connection (the platform's sandbox account holds it), just a test card.
      const none = await postSplit(stack, owner.token, { merchantId: bare.id, participants: [share()] }, 'live');
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ error: 'Merchant has no payment processor connected account' });
      const noneTest = await postSplit(stack, owner.token, { merchantId: bare.id, participants: [share()] });
      expect(noneTest.status).toBe(400);
      expect(noneTest.body.code).toBe('billing_card_required');

      const noCard = await createSplitReadyMerchant(stack, { modes: ['test'], billingCard: false });
      const res = await postSplit(stack, noCard.owner.token, {
        merchantId: noCard.merchant.id,
        participants: [share()],
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('billing_card_required');
    });

    it('refuses a business with a bill unpaid for 14 days with billing_paused', async () => {
      const late = await createSplitReadyMerchant(stack, { modes: ['test'] });
      await stack.db
        .insertInto('bills')
        .values({
          merchant_id: late.merchant.id,
          mode: 'test',
          amount: 500,
          description: 'Fees',
          issued_at: new Date(Date.now() - 15 * 86_400_000),
        })
        .execute();
      const res = await postSplit(stack, late.owner.token, { merchantId: late.merchant.id, participants: [share()] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('billing_paused');
    });

    it('answers the spec 401s through the gateway', async () => {
      const none = await stack.api.post('/api/checkout-splits', {
        merchantId: shop.merchant.id,
        participants: [share()],
      });
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({
        error: 'Missing or invalid Authorization header',
        code: 'missing_authorization',
      });
      const bad = await stack.api.post('/api/checkout-splits', {}, { token: 'nope' });
      expect(bad.status).toBe(401);
      expect(bad.body).toMatchObject({ error: 'Invalid token', code: 'invalid_token' });
    });

    it('creates live splits by default (X-Service-Mode absent) on the live account', async () => {
      const res = await stack.api.post(
        '/api/checkout-splits',
        { merchantId: shop.merchant.id, orderReference: 'LIVE-1', participants: [share(), share()] },
        { token: shop.owner.token },
      );
      expect(res.status).toBe(201);
      const row = await stack.db
        .selectFrom('splits')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mode: 'live', processor_account_id: shop.accounts.live });
    });
  });

  describe('reading splits', () => {
    let splitId: string;
    let payer: string;
    beforeAll(async () => {
      payer = uniqueEmail('reader');
      const res = await postSplit(stack, shop.member.token, {
        merchantId: shop.merchant.id,
        orderReference: 'READ-1',
        participants: [share(1250, payer), share(1000)],
      });
      splitId = res.body.id;
    });

    it('GET /:id gives the full detail record with stored-decimal amounts', async () => {
      const res = await stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.finance.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: splitId,
        merchant_id: shop.merchant.id,
        created_by: shop.member.id,
        order_reference: 'READ-1',
        currency: 'gbp',
        total_amount: '22.5',
        customer_fee_total: '0.4',
        merchant_fee_total: '0.68', // 37.5p → 38p and 30p
        application_fee_total: '1.08',
        merchant_fee_bps: 300,
        status: 'pending',
        processor_account_id: shop.accounts.test,
        disputed_at: null,
      });
      expect(Date.parse(res.body.authorization_expires_at) - Date.parse(res.body.created_at)).toBe(7 * 86_400_000);
      expect(res.body.participants[0]).toEqual({
        id: expect.any(String),
        user_id: null,
        email: payer,
        amount: '12.5',
        application_fee: '0.2',
        status: 'pending',
        processor_payment_intent_id: expect.stringMatching(/^pi_/),
        pay_token: expect.any(String),
        disputed_at: null,
        // Beyond the spec (docs/splits.md, "Holds that lapse sooner"): null until the hold is placed.
        capture_before: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(res.body.holds_expire_at).toBeNull();
      expect(res.body.refunds).toEqual([]);
    });

    it('GET /:id is 403 Forbidden for anyone outside the business, even a participant, and 404 when missing', async () => {
      const participant = await createUser(stack.db, { email: payer });
      const res = await stack.api.get(`/api/checkout-splits/${splitId}`, { token: participant.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'Forbidden', code: 'forbidden' });
      const missing = await stack.api.get('/api/checkout-splits/00000000-0000-4000-8000-000000000000', {
        token: shop.owner.token,
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ error: 'Not found', code: 'not_found' });
    });

    it('GET / lists summaries newest first with two-place amounts, and [] outside any business', async () => {
      const newer = await postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        orderReference: 'READ-2',
        participants: [share(999 + 1)],
      });
      const res = await stack.api.get('/api/checkout-splits', { token: shop.finance.token });
      expect(res.status).toBe(200);
      const ids = res.body.map((s: any) => s.id);
      expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(splitId));
      const summary = res.body.find((s: any) => s.id === splitId);
      expect(summary).toEqual({
        id: splitId,
        order_reference: 'READ-1',
        currency: 'gbp',
        status: 'pending',
        total_amount: '22.50',
        created_at: expect.any(String),
        participants: [
          { id: expect.any(String), email: payer, amount: '12.50', status: 'pending', pay_token: expect.any(String) },
          {
            id: expect.any(String),
            email: expect.any(String),
            amount: '10.00',
            status: 'pending',
            pay_token: expect.any(String),
          },
        ],
        // Beyond the spec's fields (docs/splits.md, "Fee and net amount"): 3% per share, rounded half up
        // (37.5p → 38p, 30p), and what will reach the merchant once the order completes.
        merchant_fee: '0.68',
        net_amount: '21.82',
      });
      const loner = await createUser(stack.db);
      const empty = await stack.api.get('/api/checkout-splits', { token: loner.token });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
    });

    it('GET / with X-Service-Mode lists only that mode', async () => {
      const live = await stack.api.get('/api/checkout-splits', {
        token: shop.owner.token,
        headers: { 'x-service-mode': 'live' },
      });
      expect(live.body.map((s: any) => s.id)).not.toContain(splitId);
      const test = await stack.api.get('/api/checkout-splits', {
        token: shop.owner.token,
        headers: { 'x-service-mode': 'test' },
      });
      expect(test.body.map((s: any) => s.id)).toContain(splitId);
    });

    it('GET /mine matches the participant by e-mail, case-insensitively', async () => {
      const email = uniqueEmail('mine');
      const created = await postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        participants: [share(1000, email.toUpperCase()), share(1000)],
      });
      const user = await createUser(stack.db, { email });
      const mine = await stack.api.get('/api/checkout-splits/mine', { token: user.token });
      expect(mine.body).toHaveLength(1);
      expect(mine.body[0].id).toBe(created.body.id);
      expect(mine.body[0].participants[0].pay_token).toBe(created.body.participants[0].payToken);
      expect(mine.body[0].participants[1].pay_token).toBeNull();

      const creator = await stack.api.get('/api/checkout-splits/mine', { token: shop.member.token });
      const own = creator.body.find((s: any) => s.id === splitId);
      expect(own).toBeDefined();
      expect(own.participants.every((p: any) => p.pay_token === null)).toBe(true);
    });
  });

  it('asks a login in two businesses to choose one when listing', async () => {
    const user = await createUser(stack.db);
    await addMember(stack.db, shop.merchant.id, user, 'member');
    const other = await createSplitReadyMerchant(stack, { modes: ['test'] });
    await addMember(stack.db, other.merchant.id, user, 'member');
    const res = await stack.api.get('/api/checkout-splits', { token: user.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('business_selection_required');
    const chosen = await stack.api.get('/api/checkout-splits', {
      token: user.token,
      headers: { 'x-service-merchant-id': other.merchant.id },
    });
    expect(chosen.status).toBe(200);
  });
});
