import {
  authoriseShare,
  createUser,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import {
  type CheckoutMerchant,
  payTokenOf,
  poll,
  sessionWithSplit,
  startCheckoutStack,
} from '../../test-support/sessions';

type Entry = { at: string; kind: string; participant_id: string | null; actor: string; summary: string };

describe('GET /api/checkout-splits/:id/timeline', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const timeline = (splitId: string, token: string) =>
    stack.api.get(`/api/checkout-splits/${splitId}/timeline`, { token });

  /** A hosted order of two (the buyer and a friend), made, opened, reminded, paid, captured and partly refunded. */
  async function journey() {
    const friend = uniqueEmail('friend');
    const order = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: friend, amount: 20 },
        ],
      },
      {
        amount: 30,
        order_reference: `ORD-TL-${Date.now()}`,
        line_items: [
          { description: 'Dinner for two', amount: 25, quantity: 1 },
          { description: 'Corkage', amount: 5, quantity: 1 },
        ],
        metadata: { table: '12' },
      },
    );
    await waitForMail(friend, { subject: 'Pay your share' });
    // The friend opens their pay page (the lookup a pay page makes).
    const friendPay = payTokenOf(order.participants[1]!.pay_url);
    expect((await stack.api.get(`/api/checkout-splits/pay/${friendPay}`)).status).toBe(200);
    // The Owner reminds from the dashboard: the spec's remind route takes a dashboard session.
    const reminded = await stack.api.post(`/api/merchants/checkout/sessions/${order.token}/remind`, undefined, {
      token: shop.owner.token,
    });
    expect(reminded.status).toBe(200);
    expect(reminded.body.reminded).toBe(2);
    for (const p of order.participants) expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBe(200);
    await waitForSplitStatus(stack, order.splitId, ['captured']);
    const refund = await stack.api.post(
      `/api/checkout-splits/${order.splitId}/partial-refund`,
      { amount: '5.00', reason: 'Corkage waived' },
      { token: shop.finance.token },
    );
    expect(refund.status).toBe(200);
    return { ...order, friend };
  }

  it('tells a real order from creation to refund, newest first, with who did what', async () => {
    const order = await journey();
    const detail = await stack.api.get(`/api/checkout-splits/${order.splitId}`, { token: shop.owner.token });
    const [buyerShare, friendShare] = detail.body.participants as { id: string; email: string }[];

    // Invitations are sent in the background: wait until both are in the e-mail log.
    const res = await poll(
      () => timeline(order.splitId, shop.owner.token),
      (r) => r.status === 200 && r.body.data.filter((e: Entry) => e.kind === 'invitation_sent').length === 2,
    );
    const data = res.body.data as Entry[];
    const kinds = data.map((e) => e.kind);
    for (const kind of [
      'created',
      'invitation_sent',
      'opened',
      'reminder_sent',
      'hold_placed',
      'captured',
      'paid',
      'refunded',
    ])
      expect(kinds).toContain(kind);

    // Newest first.
    const times = data.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(kinds.at(-1)).toBe('created');
    expect(kinds.indexOf('refunded')).toBeLessThan(kinds.indexOf('paid'));

    const one = (kind: string, participantId?: string) =>
      data.find((e) => e.kind === kind && (participantId === undefined || e.participant_id === participantId))!;
    expect(one('created')).toMatchObject({ actor: 'buyer', participant_id: null });
    expect(one('created').summary).toContain('£30.00');
    expect(one('opened', friendShare!.id)).toMatchObject({ actor: 'participant' });
    expect(data.some((e) => e.kind === 'opened' && e.participant_id === buyerShare!.id)).toBe(false);
    expect(one('reminder_sent')).toMatchObject({ actor: `dashboard:${shop.owner.id}`, participant_id: null });
    expect(one('reminder_sent').summary).toBe('Reminder sent to 2 people still to pay.');
    // The reminder e-mails the call sent are told by the call's entry, not again as automatic ones.
    expect(data.filter((e) => e.kind === 'reminder_sent')).toHaveLength(1);
    for (const share of [buyerShare!, friendShare!]) {
      expect(one('hold_placed', share.id)).toMatchObject({ actor: 'participant' });
      // The card it was placed on, and its last four (the emulator's test Visa).
      expect(one('hold_placed', share.id).summary).toMatch(/ on a Visa ending 4242\.$/);
      expect(one('captured', share.id)).toMatchObject({ actor: 'system' });
      expect(one('invitation_sent', share.id).summary).toContain(share.email);
    }
    expect(one('captured', friendShare!.id).summary).toContain('£20.20');
    expect(one('refunded')).toMatchObject({ actor: `dashboard:${shop.finance.id}`, participant_id: null });
    expect(one('refunded').summary).toBe('Refunded £5.00. Reason: Corkage waived');
    // No event names reach a person.
    for (const e of data) expect(e.summary).not.toMatch(/checkout_split|[a-z]_[a-z]/);

    expect(res.body.order).toEqual({
      line_items: [
        { description: 'Dinner for two', quantity: 1, amount: '25.00' },
        { description: 'Corkage', quantity: 1, amount: '5.00' },
      ],
      metadata: { table: '12' },
      session_token: order.token,
      organiser_participant_id: buyerShare!.id,
    });
  });

  it('answers every role of the business, never the hosted buyer or anyone else', async () => {
    // A buyer who accepted the terms, so the refusal is the timeline's own, not the consent step.
    const organiser = await createUser(stack.db);
    const order = await sessionWithSplit(
      stack,
      shop.testKey,
      organiser.token,
      {
        mode: 'split',
        participants: [
          { email: organiser.email, amount: 10 },
          { email: uniqueEmail('f'), amount: 10 },
        ],
      },
      { amount: 20 },
    );
    for (const who of [shop.owner, shop.admin, shop.finance, shop.member]) {
      const res = await timeline(order.splitId, who.token);
      expect(res.status).toBe(200);
      expect(res.body.data.at(-1).kind).toBe('created');
    }
    // The buyer may read the split detail as its creator, but not its timeline.
    expect((await stack.api.get(`/api/checkout-splits/${order.splitId}`, { token: organiser.token })).status).toBe(200);
    const asBuyer = await timeline(order.splitId, organiser.token);
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe('forbidden');
    const outsider = await createUser(stack.db);
    expect((await timeline(order.splitId, outsider.token)).status).toBe(403);
    expect((await stack.api.get(`/api/checkout-splits/${order.splitId}/timeline`)).status).toBe(401);
    expect((await timeline('00000000-0000-4000-8000-000000000000', shop.owner.token)).status).toBe(404);

    // Cancelled from the dashboard: who, once.
    const cancel = await stack.api.post(`/api/checkout-splits/${order.splitId}/cancel`, undefined, {
      token: shop.member.token,
    });
    expect(cancel.status).toBe(200);
    await waitForSplitStatus(stack, order.splitId, ['canceled']);
    const after = (await timeline(order.splitId, shop.owner.token)).body.data as Entry[];
    expect(after.filter((e) => e.kind === 'canceled')).toEqual([
      {
        at: expect.any(String),
        kind: 'canceled',
        participant_id: null,
        actor: `dashboard:${shop.member.id}`,
        summary: 'Order cancelled: every hold is released and nobody is charged.',
      },
    ]);
    expect(after[0]!.kind).not.toBe('created');
    expect((await timeline('nope', shop.owner.token)).status).toBe(404);
  });
});
