import { PAUSED_MESSAGE } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  createUser,
  emulatorControl,
  mailTo,
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
  poll,
  sessionWithSplit,
} from '../../test-support/sessions';

describe('cancelling a split', () => {
  let stack: Stack;
  beforeAll(async () => {
    // The processor client gives up on a call after 10 s instead of 30 s: the slow-release test below
    // outlasts it twice, and what it asserts (the answer comes at the cancel's bound while the releases
    // go on) needs only the releases to outlast that bound, CANCEL_ANSWER_WAIT_MS (10 s).
    stack = await startStack({ STRIPE_TIMEOUT_MS: 10_000 });
  });
  afterAll(() => stack.stop());

  describe('POST /api/checkout-splits/:id/cancel (dashboard)', () => {
    let shop: SplitReadyMerchant;
    const share = (amountMinor = 1000, email = uniqueEmail('payer')) => ({ email, amountMinor });
    beforeAll(async () => {
      shop = await createSplitReadyMerchant(stack);
    });

    it('cancels a pending split: holds released, participants canceled, webhook event written', async () => {
      const created = await postSplit(stack, shop.admin.token, {
        merchantId: shop.merchant.id,
        participants: [share(), share()],
      });
      const res = await stack.api.post(`/api/checkout-splits/${created.body.id}/cancel`, undefined, {
        token: shop.member.token,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'canceled' });
      // The answer comes once the cancel is recorded and bound to happen; on a loaded machine the releases
      // may still be running (`canceling`), and the split is `canceled` once they are done.
      await waitForSplitStatus(stack, created.body.id, ['canceled']);
      const detail = await stack.api.get(`/api/checkout-splits/${created.body.id}`, { token: shop.owner.token });
      expect(detail.body.status).toBe('canceled');
      expect(detail.body.participants.map((p: any) => p.status)).toEqual(['canceled', 'canceled']);
      const intents = await stack.db
        .selectFrom('emulator_payment_intents')
        .select('status')
        .where(
          'id',
          'in',
          created.body.participants.map((p: any) => p.paymentIntentId),
        )
        .execute();
      expect(intents.map((i) => i.status)).toEqual(['canceled', 'canceled']);
      const events = await stack.db
        .selectFrom('webhook_events')
        .selectAll()
        .where('dedupe_key', '=', `canceled:${created.body.id}`)
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'checkout_split.canceled', mode: 'test', merchant_id: shop.merchant.id });
      expect(events[0]!.payload).toMatchObject({
        split_id: created.body.id,
        session_token: null,
        customer_email: null,
        metadata: null,
        reason: 'canceled',
      });

      // Repeats are a no-op that still answers 200 canceled.
      const again = await stack.api.post(`/api/checkout-splits/${created.body.id}/cancel`, undefined, {
        token: shop.owner.token,
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ status: 'canceled' });
      expect(
        await stack.db
          .selectFrom('webhook_events')
          .selectAll()
          .where('dedupe_key', '=', `canceled:${created.body.id}`)
          .execute(),
      ).toHaveLength(1);
    });

    it('refuses Finance and outsiders with the spec message; allows the creator', async () => {
      const created = await postSplit(stack, shop.member.token, {
        merchantId: shop.merchant.id,
        participants: [share()],
      });
      const finance = await stack.api.post(`/api/checkout-splits/${created.body.id}/cancel`, undefined, {
        token: shop.finance.token,
      });
      expect(finance.status).toBe(403);
      expect(finance.body.error).toBe('Only the creator or the merchant can cancel');
      const stranger = await createUser(stack.db);
      const other = await stack.api.post(`/api/checkout-splits/${created.body.id}/cancel`, undefined, {
        token: stranger.token,
      });
      expect(other.status).toBe(403);
      expect(other.body.error).toBe('Only the creator or the merchant can cancel');
      expect(
        (
          await stack.db
            .selectFrom('splits')
            .select('status')
            .where('id', '=', created.body.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');

      // A creator who later became Finance may still cancel their own split.
      const creatorShop = await createSplitReadyMerchant(stack, { modes: ['test'] });
      const made = await postSplit(stack, creatorShop.member.token, {
        merchantId: creatorShop.merchant.id,
        participants: [share()],
      });
      await stack.db
        .updateTable('memberships')
        .set({ role: 'finance' })
        .where('user_id', '=', creatorShop.member.id)
        .execute();
      const own = await stack.api.post(`/api/checkout-splits/${made.body.id}/cancel`, undefined, {
        token: creatorShop.member.token,
      });
      expect(own.status).toBe(200);
      await waitForSplitStatus(stack, made.body.id, ['canceled']);
    });

    it('is 404 for an unknown split', async () => {
      const res = await stack.api.post('/api/checkout-splits/00000000-0000-4000-8000-000000000000/cancel', undefined, {
        token: shop.owner.token,
      });
      expect(res.status).toBe(404);
    });

    it('leaves a paused workspace read-only', async () => {
      const paused = await createSplitReadyMerchant(stack, { modes: ['test'] });
      const made = await postSplit(stack, paused.owner.token, {
        merchantId: paused.merchant.id,
        participants: [share()],
      });
      await stack.db
        .updateTable('merchants')
        .set({ paused_at: new Date() })
        .where('id', '=', paused.merchant.id)
        .execute();
      const cancel = await stack.api.post(`/api/checkout-splits/${made.body.id}/cancel`, undefined, {
        token: paused.admin.token,
      });
      expect(cancel.status).toBe(403);
      expect(cancel.body.code).toBe('business_forbidden');
      // Spec, Authentication rule 7: read-only "for every role including Owner" (here also the creator).
      const ownCancel = await stack.api.post(`/api/checkout-splits/${made.body.id}/cancel`, undefined, {
        token: paused.owner.token,
      });
      expect(ownCancel.status).toBe(403);
      expect(ownCancel.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
      const still = await stack.db
        .selectFrom('splits')
        .select('status')
        .where('id', '=', made.body.id)
        .executeTakeFirstOrThrow();
      expect(still.status).toBe('pending');
      const create = await postSplit(stack, paused.owner.token, {
        merchantId: paused.merchant.id,
        participants: [share()],
      });
      expect(create.status).toBe(403);
      expect(create.body.code).toBe('business_forbidden');
      const read = await stack.api.get(`/api/checkout-splits/${made.body.id}`, { token: paused.finance.token });
      expect(read.status).toBe(200);
    });
  });

  describe('POST /api/merchants/checkout/splits/:id/cancel (API key)', () => {
    let shop: CheckoutMerchant;
    let buyer: TestUser;
    beforeAll(async () => {
      shop = await createCheckoutMerchant(stack);
      buyer = await createUser(stack.db, { consent: false });
    });

    const cancel = (splitId: string, apiKey = shop.testKey) =>
      stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, { apiKey });

    const threeWay = () => {
      const friends = [uniqueEmail('f'), uniqueEmail('f')];
      return sessionWithSplit(
        stack,
        shop.testKey,
        buyer.token,
        {
          mode: 'split',
          participants: [
            { email: buyer.email, amount: 10 },
            { email: friends[0], amount: 10 },
            { email: friends[1], amount: 10 },
          ],
        },
        { amount: 30, order_reference: 'ORD-CANCEL' },
      );
    };

    it('cancels a pending split, e-mails every payer, and answers the same when repeated', async () => {
      const { splitId, participants, token } = await threeWay();
      const res = await cancel(splitId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'canceled' });
      const row = await waitForSplitStatus(stack, splitId, ['canceled']);
      expect(row.status).toBe('canceled');
      for (const p of participants) {
        const mail = await waitForMail(p.email, { subject: 'was cancelled' });
        expect(mail.Subject).toContain('ORD-CANCEL');
        expect(mail.Text).toContain(`Your £${p.amount} share will not be taken`);
      }
      const again = await cancel(splitId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ status: 'canceled' });
      // Still one notice each: the repeat changed nothing.
      const buyerNotices = (await mailTo(buyer.email)).filter(
        (m) => m.Subject.includes('ORD-CANCEL') && m.Subject.includes('cancelled'),
      );
      expect(buyerNotices).toHaveLength(1);

      const event = await poll(
        () =>
          stack.db
            .selectFrom('webhook_events')
            .selectAll()
            .where('type', '=', 'checkout_split.canceled')
            .where('merchant_id', '=', shop.merchant.id)
            .execute(),
        (rows) => rows.some((r) => (r.payload as { split_id?: string }).split_id === splitId),
      );
      expect(event.length).toBeGreaterThan(0);
      const status = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
      expect(status.body.status).toBe('canceled');
      expect(status.body.split.status).toBe('canceled');
      expect(status.body.participants.map((p: { status: string }) => p.status)).toEqual([
        'canceled',
        'canceled',
        'canceled',
      ]);
    });

    it('answers 200 canceled for a cancel the workflow took but is still releasing after its answer wait', async () => {
      const { splitId, participants } = await threeWay();
      const slow = await stack.db
        .selectFrom('split_participants')
        .select('processor_payment_intent_id')
        .where('split_id', '=', splitId)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      // The first release outlasts the processor client's time limit twice; the third attempt goes through.
      // The releases so take at least twice that limit, longer than the cancel waits before it answers.
      expect(2 * stack.config.STRIPE_TIMEOUT_MS).toBeGreaterThan(stack.config.CANCEL_ANSWER_WAIT_MS + 5_000);
      await emulatorControl(stack, 'POST', '/faults', {
        operation: 'cancel',
        match: { payment_intent: slow.processor_payment_intent_id },
        delay_ms: stack.config.STRIPE_TIMEOUT_MS + 5_000,
        times: 2,
      });
      try {
        const res = await cancel(splitId);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'canceled' });
        const now = await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirst();
        expect(now?.status).toBe('canceling');
        // The notice says the hold was released, so it goes once the releases are done.
        await waitForSplitStatus(stack, splitId, ['canceled'], 90_000);
        await waitForMail(participants[0]!.email, { subject: 'was cancelled' });
      } finally {
        await emulatorControl(stack, 'DELETE', '/faults');
      }
    }, 150_000);

    it('answers 409 not_pending with the status for a paid split', async () => {
      const { splitId, participants } = await sessionWithSplit(
        stack,
        shop.testKey,
        buyer.token,
        { mode: 'alone' },
        { amount: 15 },
      );
      expect((await authoriseShare(stack, payTokenOf(participants[0]!.pay_url))).status).toBeLessThan(300);
      await waitForSplitStatus(stack, splitId, ['captured']);
      const res = await cancel(splitId);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'not_pending', status: 'captured' });
    });

    it("answers 404 for another merchant's split, the other mode's key, and unknown ids", async () => {
      const { splitId } = await sessionWithSplit(stack, shop.testKey, buyer.token, { mode: 'alone' }, { amount: 5 });
      const other = await createCheckoutMerchant(stack);
      expect((await cancel(splitId, other.testKey)).status).toBe(404);
      expect((await cancel(splitId, shop.liveKey)).status).toBe(404);
      expect((await cancel('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await cancel('not-a-uuid')).status).toBe(404);
      const none = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`);
      expect(none.status).toBe(401);
      expect(none.body.error).toBe('Invalid API Key');
      // None of those touched it.
      expect(
        (await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow())
          .status,
      ).toBe('pending');
    });
  });
});
