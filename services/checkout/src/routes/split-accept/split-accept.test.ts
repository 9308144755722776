import { loadConfig } from '@groupsplit/shared';
import {
  authoriseShare,
  createUser,
  type Stack,
  startStack,
  type TestUser,
  uniqueEmail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { sql } from 'kysely';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  createSession,
  payTokenOf,
  poll,
  sessionBody,
  sessionWithSplit,
} from '../../test-support/sessions';
import { ACCEPT_FORBIDDEN_MESSAGE, NOT_AWAITING_MERCHANT_MESSAGE } from './schema';

/**
 * The merchant accept step (docs/splits.md, "Merchant accept") through the gateway: a
 * session created with `capture: 'merchant_accept'`, its split waiting once every share is
 * authorised, the accept routes (API key and dashboard), and a session without it unchanged.
 */
describe('merchant accept', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
    buyer = await createUser(stack.db, { consent: false });
  });
  afterAll(() => stack.stop());

  const acceptByKey = (splitId: string, apiKey = shop.testKey) =>
    stack.api.post(`/api/merchants/checkout/splits/${splitId}/accept`, undefined, { apiKey });
  const acceptByUser = (splitId: string, token: string) =>
    stack.api.post(`/api/checkout-splits/${splitId}/accept`, undefined, { token });
  const statusOf = (token: string) =>
    stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
  const detailOf = (splitId: string) => stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.owner.token });
  /**
   * The split as the business's lists show it: the whole list and a page (found by its id), the
   * dashboard's orders list. Each item carries `awaiting_merchant` exactly as the detail does.
   */
  const listedAs = async (splitId: string) => {
    type Item = { id: string; awaiting_merchant?: boolean };
    const whole = await stack.api.get('/api/checkout-splits', { token: shop.owner.token });
    const page = await stack.api.get(`/api/checkout-splits?q=${splitId}`, { token: shop.owner.token });
    return [whole.body, page.body.data].map((items: Item[]) => items.find((item) => item.id === splitId));
  };
  const eventsOf = (splitId: string, type: string) =>
    stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where(sql<string>`payload->>'split_id'`, '=', splitId)
      .where('type', '=', type as never)
      .execute();
  const participantStatuses = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('split_participants')
        .select('status')
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute()
    ).map((p) => p.status);

  /** A two-share split of a session with `capture` (default merchant_accept); `authorise` shares authorised. */
  async function orderWith(capture: string | null = 'merchant_accept', authorise = 2) {
    const made = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: uniqueEmail('friend'), amount: 10 },
        ],
      },
      { amount: 20, ...(capture ? { capture } : {}) },
    );
    for (const p of made.participants.slice(0, authorise))
      expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBeLessThan(300);
    return made;
  }

  /** Waits until the status endpoint shows the split waiting for the merchant. */
  const awaitingOrder = async () => {
    const order = await orderWith();
    await poll(
      () => statusOf(order.token),
      (res) => res.body.split?.awaiting_merchant === true,
    );
    return order;
  };

  describe('POST /api/merchants/checkout/sessions with capture', () => {
    it("accepts 'merchant_accept' and 'automatic', and refuses anything else with 400 validation_failed", async () => {
      const chosen = await createSession(stack, shop.testKey, sessionBody({ capture: 'merchant_accept' }));
      expect(chosen.status).toBe(201);
      // The created session's answer is the spec's: no new field.
      expect(Object.keys(chosen.body).sort()).toEqual(
        ['amount', 'checkout_url', 'currency', 'expires_at', 'status', 'token'].sort(),
      );
      const echoed = await statusOf(chosen.body.token);
      expect(echoed.body.capture).toBe('merchant_accept');

      const automatic = await createSession(stack, shop.testKey, sessionBody({ capture: 'automatic' }));
      expect(automatic.status).toBe(201);
      expect(await statusOf(automatic.body.token)).not.toHaveProperty('body.capture');

      for (const bad of ['manual', 'MERCHANT_ACCEPT', 1, true, {}]) {
        const res = await createSession(stack, shop.testKey, sessionBody({ capture: bad }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          error: "capture must be 'automatic' or 'merchant_accept'",
          code: 'validation_failed',
        });
      }
    });

    it('a session with an Idempotency-Key keeps its choice', async () => {
      const headers = { 'Idempotency-Key': `accept-${Date.now()}` };
      const body = sessionBody({ capture: 'merchant_accept' });
      const first = await createSession(stack, shop.testKey, body, headers);
      const again = await createSession(stack, shop.testKey, body, headers);
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.token).toBe(first.body.token);
      expect((await statusOf(first.body.token)).body.capture).toBe('merchant_accept');
    });
  });

  describe('a merchant_accept order', () => {
    it('waits once every share is authorised: pending, awaiting_merchant, checkout_split.authorised once', async () => {
      const { token, splitId } = await orderWith('merchant_accept', 1);
      // One share authorised: not waiting yet.
      const collecting = await statusOf(token);
      expect(collecting.body.split).toMatchObject({ status: 'pending', awaiting_merchant: false });
      const notYet = { id: splitId, status: 'pending', awaiting_merchant: false };
      expect(await listedAs(splitId)).toEqual([1, 2].map(() => expect.objectContaining(notYet)));
      expect((await acceptByKey(splitId)).body).toMatchObject({
        error: NOT_AWAITING_MERCHANT_MESSAGE,
        code: 'not_awaiting_merchant',
      });

      const { participants } = (await statusOf(token)).body.split as { participants: { pay_token: string }[] };
      expect((await authoriseShare(stack, participants[1]!.pay_token)).status).toBeLessThan(300);
      const waiting = await poll(
        () => statusOf(token),
        (res) => res.body.split?.awaiting_merchant === true,
      );
      expect(waiting.body).toMatchObject({ status: 'pending', capture: 'merchant_accept' });
      expect(waiting.body.split).toMatchObject({ status: 'pending', approved_count: 2, awaiting_merchant: true });
      expect((await detailOf(splitId)).body).toMatchObject({ status: 'pending', awaiting_merchant: true });
      // The lists too: the dashboard's orders list says which order waits for the business.
      const listed = { id: splitId, status: 'pending', awaiting_merchant: true };
      expect(await listedAs(splitId)).toEqual([1, 2].map(() => expect.objectContaining(listed)));
      // The buyer's group view too: the open checkout page draws itself again as waiting for the shop.
      const group = await stack.api.get(`/api/merchants/checkout/sessions/${token}/group`, { token: buyer.token });
      expect(group.body).toMatchObject({ status: 'pending', awaiting_merchant: true });
      expect(await participantStatuses(splitId)).toEqual(['authorised', 'authorised']);

      const events = await eventsOf(splitId, 'checkout_split.authorised');
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toMatchObject({ split_id: splitId, status: 'pending', approved_count: 2 });
      expect(await eventsOf(splitId, 'checkout_split.paid')).toHaveLength(0);
    });

    it('POST …/accept (API key) captures and answers 200 captured; again is 409 not_awaiting_merchant', async () => {
      const { token, splitId } = await awaitingOrder();
      const res = await acceptByKey(splitId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'captured' });
      expect(
        (await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow())
          .status,
      ).toBe('captured');
      expect(await participantStatuses(splitId)).toEqual(['captured', 'captured']);

      const status = await statusOf(token);
      expect(status.body).toMatchObject({ status: 'paid', split: { status: 'captured', awaiting_merchant: false } });
      expect((await detailOf(splitId)).body.awaiting_merchant).toBe(false);
      const captured = { id: splitId, status: 'captured', awaiting_merchant: false };
      expect(await listedAs(splitId)).toEqual([1, 2].map(() => expect.objectContaining(captured)));
      const accepted = await stack.db
        .selectFrom('split_history')
        .selectAll()
        .where('split_id', '=', splitId)
        .where('kind', '=', 'merchant_accepted')
        .execute();
      expect(accepted.map((h) => h.actor)).toEqual([expect.stringMatching(/^api_key:/)]);
      await poll(
        () => eventsOf(splitId, 'checkout_split.paid'),
        (rows) => rows.length === 1,
      );
      expect(await eventsOf(splitId, 'checkout_split.authorised')).toHaveLength(1);

      const again = await acceptByKey(splitId);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: NOT_AWAITING_MERCHANT_MESSAGE, code: 'not_awaiting_merchant' });
    });

    it('POST /api/checkout-splits/:id/accept: the roles that may cancel accept; Finance and the buyer who created it are refused', async () => {
      const { splitId } = await awaitingOrder();
      const finance = await acceptByUser(splitId, shop.finance.token);
      expect(finance.status).toBe(403);
      expect(finance.body).toMatchObject({ error: ACCEPT_FORBIDDEN_MESSAGE, code: 'business_forbidden' });
      const stranger = await createUser(stack.db);
      expect((await acceptByUser(splitId, stranger.token)).body).toMatchObject({
        error: ACCEPT_FORBIDDEN_MESSAGE,
        code: 'forbidden',
      });
      // The buyer created the hosted order, and may cancel it, but accepting is the merchant's alone, even
      // once they have accepted the dashboard's terms (the gateway no longer stops them).
      const config = loadConfig();
      await stack.db
        .insertInto('consents')
        .values({ user_id: buyer.id, terms_version: config.TERMS_VERSION, privacy_version: config.PRIVACY_VERSION })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const byBuyer = await acceptByUser(splitId, buyer.token);
      expect([byBuyer.status, byBuyer.body]).toMatchObject([
        403,
        { error: ACCEPT_FORBIDDEN_MESSAGE, code: 'forbidden' },
      ]);

      const res = await acceptByUser(splitId, shop.member.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'captured' });
      const accepted = await stack.db
        .selectFrom('split_history')
        .select('actor')
        .where('split_id', '=', splitId)
        .where('kind', '=', 'merchant_accepted')
        .execute();
      expect(accepted).toEqual([{ actor: `user:${shop.member.id}` }]);
      expect((await acceptByUser(splitId, shop.owner.token)).body).toMatchObject({ code: 'not_awaiting_merchant' });
    });

    it('declining is the cancel: every hold released, canceled, then accept is 409', async () => {
      const { token, splitId } = await awaitingOrder();
      const res = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
        apiKey: shop.testKey,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'canceled' });
      await waitForSplitStatus(stack, splitId, ['canceled']);
      expect(await participantStatuses(splitId)).toEqual(['canceled', 'canceled']);
      const status = await statusOf(token);
      expect(status.body).toMatchObject({
        status: 'canceled',
        split: { status: 'canceled', awaiting_merchant: false },
      });
      await poll(
        () => eventsOf(splitId, 'checkout_split.canceled'),
        (rows) => rows.length === 1,
      );
      const accept = await acceptByKey(splitId);
      expect(accept.status).toBe(409);
      expect(accept.body.code).toBe('not_awaiting_merchant');
    });

    it("answers 404 for another merchant's split, the other mode's key, unknown ids and ids that are no UUID", async () => {
      const { splitId } = await awaitingOrder();
      const other = await createCheckoutMerchant(stack);
      for (const res of [
        await acceptByKey(splitId, other.testKey),
        await acceptByKey(splitId, shop.liveKey),
        await acceptByKey('00000000-0000-4000-8000-000000000000'),
        await acceptByKey('not-a-uuid'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      }
      const none = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/accept`);
      expect(none.status).toBe(401);
      // No field is taken: `{}` is an accept like no body (here of an unknown split), anything in it is refused.
      const unknownId = '00000000-0000-4000-8000-000000000000';
      const empty = await stack.api.post(
        `/api/merchants/checkout/splits/${unknownId}/accept`,
        {},
        { apiKey: shop.testKey },
      );
      expect([empty.status, empty.body]).toMatchObject([404, { error: 'Not found', code: 'not_found' }]);
      for (const res of [
        await stack.api.post(
          `/api/merchants/checkout/splits/${splitId}/accept`,
          { note: 'ok' },
          { apiKey: shop.testKey },
        ),
        await stack.api.post(`/api/checkout-splits/${splitId}/accept`, { note: 'ok' }, { token: shop.owner.token }),
      ]) {
        expect([res.status, res.body]).toMatchObject([
          400,
          {
            error: 'Validation failed',
            code: 'validation_failed',
            details: [{ field: 'note', message: 'Unknown field note.' }],
          },
        ]);
      }
      // None of those touched it.
      expect((await detailOf(splitId)).body).toMatchObject({ status: 'pending', awaiting_merchant: true });
    });
  });

  describe('an order without merchant accept', () => {
    it('captures on the last authorisation as before, with none of the new fields; accept is 409', async () => {
      const pending = await orderWith(null, 1);
      expect((await acceptByKey(pending.splitId)).body).toMatchObject({ code: 'not_awaiting_merchant' });
      const status = await statusOf(pending.token);
      expect(status.body).not.toHaveProperty('capture');
      expect(status.body.split).not.toHaveProperty('awaiting_merchant');
      expect((await detailOf(pending.splitId)).body).not.toHaveProperty('awaiting_merchant');
      for (const item of await listedAs(pending.splitId)) {
        expect(item).toMatchObject({ id: pending.splitId, status: 'pending' });
        expect(item).not.toHaveProperty('awaiting_merchant');
      }
      const group = await stack.api.get(`/api/merchants/checkout/sessions/${pending.token}/group`, {
        token: buyer.token,
      });
      expect(group.body).not.toHaveProperty('awaiting_merchant');

      const paid = await orderWith(null, 2);
      await waitForSplitStatus(stack, paid.splitId, ['captured']);
      const res = await acceptByKey(paid.splitId);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: NOT_AWAITING_MERCHANT_MESSAGE, code: 'not_awaiting_merchant' });
      expect(await eventsOf(paid.splitId, 'checkout_split.authorised')).toHaveLength(0);
      const after = await statusOf(paid.token);
      expect(after.body).not.toHaveProperty('capture');
      expect(after.body.split).not.toHaveProperty('awaiting_merchant');
    });
  });
});
