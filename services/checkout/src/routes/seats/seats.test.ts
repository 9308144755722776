import {
  authoriseShare,
  createUser,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { type SplitWorkflowState, splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { JOIN_ENDS } from '../../pages/shared/wording';
import { SEAT_MESSAGES } from '../../seats/seats';
import {
  type CheckoutMerchant,
  newSession,
  payTokenOf,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';
import { CLAIM_BODY_MESSAGE } from './schema';

/**
 * Open seats (docs/splits.md, "Open seats") through the gateway on the real stack: splitting with
 * seats, the group link's lookup and page, claiming a seat (and paying it with the usual pay step),
 * the buyer filling a seat by e-mail, and every refusal.
 */
describe('open seats', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;

  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  /** £45 split into the buyer's £15 and two open £15 seats. */
  async function splitWithSeats(seats = [15, 15]) {
    const split = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      { mode: 'split', participants: [{ email: buyer.email, amount: 15 }, ...seats.map((amount) => ({ amount }))] },
      { amount: 15 + seats.reduce((a, b) => a + b, 0) },
    );
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${split.token}/status`, {
      apiKey: shop.testKey,
    });
    expect(status.status).toBe(200);
    return { ...split, status: status.body };
  }

  const groupTokenOf = (groupUrl: string) => groupUrl.split('/join/')[1] as string;
  const claim = (groupToken: string, seatId: unknown, token: string) =>
    stack.api.post(`/api/checkout-splits/join/${groupToken}/claim`, { seat_id: seatId }, { token });
  const invite = (sessionToken: string, seatId: string, email: unknown, token = buyer.token) =>
    stack.api.post(`/api/merchants/checkout/sessions/${sessionToken}/seats/${seatId}/invite`, { email }, { token });
  const workflowState = (splitId: string): Promise<SplitWorkflowState> =>
    stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);

  describe('POST /api/merchants/checkout/sessions/:token/split with open seats', () => {
    it('answers group_url and open_seats; seats are not participants; fees count every share', async () => {
      const token = await newSession(stack, shop.testKey, { amount: 45 });
      const res = await stack.api.post(
        `/api/merchants/checkout/sessions/${token}/split`,
        { mode: 'split', participants: [{ email: buyer.email, amount: '15.00' }, { amount: 20 }, { amount: '10.00' }] },
        { token: buyer.token },
      );
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['group_url', 'open_seats', 'participants', 'split_id']);
      expect(res.body.participants).toEqual([
        expect.objectContaining({ email: buyer.email, amount: '15.00', card_charge: '15.20' }),
      ]);
      expect(res.body.group_url).toMatch(new RegExp(`^${stack.config.PUBLIC_BASE_URL}/join/[A-Za-z0-9_-]{32}$`));
      expect(res.body.open_seats).toEqual([
        { id: expect.any(String), amount: '20.00' },
        { id: expect.any(String), amount: '10.00' },
      ]);

      // Every share carries the same customer fee as with three participants; the totals count them all.
      const split = await stack.db
        .selectFrom('splits')
        .selectAll()
        .where('id', '=', res.body.split_id)
        .executeTakeFirstOrThrow();
      expect(split).toMatchObject({
        total_amount: 4500,
        customer_fee_total: 60,
        group_token: groupTokenOf(res.body.group_url),
      });
      const seats = await stack.db.selectFrom('split_seats').selectAll().where('split_id', '=', split.id).execute();
      expect(seats.map((s) => [s.amount, s.customer_fee, s.participant_id])).toEqual([
        [2000, 20, null],
        [1000, 20, null],
      ]);
    });

    it('keeps the rules for seats: £1 each, 20 entries in all, the exact sum', async () => {
      const token = await newSession(stack, shop.testKey, { amount: 45 });
      const split = (participants: unknown[]) =>
        stack.api.post(
          `/api/merchants/checkout/sessions/${token}/split`,
          { mode: 'split', participants },
          {
            token: buyer.token,
          },
        );
      const tooSmall = await split([{ email: buyer.email, amount: 44.5 }, { amount: 0.5 }]);
      expect(tooSmall.status).toBe(400);
      expect(tooSmall.body.error).toBe('Each share must be at least £1.');
      const mismatch = await split([{ email: buyer.email, amount: 15 }, { amount: 15 }]);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({
        error: 'Shares must add up to the order total of £45.00; they add up to £30.00.',
        code: 'shares_mismatch',
      });
      const tooMany = await split([
        { email: buyer.email, amount: 2 },
        ...Array.from({ length: 20 }, () => ({ amount: 2 })),
      ]);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error).toBe('A split can have at most 20 people.');
    });

    it('refuses a split of open seats only: somebody needs an address', async () => {
      const token = await newSession(stack, shop.testKey, { amount: 45 });
      const res = await stack.api.post(
        `/api/merchants/checkout/sessions/${token}/split`,
        { mode: 'split', participants: [{ amount: 15 }, { amount: 30 }] },
        { token: buyer.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error:
          "At least one person in the split needs an e-mail address: yours or someone else's. Open seats alone cannot make a split.",
        code: 'validation_failed',
      });
    });

    it('answers a split without seats exactly as before (no seat fields anywhere)', async () => {
      const split = await sessionWithSplit(stack, shop.testKey, buyer.token, {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 30 },
          { email: uniqueEmail('b'), amount: 30 },
        ],
      });
      const status = await stack.api.get(`/api/merchants/checkout/sessions/${split.token}/status`, {
        apiKey: shop.testKey,
      });
      expect(status.body.split).not.toHaveProperty('group_url');
      expect(status.body.split).not.toHaveProperty('open_seats');
      expect(status.body.split.total_count).toBe(2);
      const group = await stack.api.get(`/api/merchants/checkout/sessions/${split.token}/group`, {
        token: buyer.token,
      });
      expect(group.body).not.toHaveProperty('group_url');
      const detail = await stack.api.get(`/api/checkout-splits/${split.splitId}`, { token: shop.owner.token });
      expect(detail.body).not.toHaveProperty('open_seats');
      const pay = await stack.api.get(`/api/checkout-splits/pay/${payTokenOf(split.participants[0]!.pay_url)}`);
      expect(pay.body.group).not.toHaveProperty('open_seats');
      expect(pay.body.group.total_count).toBe(2);
      const row = await stack.db
        .selectFrom('splits')
        .select('group_token')
        .where('id', '=', split.splitId)
        .executeTakeFirstOrThrow();
      expect(row.group_token).toBeNull();
    });
  });

  describe('GET /api/checkout-splits/join/:group_token and the page', () => {
    it('answers the order and its open seats to anyone holding the link', async () => {
      const { status } = await splitWithSeats();
      expect(status.split.total_count).toBe(3);
      expect(status.total_count).toBe(3);
      expect(status.split.participants).toHaveLength(1);
      const res = await stack.api.get(`/api/checkout-splits/join/${groupTokenOf(status.split.group_url)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        merchant_name: shop.merchant.name,
        order_reference: expect.any(String),
        amount: '45.00',
        open_seats: status.split.open_seats,
        approved_count: 0,
        total_count: 3,
        authorization_expires_at: status.split.authorization_expires_at,
        // No hold is placed yet, so none lapses sooner.
        holds_expire_at: null,
        status: 'pending',
        // Who is asking (no name was given here) and the order's lines (none were sent).
        organiser_name: null,
        line_items: [],
      });

      // The split's detail record lists the open seats (decimal pounds, as the rest of the record).
      const detail = await stack.api.get(`/api/checkout-splits/${status.split.id}`, { token: shop.owner.token });
      expect(detail.status).toBe(200);
      expect(detail.body.open_seats).toEqual(
        status.split.open_seats.map((s: { id: string }) => ({ id: s.id, amount: '15' })),
      );

      const page = await fetch(status.split.group_url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain(`data-seat-id="${status.split.open_seats[0].id}"`);
    });

    it("answers the split's status: a group that closed shows no seats, and its page says it has closed", async () => {
      const { splitId, status } = await splitWithSeats();
      const groupToken = groupTokenOf(status.split.group_url);
      const cancel = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
        apiKey: shop.testKey,
      });
      expect(cancel.status).toBe(200);
      await waitForSplitStatus(stack, splitId, ['canceled']);
      const res = await stack.api.get(`/api/checkout-splits/join/${groupToken}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'canceled', open_seats: [], total_count: 3 });
      const detail = await stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.owner.token });
      expect(res.body.status).toBe(detail.body.status);

      const page = await fetch(status.split.group_url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-end="closed"');
      expect(html).toContain(JOIN_ENDS.closed.heading);
    });

    it('answers 404 for an unknown group token (API and page)', async () => {
      const res = await stack.api.get('/api/checkout-splits/join/NoSuchGroupTokenAtAll_1234567890');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      const page = await fetch(`${stack.config.PUBLIC_BASE_URL}/join/NoSuchGroupTokenAtAll_1234567890`);
      expect(page.status).toBe(404);
    });
  });

  describe('POST /api/checkout-splits/join/:group_token/claim', () => {
    it('makes the joiner a participant with a hold; the pay link works with the usual pay step', async () => {
      const { splitId, token, status } = await splitWithSeats();
      const groupToken = groupTokenOf(status.split.group_url);
      const seat = status.split.open_seats[0];
      const joiner = await createUser(stack.db, { consent: false });

      const res = await claim(groupToken, seat.id, joiner.token);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['pay_url']);
      const participant = await stack.db
        .selectFrom('split_participants')
        .selectAll()
        .where('pay_token', '=', payTokenOf(res.body.pay_url))
        .executeTakeFirstOrThrow();
      expect(participant).toMatchObject({
        split_id: splitId,
        email: joiner.email,
        amount: 1500,
        customer_fee: 20,
        status: 'pending',
      });
      expect(participant.processor_payment_intent_id).toMatch(/^pi_/);
      const seatRow = await stack.db
        .selectFrom('split_seats')
        .selectAll()
        .where('id', '=', seat.id)
        .executeTakeFirstOrThrow();
      expect(seatRow.participant_id).toBe(participant.id);

      // Their invitation, with the pay link.
      const mail = await waitForMail(joiner.email);
      expect(mail.Text).toContain(res.body.pay_url);

      // The status block: one more participant, one seat fewer, the same total count.
      const after = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
      expect(after.body.split.open_seats).toEqual([status.split.open_seats[1]]);
      expect(after.body.split.total_count).toBe(3);
      expect(after.body.split.participants).toHaveLength(2);

      const pay = await stack.api.get(`/api/checkout-splits/pay/${payTokenOf(res.body.pay_url)}`);
      expect(pay.status).toBe(200);
      // The pay view's group counts and lists the seat still open, as the pages draw it.
      expect(pay.body.group).toMatchObject({ total_count: 3, open_seats: [status.split.open_seats[1]] });
      expect(pay.body.group.participants).toHaveLength(2);
      const paid = await authoriseShare(stack, payTokenOf(res.body.pay_url));
      expect(paid.status).toBe(200);
      const state = await workflowState(splitId);
      expect(state.seats).toEqual([
        { id: seat.id, amount: 1500, participantId: participant.id },
        { id: status.split.open_seats[1].id, amount: 1500, participantId: null },
      ]);
    });

    it('answers seat_taken to someone else, and already_in_split to a participant', async () => {
      const { status } = await splitWithSeats();
      const groupToken = groupTokenOf(status.split.group_url);
      const [first, second] = status.split.open_seats;
      const joiner = await createUser(stack.db, { consent: false });
      const other = await createUser(stack.db, { consent: false });
      expect((await claim(groupToken, first.id, joiner.token)).status).toBe(200);

      const taken = await claim(groupToken, first.id, other.token);
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ error: SEAT_MESSAGES.seatTaken, code: 'seat_taken' });
      const again = await claim(groupToken, second.id, joiner.token);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: SEAT_MESSAGES.alreadyInSplit, code: 'already_in_split' });
      const buyerToo = await claim(groupToken, second.id, buyer.token);
      expect(buyerToo.body.code).toBe('already_in_split');
    });

    it('answers not_pending once the split was cancelled', async () => {
      const { splitId, status } = await splitWithSeats();
      const cancel = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
        apiKey: shop.testKey,
      });
      expect(cancel.status).toBe(200);
      await waitForSplitStatus(stack, splitId, ['canceled']);
      const joiner = await createUser(stack.db, { consent: false });
      const res = await claim(groupTokenOf(status.split.group_url), status.split.open_seats[0].id, joiner.token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: SEAT_MESSAGES.notPending('canceled'), code: 'not_pending' });
    });

    it('answers 404 for an unknown seat or token, 400 without a seat id, 401 signed out', async () => {
      const { status } = await splitWithSeats();
      const groupToken = groupTokenOf(status.split.group_url);
      const joiner = await createUser(stack.db, { consent: false });
      const unknownSeat = await claim(groupToken, '3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26', joiner.token);
      expect(unknownSeat.status).toBe(404);
      expect(unknownSeat.body).toMatchObject({ error: 'Not found', code: 'not_found' });
      const unknownToken = await claim('NoSuchGroupTokenAtAll_1234567890', status.split.open_seats[0].id, joiner.token);
      expect(unknownToken.status).toBe(404);
      const noSeat = await stack.api.post(`/api/checkout-splits/join/${groupToken}/claim`, {}, { token: joiner.token });
      expect(noSeat.status).toBe(400);
      expect(noSeat.body).toMatchObject({ error: CLAIM_BODY_MESSAGE, code: 'validation_failed' });
      const signedOut = await stack.api.post(`/api/checkout-splits/join/${groupToken}/claim`, {
        seat_id: status.split.open_seats[0].id,
      });
      expect(signedOut.status).toBe(401);
    });
  });

  describe('POST /api/merchants/checkout/sessions/:token/seats/:seat_id/invite', () => {
    it('lets the buyer fill a seat by e-mail; the person gets their invitation', async () => {
      const { token, status } = await splitWithSeats();
      const seat = status.split.open_seats[1];
      const friend = uniqueEmail('friend');
      const res = await invite(token, seat.id, `  ${friend} `);
      expect(res.status).toBe(200);
      expect(res.body.participant).toMatchObject({ email: friend, amount: '15.00', status: 'pending' });
      const mail = await waitForMail(friend);
      expect(mail.Text).toContain(res.body.participant.pay_url);

      const again = await invite(token, seat.id, uniqueEmail('late'));
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('seat_taken');
      const same = await invite(token, status.split.open_seats[0].id, friend);
      expect(same.body.code).toBe('already_in_split');
    });

    it('is the buyer’s alone: anyone else is refused', async () => {
      const { token, status } = await splitWithSeats();
      const stranger = await createUser(stack.db, { consent: false });
      const res = await invite(token, status.split.open_seats[0].id, uniqueEmail('x'), stranger.token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(SEAT_MESSAGES.forbidden);
      const unknownSeat = await invite(token, '3f5a7c9e-1b2d-4e6f-a8c0-7d9f1b3e5a26', uniqueEmail('y'));
      expect(unknownSeat.status).toBe(404);
    });
  });
});
