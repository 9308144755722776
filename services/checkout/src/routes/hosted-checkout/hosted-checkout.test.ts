import { maskEmail } from '@groupsplit/shared';
import { authoriseShare, createUser, type Stack, type TestUser, uniqueEmail, waitForMail } from '@groupsplit/testing';
import {
  CANCEL_URL,
  type CheckoutMerchant,
  createCheckoutMerchant,
  newSession,
  poll,
  RETURN_URL,
  startCheckoutStack,
} from '../../test-support/sessions';
import { equalShares } from './shares';

describe('hosted checkout: the buyer split endpoint and page', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const split = (token: string, body: unknown, bearer: string | undefined = buyer.token) =>
    stack.api.post(`/api/merchants/checkout/sessions/${token}/split`, body, { token: bearer });

  it('needs a signed-in buyer', async () => {
    const token = await newSession(stack, shop.testKey);
    const res = await split(token, { mode: 'alone' }, '');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Unauthorized');
  });

  it('splits three ways: 201 with each pay link; invitations to the others; created_by is the buyer', async () => {
    const token = await newSession(stack, shop.testKey, {
      amount: 100,
      metadata: { cart: '9' },
      customer_name: 'Bea',
      line_items: [
        { description: 'Pizza', amount: 60 },
        { description: 'Wine', amount: 40, quantity: 2 },
      ],
    });
    const [a, b] = [uniqueEmail('friend'), uniqueEmail('friend')];
    const shares = equalShares(10000, 3);
    expect(shares).toEqual([3334, 3333, 3333]);
    const res = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: '33.34' },
        { email: a, amount: 33.33 },
        { email: b, amount: '33.33' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.participants).toEqual([
      {
        email: buyer.email,
        amount: '33.34',
        card_charge: '33.54',
        pay_url: expect.stringMatching(/\/pay\/[\w-]+$/),
        name: null,
      },
      { email: a, amount: '33.33', card_charge: '33.53', pay_url: expect.any(String), name: null },
      { email: b, amount: '33.33', card_charge: '33.53', pay_url: expect.any(String), name: null },
    ]);
    expect(res.body.participants[0].pay_url.startsWith(`${stack.config.PUBLIC_BASE_URL}/pay/`)).toBe(true);
    const row = await stack.db
      .selectFrom('splits')
      .selectAll()
      .where('id', '=', res.body.split_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: buyer.id, session_token: token, total_amount: 10000, mode: 'test' });
    expect(row.session_context).toEqual({ customer_email: null, customer_name: 'Bea', metadata: { cart: '9' } });
    const invite = await waitForMail(a, { subject: 'Pay your share' });
    expect(invite.Text).toContain('/pay/');
    // Who asked (no name was typed: the buyer's masked address; the shop's customer_name is never shown to the
    // group), the order's lines and the group's progress.
    expect(invite.Text).toContain(`${maskEmail(buyer.email)} asked you to pay £33.33 towards`);
    expect(invite.Text).not.toContain('Bea');
    expect(invite.Text).toContain('1 × Pizza  £60.00');
    expect(invite.Text).toContain('2 × Wine  £40.00');
    expect(invite.Text).toContain('0 of 3 holds in place so far.');
    expect(invite.Text).toMatch(/finish by \w+day \d{1,2} \w+ at \d\d:\d\d \(UK time\)/);

    const status = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
    expect(status.body).toMatchObject({
      status: 'pending',
      split_id: res.body.split_id,
      approved_count: 0,
      total_count: 3,
      // Spec, Session status response: the split block has approved_count, total_count and participants.
      split: {
        id: res.body.split_id,
        status: 'pending',
        approved_count: 0,
        total_count: 3,
        approvals: [],
        refunds: [],
      },
    });
    expect(status.body.split.participants).toHaveLength(3);
    const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${token}`);
    expect(lookup.body.split_id).toBe(res.body.split_id);
  });

  it("gives the buyer null for other participants' pay tokens and PaymentIntent ids in the split detail; the merchant's team sees them", async () => {
    // A buyer who accepted the terms, so the splits routes answer them.
    const signedIn = await createUser(stack.db);
    const token = await newSession(stack, shop.testKey, { amount: 30 });
    const [a, b] = [uniqueEmail('friend'), uniqueEmail('friend')];
    const made = await split(
      token,
      {
        mode: 'split',
        participants: [
          { email: signedIn.email, amount: '10' },
          { email: a, amount: '10' },
          { email: b, amount: '10' },
        ],
      },
      signedIn.token,
    );
    expect(made.status).toBe(201);
    const secrets = (body: {
      participants: { email: string; pay_token: string | null; processor_payment_intent_id: string | null }[];
    }) =>
      body.participants.map((p) => ({
        email: p.email,
        pay_token: p.pay_token === null ? null : 'token',
        processor_payment_intent_id: p.processor_payment_intent_id === null ? null : 'pi',
      }));
    const asBuyer = await stack.api.get(`/api/checkout-splits/${made.body.split_id}`, { token: signedIn.token });
    expect([asBuyer.status, secrets(asBuyer.body)]).toEqual([
      200,
      [
        { email: signedIn.email, pay_token: 'token', processor_payment_intent_id: 'pi' },
        { email: a, pay_token: null, processor_payment_intent_id: null },
        { email: b, pay_token: null, processor_payment_intent_id: null },
      ],
    ]);
    const asOwner = await stack.api.get(`/api/checkout-splits/${made.body.split_id}`, { token: shop.owner.token });
    expect([asOwner.status, secrets(asOwner.body)]).toEqual([
      200,
      [signedIn.email, a, b].map((email) => ({ email, pay_token: 'token', processor_payment_intent_id: 'pi' })),
    ]);
    // Each share's card (additive `card`): the buyer reads their own, never a friend's; the team reads both.
    const payTokens = (asOwner.body.participants as { pay_token: string }[]).map((p) => p.pay_token);
    expect((await authoriseShare(stack, payTokens[0]!, 'pm_card_visa')).status).toBe(200);
    expect((await authoriseShare(stack, payTokens[1]!, 'pm_card_applePay_visa')).status).toBe(200);
    const cards = async (as: string) =>
      (
        (await stack.api.get(`/api/checkout-splits/${made.body.split_id}`, { token: as })).body.participants as {
          card?: { label: string };
        }[]
      ).map((p) => p.card?.label ?? null);
    expect(await cards(signedIn.token)).toEqual(['Visa ••••4242', null, null]);
    expect(await cards(shop.owner.token)).toEqual(['Visa ••••4242', 'Apple Pay (Visa ••••4242)', null]);
    // The dashboard's replace answers the same detail, and as the buyer sees it.
    const row = await stack.db
      .selectFrom('split_participants')
      .select('id')
      .where('split_id', '=', made.body.split_id)
      .where('email', '=', b)
      .executeTakeFirstOrThrow();
    const replaced = await stack.api.post(
      `/api/checkout-splits/${made.body.split_id}/participants/${row.id}/replace`,
      { email: uniqueEmail('instead') },
      { token: signedIn.token },
    );
    expect(replaced.status).toBe(200);
    expect(secrets(replaced.body).map((p) => p.pay_token)).toEqual(['token', null, null]);
  });

  it('refuses a second split with 409 `This checkout already has a split.`', async () => {
    const token = await newSession(stack, shop.testKey, { amount: 20 });
    expect((await split(token, { mode: 'alone' })).status).toBe(201);
    const again = await split(token, { mode: 'one_payer', payer_email: uniqueEmail('p') });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This checkout already has a split.');
  });

  it('lets exactly one of two concurrent attempts create the split', async () => {
    const token = await newSession(stack, shop.testKey, { amount: 20 });
    const results = await Promise.all([split(token, { mode: 'alone' }), split(token, { mode: 'alone' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const splits = await stack.db.selectFrom('splits').select('id').where('session_token', '=', token).execute();
    expect(splits).toHaveLength(1);
  });

  it('refuses a share under £1 with 400 and creates nothing', async () => {
    const token = await newSession(stack, shop.testKey, { amount: 10 });
    const res = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 9.01 },
        { email: uniqueEmail('f'), amount: 0.99 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Each share must be at least £1.');
    const session = await stack.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(session.split_claimed_by).toBeNull();
    expect(await stack.db.selectFrom('splits').select('id').where('session_token', '=', token).execute()).toEqual([]);
    // The buyer can still go on and split properly.
    expect((await split(token, { mode: 'alone' })).status).toBe(201);
  });

  it('needs shares that add up exactly, at most 20 people, and each person once', async () => {
    const token = await newSession(stack, shop.testKey, { amount: 30 });
    const off = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 15 },
        { email: uniqueEmail('f'), amount: 14.99 },
      ],
    });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ code: 'shares_mismatch' });

    const crowd = Array.from({ length: 21 }, () => ({ email: uniqueEmail('c'), amount: '1.00' }));
    const big = await newSession(stack, shop.testKey, { amount: 21 });
    const tooMany = await split(big, { mode: 'split', participants: crowd });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('A split can have at most 20 people.');
    const twenty = await newSession(stack, shop.testKey, { amount: 20 });
    const ok = await split(twenty, { mode: 'split', participants: crowd.slice(0, 20) });
    expect(ok.status).toBe(201);
    expect(ok.body.participants).toHaveLength(20);

    const dup = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 15 },
        { email: buyer.email.toUpperCase(), amount: 15 },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toBe('Each person can be in the split only once.');
  });

  it('charges a single payer the order total and no fee, alone or one payer', async () => {
    const alone = await split(await newSession(stack, shop.testKey, { amount: 45.5 }), { mode: 'alone' });
    expect(alone.status).toBe(201);
    expect(alone.body.participants).toEqual([
      { email: buyer.email, amount: '45.50', card_charge: '45.50', pay_url: expect.any(String), name: null },
    ]);
    const payer = uniqueEmail('payer');
    const onePayer = await split(await newSession(stack, shop.testKey, { amount: 12 }), {
      mode: 'one_payer',
      payer_email: payer,
    });
    expect(onePayer.status).toBe(201);
    expect(onePayer.body.participants).toEqual([
      { email: payer, amount: '12.00', card_charge: '12.00', pay_url: expect.any(String), name: null },
    ]);
    const row = await stack.db
      .selectFrom('splits')
      .select(['customer_fee_total', 'created_by'])
      .where('id', '=', onePayer.body.split_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_fee_total: 0, created_by: buyer.id });
  });

  it('refuses a bad choice with a clear 400', async () => {
    const token = await newSession(stack, shop.testKey);
    for (const body of [{}, { mode: 'group' }, { mode: 'one_payer' }, { mode: 'split', participants: [] }]) {
      const res = await split(token, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('refuses an expired session with 409 and a merchant that cannot take payments with the gate code', async () => {
    const token = await newSession(stack, shop.testKey);
    await stack.db
      .updateTable('checkout_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', token)
      .execute();
    const expired = await split(token, { mode: 'alone' });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: 'This checkout has expired.', code: 'session_expired' });

    const noCard = await createCheckoutMerchant(stack, { billingCard: false });
    const gated = await split(await newSession(stack, noCard.testKey), { mode: 'alone' });
    expect(gated.status).toBe(400);
    expect(gated.body.code).toBe('billing_card_required');
  });

  describe('the page', () => {
    const page = (token: string) => fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/${token}`);

    it('renders merchant text as plain text under a strict CSP with no inline script', async () => {
      const token = await newSession(stack, shop.testKey, {
        amount: 10,
        order_reference: '<img src=x onerror=alert(1)>',
        cancel_url: CANCEL_URL,
        line_items: [{ description: '<script>alert("pwned")</script>', amount: 10 }],
      });
      const res = await page(token);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      const body = await res.text();
      expect(body).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
      expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(body).not.toContain('<script>alert');
      // The only script is our own static file.
      expect(body.match(/<script/g)).toEqual(['<script']);
      expect(body).toContain('<script type="module" src="/checkout/assets/checkout.js"></script>');
      expect(body).toContain(`href="${CANCEL_URL}"`);
      const js = await fetch(`${stack.config.PUBLIC_BASE_URL}/checkout/assets/checkout.js`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toContain('javascript');
    });

    it('prefills customer_email and offers no cancel link without cancel_url (return_url is no fallback)', async () => {
      const token = await newSession(stack, shop.testKey, { customer_email: 'pre@example.test' });
      const body = await (await page(token)).text();
      expect(body).toContain('value="pre@example.test"');
      expect(body).not.toContain('data-cancel-link');
      expect(body.match(new RegExp(RETURN_URL.replace(/[.?]/g, '\\$&'), 'g'))).toHaveLength(1);
    });

    it('drops the cancel link once the split exists', async () => {
      const token = await newSession(stack, shop.testKey, { amount: 10, cancel_url: CANCEL_URL });
      expect(await (await page(token)).text()).toContain('data-cancel-link');
      expect((await split(token, { mode: 'alone' })).status).toBe(201);
      const after = await (await page(token)).text();
      expect(after).not.toContain('data-cancel-link');
      expect(after).not.toContain(CANCEL_URL);
      expect(after).toContain('Your order is set up');
    });

    it('shows a generic unavailable message when the merchant cannot take payments', async () => {
      const noCard = await createCheckoutMerchant(stack, { billingCard: false });
      const body = await (await page(await newSession(stack, noCard.testKey))).text();
      expect(body).toContain('This checkout cannot take payments right now.');
      expect(body).not.toContain('billing');
      expect(body).not.toContain('email-form');
    });

    it('answers 404 with a page for an unknown token', async () => {
      const res = await page('A'.repeat(43));
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Checkout not found');
    });

    it('reports the order as pending until paid', async () => {
      const token = await newSession(stack, shop.testKey);
      const status = await poll(
        () => stack.api.get(`/api/merchants/checkout/sessions/${token}`),
        (res) => res.status === 200,
      );
      expect(status.body.status).toBe('pending');
    });
  });
});
