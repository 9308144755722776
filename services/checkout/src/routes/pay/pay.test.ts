import {
  authoriseShare,
  createSplitReadyMerchant,
  createUser,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  payTokenOf,
  sessionWithSplit,
} from '../../test-support/sessions';
import { PayViewSchema } from './schema';

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
        cancel_reason: null,
        order_reference: 'PAY-1',
        business_name: shop.merchant.name,
        mode: 'test',
        // A dashboard split has no order lines; its total is the sum of the shares.
        line_items: [],
        total_amount: '22.50',
        authorization_expires_at: expect.any(String),
        capture_before: null,
        holds_expire_at: null,
        client_secret: p.clientSecret,
        stripe_account: shop.accounts.test,
        publishable_key: stack.config.STRIPE_TEST_PUBLISHABLE_KEY,
        group: {
          approved_count: 0,
          total_count: 2,
          participants: [
            { name: null, email_masked: `p***${p.email.slice(p.email.indexOf('@'))}`, status: 'pending', is_you: true },
            {
              name: null,
              email_masked: `p***${split.participants[1]!.email.slice(split.participants[1]!.email.indexOf('@'))}`,
              status: 'pending',
              is_you: false,
            },
          ],
        },
      });
      expect(PayViewSchema.parse(res.body)).toEqual(res.body);
    });

    it('shows the group’s progress to each participant, never another’s pay token or full e-mail', async () => {
      const split = await create();
      const [first, second] = split.participants as [(typeof split.participants)[0], (typeof split.participants)[0]];
      expect((await authoriseShare(stack, second.payToken)).status).toBe(200);
      const res = await stack.api.get(`/api/checkout-splits/pay/${first.payToken}`);
      expect(res.body.group).toEqual({
        approved_count: 1,
        total_count: 2,
        participants: [
          {
            name: null,
            email_masked: expect.stringMatching(/^p\*\*\*@example\.test$/),
            status: 'pending',
            is_you: true,
          },
          {
            name: null,
            email_masked: expect.stringMatching(/^p\*\*\*@example\.test$/),
            status: 'authorised',
            is_you: false,
          },
        ],
      });
      const other = await stack.api.get(`/api/checkout-splits/pay/${second.payToken}`);
      expect(other.body.group.participants.map((p: { is_you: boolean }) => p.is_you)).toEqual([false, true]);
      // Nothing of the other participant leaks: not their token, address, or payment.
      expect(res.text).not.toContain(second.payToken);
      expect(res.text).not.toContain(second.email);
      expect(res.text).not.toContain(second.clientSecret);
      expect(res.text).toContain(first.email);
    });

    it('is 404 for an unknown token', async () => {
      const res = await stack.api.get('/api/checkout-splits/pay/not-a-real-token');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Not found', code: 'not_found' });
    });

    it('is the same 404 for a token far too long to exist, on the lookup and the authorise step', async () => {
      const long = 'x'.repeat(500);
      const lookup = await stack.api.get(`/api/checkout-splits/pay/${long}`);
      expect(lookup.status).toBe(404);
      expect(lookup.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      const authorise = await stack.api.post(`/api/checkout-splits/pay/${long}/authorise`, {
        payment_method: 'pm_card_visa',
      });
      expect(authorise.status).toBe(404);
      expect(authorise.body).toMatchObject({ error: 'Not found', code: 'not_found' });
    });
  });

  describe('POST /api/checkout-splits/pay/:token/authorise', () => {
    it('tries a processor 5xx again under the same key, and the participant is authorised', async () => {
      const split = await create('PAY-5XX');
      const p = split.participants[0]!;
      const row = await stack.db
        .selectFrom('split_participants')
        .select('processor_payment_intent_id')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'confirm',
        match: { payment_intent: row.processor_payment_intent_id },
        error: { type: 'api_error', message: 'The processor failed', status: 500 },
        times: 2,
      });
      try {
        const res = await authoriseShare(stack, p.payToken);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ participant_id: p.id, status: 'authorised' });
      } finally {
        await emulatorControl(stack, 'DELETE', '/faults');
      }
    });

    it('a decline answers 402 with a generic reason and the participant may retry', async () => {
      const split = await create();
      const token = split.participants[0]!.payToken;
      const declined = await authoriseShare(stack, token, 'pm_card_chargeDeclined');
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({
        error: 'Your bank declined this card. Try another card or contact your bank.',
        code: 'card_declined',
      });
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
      expect(res.body).toMatchObject({
        error: 'This split is no longer pending',
        code: 'not_pending',
        status: 'canceled',
      });
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
      // Scripts: our own static file, and Stripe.js (here the emulator's stand-in) by its origin and nonce; never inline.
      const nonce = /script-src 'nonce-([^']+)' 'self' ([^;]+);/.exec(csp);
      expect(nonce?.[2]).toBe(stack.urls.emulator);
      expect(res.text.match(/<script[^>]*>/g)).toEqual([
        `<script src="${stack.urls.emulator}/v3/" nonce="${nonce?.[1]}">`,
        '<script type="module" src="/checkout/assets/pay.js">',
      ]);
      expect(res.text).not.toContain('<script>alert');
      expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
      expect(res.text).toContain('Nothing is taken until everyone&#39;s hold is in place.');
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
      expect(declined.text).toContain('Your bank declined this card. Try another card or contact your bank.');
      expect(declined.text).toContain('value="pm_card_visa"');
      const ok = await form('pm_card_visa');
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('Your share is held');
      expect(ok.text).not.toContain('value="pm_card_visa"');
    });

    it('offers the wallet test cards; an Apple Pay hold keeps its card and the receipt says "Apple Pay (Visa ••••4242)"', async () => {
      const split = await create('PAY-WALLET');
      const { payToken: token, email } = split.participants[0]!;
      const page = await stack.api.get(`/pay/${token}`);
      expect(page.text).toContain('value="pm_card_applePay_visa"');
      expect(page.text).toContain('value="pm_card_googlePay_mastercard"');
      const ok = await stack.api.call('POST', `/pay/${token}`, {
        body: 'payment_method=pm_card_applePay_visa',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('Your share is held');
      const row = await stack.db
        .selectFrom('split_participants')
        .select(['card_brand', 'card_last4', 'card_wallet'])
        .where('pay_token', '=', token)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ card_brand: 'visa', card_last4: '4242', card_wallet: 'apple_pay' });
      const receipt = await waitForMail(email, { subject: 'hold for' });
      expect(receipt.Text).toContain('is held on Apple Pay (Visa ••••4242) for your share of');
    });

    it('uses Stripe Elements in live mode, allowed by nonce (the emulator’s stand-in, as the processor is the emulator)', async () => {
      const split = await create('LIVE', 'live');
      const res = await stack.api.get(`/pay/${split.participants[0]!.payToken}`);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.text).toContain(`<script src="${stack.urls.emulator}/v3/" nonce="${nonce}">`);
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

  describe('the page of a hosted checkout’s split', () => {
    let checkoutShop: CheckoutMerchant;
    let buyer: TestUser;
    beforeAll(async () => {
      checkoutShop = await createCheckoutMerchant(stack);
      buyer = await createUser(stack.db, { consent: false });
    });

    /** A £30 order (a £35.50 line and a £5.50 discount) split between the buyer and a friend. */
    const hosted = async () => {
      const made = await sessionWithSplit(
        stack,
        checkoutShop.testKey,
        buyer.token,
        {
          mode: 'split',
          participants: [
            { email: buyer.email, amount: '15' },
            { email: uniqueEmail('friend'), amount: '15' },
          ],
        },
        {
          amount: 30,
          order_reference: 'Dinner',
          line_items: [
            { description: 'Pizza', amount: 35.5, quantity: 2 },
            { description: 'Voucher', amount: -5.5 },
          ],
        },
      );
      return { ...made, tokens: made.participants.map((p) => payTokenOf(p.pay_url)) };
    };
    const page = async (token: string) => (await stack.api.get(`/pay/${token}`)).text;
    const state = (html: string) =>
      /id="live" data-state="([a-z_]+)" data-terminal="(true|false)"/.exec(html)?.slice(1);

    it('carries the order’s lines and total in the view', async () => {
      const { tokens } = await hosted();
      const view = await stack.api.get(`/api/checkout-splits/pay/${tokens[1]}`);
      expect(view.body).toMatchObject({
        order_reference: 'Dinner',
        total_amount: '30.00',
        line_items: [
          { description: 'Pizza', amount: '35.50', quantity: 2, image_url: null },
          { description: 'Voucher', amount: '-5.50', quantity: 1, image_url: null },
        ],
        group: { approved_count: 0, total_count: 2 },
      });
      expect(view.body.group.participants.map((p: { is_you: boolean }) => p.is_you)).toEqual([false, true]);
    });

    it('shows the lines (a minus sign for the discount, no picture box), the share, the hold, the countdown and the group', async () => {
      const { tokens } = await hosted();
      const html = await page(tokens[1]!);
      expect(state(html)).toEqual(['pay', 'false']);
      expect(html).toContain('2 × Pizza');
      expect(html).toContain('£35.50');
      expect(html).toContain('\u2212£5.50');
      expect(html).not.toContain('£-5.50');
      expect(html).not.toContain('line-image');
      expect(html).toContain('£30.00');
      expect(html).toContain('£15.20');
      expect(html).toContain('£15.00 share + £0.20 service fee');
      expect(html).toContain('What is a hold?');
      expect(html).toMatch(/data-countdown="[^"]+">6 days 23 hours</);
      expect(html).toContain('Who is in');
      expect(html).toContain('0 of 2 holds in place');
      expect(html).not.toContain('UTC');
      expect(html).toContain('(UK time)');
      expect(html).toContain(`${buyer.email[0]}***@example.test`);
      expect(html).not.toContain(buyer.email);
    });

    it('gives the deadline in UK time: a July deadline in BST (UTC+1), never "UTC"', async () => {
      const { splitId, tokens } = await hosted();
      // The page reads the deadline from the split: a summer one shows the clocks an hour ahead of UTC.
      await stack.db
        .updateTable('splits')
        .set({ authorization_expires_at: new Date('2027-07-04T05:30:00Z') })
        .where('id', '=', splitId)
        .execute();
      const html = await page(tokens[1]!);
      expect(html).toContain('Sunday 4 July at 06:30 (UK time)');
      expect(html).not.toContain('UTC');
    });

    it('draws each state: held, then the order gone through', async () => {
      const { tokens } = await hosted();
      expect((await authoriseShare(stack, tokens[0]!)).status).toBe(200);
      const held = await page(tokens[0]!);
      expect(state(held)).toEqual(['held', 'false']);
      expect(held).toContain('Your share is held');
      expect(held).toContain('1 of 2 holds in place');
      expect(held).toContain('Hold in place');
      expect(state(await page(tokens[1]!))).toEqual(['pay', 'false']);
      expect((await authoriseShare(stack, tokens[1]!)).status).toBe(200);
      const view = await stack.api.get(`/api/checkout-splits/pay/${tokens[0]}`);
      await waitForSplitStatus(stack, view.body.split_id, ['captured']);
      const captured = await page(tokens[0]!);
      expect(state(captured)).toEqual(['captured', 'true']);
      expect(captured).toContain('Everyone has paid and the order has gone through.');
      expect(captured).toContain('2 of 2 paid');
    });

    it('draws a cancelled split, and a capture that failed', async () => {
      const canceled = await hosted();
      const cancel = await stack.api.post(`/api/merchants/checkout/splits/${canceled.splitId}/cancel`, undefined, {
        apiKey: checkoutShop.testKey,
      });
      expect(cancel.status).toBe(200);
      expect((await stack.api.get(`/api/checkout-splits/pay/${canceled.tokens[0]}`)).body).toMatchObject({
        split_status: 'canceled',
        cancel_reason: 'canceled',
      });
      const canceledPage = await page(canceled.tokens[0]!);
      expect(state(canceledPage)).toEqual(['canceled', 'true']);
      expect(canceledPage).toContain('This split was cancelled. Nothing was taken from your card.');

      const failing = await hosted();
      const second = await stack.db
        .selectFrom('split_participants')
        .select('processor_payment_intent_id')
        .where('pay_token', '=', failing.tokens[1]!)
        .executeTakeFirstOrThrow();
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'capture',
        match: { payment_intent: second.processor_payment_intent_id },
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      });
      for (const token of failing.tokens) expect((await authoriseShare(stack, token)).status).toBe(200);
      await waitForSplitStatus(stack, failing.splitId, ['capture_failed']);
      const failedPage = await page(failing.tokens[0]!);
      expect(state(failedPage)).toEqual(['capture_failed', 'true']);
      expect(failedPage).toContain('The order did not go through');
    });
  });
});
