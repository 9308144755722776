import { maskEmail, sendingAddress } from '@groupsplit/shared';
import {
  createUser,
  headerValue,
  mailHeaders,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import { BuyerGroupSchema, MineSchema } from '../../sessions/schema';
import { NAME_MESSAGE } from '../../splits/names';
import {
  type CheckoutMerchant,
  newSession,
  payTokenOf,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';

/**
 * Names, so people know who is asking (docs/splits.md, "Names"), through the gateway on the real
 * stack: the buyer's split with names, what the group, the pay view, the e-mails, the join page and
 * the dashboard's record show of them, the organiser's own e-mail, taking a seat with a name, and
 * GET …/mine for getting back to your own share.
 */
describe('names and your own share', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const split = (token: string, body: unknown, bearer = buyer.token) =>
    stack.api.post(`/api/merchants/checkout/sessions/${token}/split`, body, { token: bearer });
  const mine = (token: string, bearer: string) =>
    stack.api.get(`/api/merchants/checkout/sessions/${token}/mine`, { token: bearer });
  const fromOf = async (id: string) => headerValue(await mailHeaders(id), 'From') ?? '';
  /** The e-mails a split's creation queued (checkout's first attempts), to whom. */
  const queuedTo = async (recipient: string) =>
    stack.db.selectFrom('email_first_attempts').select('request').where('recipient', '=', recipient).execute();

  it('takes a name for each person, keeps it, and the group, pay view and dashboard show it', async () => {
    const [sam, kit] = [uniqueEmail('sam'), uniqueEmail('kit')];
    const token = await newSession(stack, shop.testKey, {
      amount: 45,
      customer_name: 'Shop Given Name',
      line_items: [
        { description: 'Pizza', amount: 30, quantity: 2 },
        { description: 'Lemonade', amount: 15 },
      ],
    });
    const res = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 15, name: '  Bea  ' },
        { email: sam, amount: 15, name: 'Sam' },
        { email: kit, amount: 15 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.participants.map((p: { name: string | null }) => p.name)).toEqual(['Bea', 'Sam', null]);

    const row = await stack.db
      .selectFrom('splits')
      .select('session_context')
      .where('id', '=', res.body.split_id)
      .executeTakeFirstOrThrow();
    expect(row.session_context).toMatchObject({ organiser_name: 'Bea', customer_name: 'Shop Given Name' });
    const rows = await stack.db
      .selectFrom('split_participants')
      .select(['email', 'name'])
      .where('split_id', '=', res.body.split_id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { email: buyer.email, name: 'Bea' },
      { email: sam, name: 'Sam' },
      { email: kit, name: null },
    ]);

    // The organiser's group view: names as typed, whom a row covers, what can be covered, their own name.
    const group = await stack.api.get(`/api/merchants/checkout/sessions/${token}/group`, { token: buyer.token });
    expect(group.status).toBe(200);
    expect(BuyerGroupSchema.parse(group.body)).toEqual(group.body);
    expect(group.body.organiser_name).toBe('Bea');
    expect(
      group.body.group.participants.map((p: Record<string, unknown>) => [
        p.name,
        p.email,
        p.covered_name,
        p.covered_email,
        p.coverable,
        p.is_you,
      ]),
    ).toEqual([
      ['Bea', buyer.email, null, null, false, true],
      ['Sam', sam, null, null, true, false],
      [null, kit, null, null, true, false],
    ]);

    // Anyone in the group: the name, else the masked address; the shop's customer_name never.
    const pay = await stack.api.get(`/api/checkout-splits/pay/${payTokenOf(res.body.participants[2].pay_url)}`);
    expect(pay.status).toBe(200);
    expect(pay.body.group.participants).toEqual([
      { name: 'Bea', email_masked: maskEmail(buyer.email), status: 'pending', is_you: false },
      { name: 'Sam', email_masked: maskEmail(sam), status: 'pending', is_you: false },
      { name: null, email_masked: maskEmail(kit), status: 'pending', is_you: true },
    ]);
    const page = await (await fetch(res.body.participants[2].pay_url)).text();
    expect(page).toContain('<span class="member-email">Bea</span>');
    expect(page).toContain('<span class="member-email">Sam</span>');
    expect(page).toContain(`<span class="member-email">${maskEmail(kit)} <span class="you">(you)</span></span>`);
    expect(page).not.toContain('Shop Given Name');

    // The dashboard's record: the spec's fields as they were, `name` only where one was given.
    const detail = await stack.api.get(`/api/checkout-splits/${res.body.split_id}`, { token: shop.owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.participants.map((p: { name?: string }) => p.name)).toEqual(['Bea', 'Sam', undefined]);
    expect('name' in detail.body.participants[2]).toBe(false);

    // Webhooks do not change: the organiser's name is in no event.
    const events = await stack.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('merchant_id', '=', shop.merchant.id)
      .execute();
    expect(JSON.stringify(events.map((e) => e.payload))).not.toMatch(/organiser|"Bea"/);
  });

  it('sends invitations from "<name> via <business>" that say who asks, for what, and until when', async () => {
    const sam = uniqueEmail('sam');
    const token = await newSession(stack, shop.testKey, {
      amount: 30,
      line_items: [{ description: 'Tasting menu', amount: 30, quantity: 2 }],
    });
    const res = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 10, name: 'Bea' },
        { email: sam, amount: 20, name: 'Sam' },
      ],
    });
    expect(res.status).toBe(201);
    const invite = await waitForMail(sam, { subject: 'Pay your share' });
    const from = await fromOf(invite.ID);
    expect(from).toContain(`Bea via ${shop.merchant.name}`);
    expect(from).toContain(`<${sendingAddress(stack.config)}>`);
    expect(invite.Text.startsWith(`Bea asked you to pay £20.00 towards `)).toBe(true);
    expect(invite.Text).toContain(` at ${shop.merchant.name}.`);
    expect(invite.Text).toContain('2 × Tasting menu  £30.00');
    expect(invite.Text).toContain('Your card will be held for £20.20');
    expect(invite.Text).toMatch(/finish by \w+day \d{1,2} \w+ at \d\d:\d\d \(UK time\)/);
    expect(invite.Text).toContain(`Pay your share: ${res.body.participants[1].pay_url}`);
    expect(invite.HTML).toContain(`href="${res.body.participants[1].pay_url}"`);
  });

  it('e-mails the organiser their own share with the group and the group link; alone, just the pay link; one payer, nothing', async () => {
    const sam = uniqueEmail('sam');
    const organiser = await createUser(stack.db, { consent: false });
    const token = await newSession(stack, shop.testKey, {
      amount: 45,
      line_items: [{ description: 'Pizza', amount: 45, quantity: 3 }],
    });
    const res = await split(
      token,
      {
        mode: 'split',
        participants: [
          { email: organiser.email, amount: 15, name: 'Bea' },
          { email: sam, amount: 15, name: 'Sam' },
          { amount: 15 },
        ],
      },
      organiser.token,
    );
    expect(res.status).toBe(201);
    const own = await waitForMail(organiser.email, { subject: 'Your share of ' });
    // Our own From line: the organiser is not asking themself.
    expect(await fromOf(own.ID)).not.toContain(' via ');
    expect(own.Text).toContain('Your card will be held for £15.20 (your £15.00 share plus a £0.20 service fee).');
    expect(own.Text).toContain(`Pay your share: ${res.body.participants[0].pay_url}`);
    expect(own.Text).toContain('0 of 3 holds in place so far.');
    expect(own.Text).toMatch(/\n {2}Sam {2}£15\.00\s*\n/);
    expect(own.Text).toContain(
      `1 seat is still open. Send the group link to whoever should take them: ${res.body.group_url}`,
    );
    expect(own.Text).toContain('3 × Pizza  £45.00');
    // The organiser's share has their e-mail, not an invitation.
    expect((await queuedTo(organiser.email)).map((r) => (r.request as { template: string }).template)).toEqual([
      'splits.organiser_share',
    ]);

    const alone = await createUser(stack.db, { consent: false });
    const aloneRes = await split(
      await newSession(stack, shop.testKey, { amount: 12 }),
      { mode: 'alone', name: 'Al' },
      alone.token,
    );
    expect(aloneRes.status).toBe(201);
    const payAlone = await waitForMail(alone.email, { subject: 'Pay for ' });
    expect(payAlone.Text).toContain('You chose to pay for ');
    expect(payAlone.Text).toContain('Your card will be held for £12.00.');
    expect(payAlone.Text).toContain(`Pay now: ${aloneRes.body.participants[0].pay_url}`);
    expect(payAlone.Text).not.toContain('service fee');

    const payer = uniqueEmail('payer');
    const onePayer = await createUser(stack.db, { consent: false });
    const oneRes = await split(
      await newSession(stack, shop.testKey, { amount: 12 }),
      { mode: 'one_payer', payer_email: payer, name: 'Bea', payer_name: 'Pat' },
      onePayer.token,
    );
    expect(oneRes.status).toBe(201);
    expect(oneRes.body.participants[0].name).toBe('Pat');
    const invite = await waitForMail(payer, { subject: 'Pay your share' });
    expect(await fromOf(invite.ID)).toContain(`Bea via ${shop.merchant.name}`);
    expect(invite.Text.startsWith('Bea asked you to pay £12.00 towards ')).toBe(true);
    // The invitations are queued before the answer: the buyer, who pays nothing, was sent nothing.
    expect(await queuedTo(onePayer.email)).toEqual([]);
  });

  it('refuses a name that is empty, too long or not plain text, naming the field', async () => {
    const token = await newSession(stack, shop.testKey, { amount: 20 });
    const person = (name: unknown) => ({
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 10 },
        { email: uniqueEmail('f'), amount: 10, name },
      ],
    });
    for (const name of ['', '   ', 'x'.repeat(61), 'Bea\u0007', 'Bea\u202eae', 42]) {
      const res = await split(token, person(name));
      expect({ name, status: res.status, body: res.body }).toEqual({
        name,
        status: 400,
        body: expect.objectContaining({
          error: NAME_MESSAGE,
          code: 'validation_failed',
          details: [{ field: 'participants.1.name', message: NAME_MESSAGE }],
        }),
      });
    }
    const payerName = await split(token, { mode: 'one_payer', payer_email: uniqueEmail('p'), payer_name: '' });
    expect(payerName.body.details).toEqual([{ field: 'payer_name', message: NAME_MESSAGE }]);
    const own = await split(token, { mode: 'alone', name: 'y'.repeat(61) });
    expect(own.status).toBe(400);
    expect(own.body.details).toEqual([{ field: 'name', message: NAME_MESSAGE }]);
    // Sixty characters and null (no name) are fine; nothing was made by the refusals.
    const ok = await split(token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: 10, name: null },
        { email: uniqueEmail('f'), amount: 10, name: 'Ö'.repeat(60) },
      ],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.participants.map((p: { name: string | null }) => p.name)).toEqual([null, 'Ö'.repeat(60)]);
  });

  describe('open seats', () => {
    async function withSeats() {
      const split = await sessionWithSplit(
        stack,
        shop.testKey,
        buyer.token,
        {
          mode: 'split',
          participants: [{ email: buyer.email, amount: 15, name: 'Bea' }, { amount: 15 }, { amount: 15 }],
        },
        { amount: 45, line_items: [{ description: 'Pizza', amount: 45, quantity: 3 }] },
      );
      const status = await stack.api.get(`/api/merchants/checkout/sessions/${split.token}/status`, {
        apiKey: shop.testKey,
      });
      const groupToken = (status.body.split.group_url as string).split('/join/')[1] as string;
      return { ...split, groupToken, seats: status.body.split.open_seats as { id: string }[] };
    }

    it('shows who is asking and the items on the join page; whoever takes a seat gives their name', async () => {
      const { token, groupToken, seats, splitId } = await withSeats();
      const view = await stack.api.get(`/api/checkout-splits/join/${groupToken}`);
      expect(view.body).toMatchObject({
        organiser_name: 'Bea',
        line_items: [{ description: 'Pizza', quantity: 3, amount: '45.00', image_url: null }],
      });
      const page = await (await fetch(`${stack.config.PUBLIC_BASE_URL}/join/${groupToken}`)).text();
      expect(page).toContain('Bea asked you to join the group paying for this order');
      expect(page).toContain('3 × Pizza');
      expect(page).not.toContain(buyer.email);
      expect(page).not.toContain(maskEmail(buyer.email));

      const joiner = await createUser(stack.db, { consent: false });
      const claim = (body: unknown) =>
        stack.api.post(`/api/checkout-splits/join/${groupToken}/claim`, body, { token: joiner.token });
      const bad = await claim({ seat_id: seats[0]!.id, name: 'J'.repeat(61) });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        error: NAME_MESSAGE,
        code: 'validation_failed',
        details: [{ field: 'name', message: NAME_MESSAGE }],
      });
      const taken = await claim({ seat_id: seats[0]!.id, name: 'Jo' });
      expect(taken.status).toBe(200);
      const invite = await waitForMail(joiner.email, { subject: 'Pay your share' });
      expect(await fromOf(invite.ID)).toContain(`Bea via ${shop.merchant.name}`);
      expect(invite.Text.startsWith('Bea asked you to pay £15.00 towards ')).toBe(true);
      expect(invite.Text).toContain('3 × Pizza  £45.00');

      // The buyer fills the other seat by e-mail, with a name.
      const friend = uniqueEmail('friend');
      const filled = await stack.api.post(
        `/api/merchants/checkout/sessions/${token}/seats/${seats[1]!.id}/invite`,
        { email: friend, name: 'Kit' },
        { token: buyer.token },
      );
      expect(filled.status).toBe(200);
      expect((await waitForMail(friend, { subject: 'Pay your share' })).Text).toContain('Bea asked you to pay £15.00');

      const rows = await stack.db
        .selectFrom('split_participants')
        .select(['email', 'name'])
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute();
      expect(rows).toEqual([
        { email: buyer.email, name: 'Bea' },
        { email: joiner.email, name: 'Jo' },
        { email: friend, name: 'Kit' },
      ]);
    });

    it('refuses a seat invite whose name is not plain text', async () => {
      const { token, seats } = await withSeats();
      const res = await stack.api.post(
        `/api/merchants/checkout/sessions/${token}/seats/${seats[0]!.id}/invite`,
        { email: uniqueEmail('f'), name: 'Kit\n' + 'x' },
        { token: buyer.token },
      );
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'name', message: NAME_MESSAGE }]);
    });
  });

  describe('GET /api/merchants/checkout/sessions/:token/mine', () => {
    it("answers the organiser's and a member's own shares with their pay links, and nobody else's", async () => {
      const member = await createUser(stack.db, { consent: false });
      const token = await newSession(stack, shop.testKey, { amount: 30 });
      const res = await split(token, {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10, name: 'Bea' },
          { email: member.email, amount: 20, name: 'Sam' },
        ],
      });
      expect(res.status).toBe(201);
      const ids = await stack.db
        .selectFrom('split_participants')
        .select('id')
        .where('split_id', '=', res.body.split_id)
        .orderBy('position')
        .execute();

      const organiser = await mine(token, buyer.token);
      expect(organiser.status).toBe(200);
      expect(organiser.headers.get('cache-control')).toBe('no-store');
      expect(MineSchema.parse(organiser.body)).toEqual(organiser.body);
      expect(organiser.body).toEqual({
        role: 'organiser',
        split_status: 'pending',
        shares: [
          {
            participant_id: ids[0]!.id,
            amount: '10.00',
            card_charge: '10.20',
            status: 'pending',
            pay_url: res.body.participants[0].pay_url,
            covered_name: null,
          },
        ],
      });
      const theirs = await mine(token, member.token);
      expect(theirs.body).toEqual({
        role: 'member',
        split_status: 'pending',
        shares: [expect.objectContaining({ participant_id: ids[1]!.id, pay_url: res.body.participants[1].pay_url })],
      });

      const stranger = await createUser(stack.db, { consent: false });
      const refused = await mine(token, stranger.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('Forbidden');
      expect((await mine(token, '')).status).toBe(401);
    });

    it('answers 404 before there is a split, and for an unknown session', async () => {
      const token = await newSession(stack, shop.testKey, { amount: 10 });
      const none = await mine(token, buyer.token);
      expect(none.status).toBe(404);
      expect(none.body.error).toBe('Not found');
      const unknown = await mine('A'.repeat(43), buyer.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Checkout session not found');
    });
  });
});
