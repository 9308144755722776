import {
  authoriseShare,
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';

describe('pay step', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  const create = async (orderReference = 'PAY-1', mode: 'test' | 'live' = 'test') => {
    const res = await postSplit(
      stack,
      shop.owner.token,
      {
        merchantId: shop.merchant.id,
        orderReference,
        participants: [
          { email: uniqueEmail('p1'), amountMinor: 1250 },
          { email: uniqueEmail('p2'), amountMinor: 1000 },
        ],
      },
      mode,
    );
    expect(res.status).toBe(201);
    return res.body as {
      id: string;
      participants: { id: string; email: string; payToken: string; clientSecret: string }[];
    };
  };

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack);
  });
  afterAll(() => stack.stop());

  describe('GET /api/checkout-splits/pay/:token', () => {
    it('answers one participant’s own view without sign-in', async () => {
      const split = await create();
      const p = split.participants[0]!;
      const res = await stack.api.get(`/api/checkout-splits/pay/${p.payToken}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({
        split_id: split.id,
        participant_id: p.id,
        email: p.email,
        amount: '12.50',
        application_fee: '0.20',
        card_charge: '12.70',
        currency: 'gbp',
        status: 'pending',
        split_status: 'pending',
        order_reference: 'PAY-1',
        business_name: shop.merchant.name,
        authorization_expires_at: expect.any(String),
        client_secret: p.clientSecret,
        stripe_account: shop.accounts.test,
        publishable_key: stack.config.STRIPE_TEST_PUBLISHABLE_KEY,
      });
    });

    it('is 404 for an unknown token', async () => {
      const res = await stack.api.get('/api/checkout-splits/pay/not-a-real-token');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    });

    it('is the same 404 for a token far too long to exist, on the lookup and the authorise step', async () => {
      const long = 'x'.repeat(500);
      const lookup = await stack.api.get(`/api/checkout-splits/pay/${long}`);
      expect(lookup.status).toBe(404);
      expect(lookup.body).toEqual({ error: 'Not found' });
      const authorise = await stack.api.post(`/api/checkout-splits/pay/${long}/authorise`, {
        payment_method: 'pm_card_visa',
      });
      expect(authorise.status).toBe(404);
      expect(authorise.body).toEqual({ error: 'Not found' });
    });
  });

  describe('POST /api/checkout-splits/pay/:token/authorise', () => {
    it('a decline answers 402 with the processor message and the participant may retry', async () => {
      const split = await create();
      const token = split.participants[0]!.payToken;
      const declined = await authoriseShare(stack, token, 'pm_card_chargeDeclined');
      expect(declined.status).toBe(402);
      expect(declined.body.error).toBe('Your card was declined.');
      const still = await stack.api.get(`/api/checkout-splits/pay/${token}`);
      expect(still.body.status).toBe('pending');
      expect(
        await stack.db
          .selectFrom('webhook_events')
          .selectAll()
          .where('dedupe_key', '=', `authorised:${split.participants[0]!.id}`)
          .execute(),
      ).toHaveLength(0);

      const ok = await authoriseShare(stack, token, 'pm_card_visa');
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        participant_id: split.participants[0]!.id,
        status: 'authorised',
        split_status: 'pending',
      });
      const after = await stack.api.get(`/api/checkout-splits/pay/${token}`);
      expect(after.body).toMatchObject({ status: 'authorised', client_secret: null });
      const event = await stack.db
        .selectFrom('webhook_events')
        .selectAll()
        .where('dedupe_key', '=', `authorised:${split.participants[0]!.id}`)
        .executeTakeFirstOrThrow();
      expect(event.type).toBe('checkout_split.participant_authorised');
      expect(event.payload).toMatchObject({
        split_id: split.id,
        participant: { id: split.participants[0]!.id, amount: '12.50', status: 'authorised' },
      });

      // Pressing pay again is harmless.
      const again = await authoriseShare(stack, token, 'pm_card_visa');
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('authorised');
    });

    it('answers 409 once the split is no longer pending', async () => {
      const split = await create();
      await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, { token: shop.owner.token });
      const res = await authoriseShare(stack, split.participants[1]!.payToken);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'This split is no longer pending', code: 'not_pending', status: 'canceled' });
    });

    it('validates the body and the token', async () => {
      const split = await create();
      const missing = await stack.api.post(`/api/checkout-splits/pay/${split.participants[0]!.payToken}/authorise`, {});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('Validation failed');
      const unknown = await authoriseShare(stack, 'nope');
      expect(unknown.status).toBe(404);
    });

    it('the last authorisation leads to capture', async () => {
      const split = await create();
      for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
      await waitForSplitStatus(stack, split.id, ['captured']);
      const view = await stack.api.get(`/api/checkout-splits/pay/${split.participants[0]!.payToken}`);
      expect(view.body).toMatchObject({ status: 'captured', split_status: 'captured' });
    });
  });

  describe('GET /pay/:token page', () => {
    it('renders escaped HTML under a strict CSP with the test-card picker and the hold explanation', async () => {
      const split = await create('<script>alert("x")</script> & co');
      const res = await stack.api.get(`/pay/${split.participants[0]!.payToken}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('script-src');
      expect(res.text).not.toContain('<script>alert');
      expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
      expect(res.text.toLowerCase()).toContain('nothing is taken until everyone has paid');
      expect(res.text).toContain('the hold lapses by itself');
      expect(res.text).toContain('value="pm_card_visa"');
      expect(res.text).toContain('£12.70');
    });

    it('the test-card form authorises the share, and shows a decline without losing the form', async () => {
      const split = await create();
      const token = split.participants[0]!.payToken;
      const form = (pm: string) =>
        stack.api.call('POST', `/pay/${token}`, {
          body: `payment_method=${pm}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const declined = await form('pm_card_chargeDeclined');
      expect(declined.status).toBe(402);
      expect(declined.text).toContain('Your card was declined.');
      expect(declined.text).toContain('value="pm_card_visa"');
      const ok = await form('pm_card_visa');
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('Your share is held');
      expect(ok.text).not.toContain('value="pm_card_visa"');
    });

    it('uses Stripe Elements in live mode, allowed by nonce', async () => {
      const split = await create('LIVE', 'live');
      const res = await stack.api.get(`/pay/${split.participants[0]!.payToken}`);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.text).toContain(`<script src="https://js.stripe.com/v3/" nonce="${nonce}">`);
      expect(res.text).toContain(`data-key="${stack.config.STRIPE_LIVE_PUBLISHABLE_KEY}"`);
      expect(res.text).toContain(`data-account="${shop.accounts.live}"`);
      expect(res.text).not.toContain('pm_card_visa');
    });

    it('is a 404 page for an unknown token', async () => {
      const res = await stack.api.get('/pay/unknown-token');
      expect(res.status).toBe(404);
      expect(res.text).toContain('Pay link not found');
    });
  });
});
