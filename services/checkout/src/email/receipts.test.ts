import {
  authoriseShare,
  createUser,
  mailTo,
  type Stack,
  startStack,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { createCheckoutMerchant, payTokenOf, sessionWithSplit, startCheckoutStack } from '../test-support/sessions';

/**
 * Receipts and the organiser's notices (docs/emails.md), as the people of a group of three find them
 * in their mailboxes: invitations naming the organiser, a hold receipt per payer, a charged receipt
 * per payer, the organiser's "everyone has paid"; a refund's "refunded"; an expired group's "released".
 */
describe('receipts for every payer', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof startCheckoutStack>>['shop'];
  let buyer: Awaited<ReturnType<typeof startCheckoutStack>>['buyer'];

  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  it('a group of three, from invitation to capture, then a refund', async () => {
    const [a, b] = [uniqueEmail('friend'), uniqueEmail('friend')];
    const { splitId, participants } = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '15.00', name: 'Bea' },
          { email: a, amount: '15.00' },
          { email: b, amount: '15.00' },
        ],
      },
      { amount: 45, customer_name: 'Bea', line_items: [{ description: 'Tasting menu', amount: 45, quantity: 3 }] },
    );
    for (const friend of [a, b]) {
      expect((await waitForMail(friend, { subject: 'Pay your share' })).Text).toContain('Bea asked you to pay');
    }

    // The buyer and the first friend pay: each gets a hold receipt naming the card; the organiser
    // (the buyer) hears that one person is left.
    for (const [i, who] of [buyer.email, a].entries()) {
      expect((await authoriseShare(stack, payTokenOf(participants[i]!.pay_url))).status).toBe(200);
      const hold = await waitForMail(who, { subject: 'hold for' });
      expect(hold.Subject).toMatch(/^Your £15\.20 hold for Order at .+ is in place$/);
      expect(hold.Text).toContain('£15.20 is held on Visa ending 4242 for your share of');
      expect(hold.Text).toContain(`${i + 1} of 3 have paid so far.`);
    }
    const oneLeft = await waitForMail(buyer.email, { subject: 'One person left' });
    expect(oneLeft.Text).toContain(`Only ${b[0]}***@example.test is still to pay.`);

    expect((await authoriseShare(stack, payTokenOf(participants[2]!.pay_url))).status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['captured']);
    for (const who of [buyer.email, a, b]) {
      const charged = await waitForMail(who, { subject: 'Receipt: £15.20 paid' });
      expect(charged.Text).toContain('has taken £15.20 from Visa ending 4242');
      expect(charged.Text).toMatch(/Payment reference: ch_\w+\./);
      expect(charged.Text).toContain('3 × Tasting menu  £45.00');
    }
    // The organiser hears that the group is done, once.
    const done = await waitForMail(buyer.email, { subject: 'Everyone has paid' });
    expect(done.Text).toContain('All 3 people have paid their share of Order at');
    expect(done.Text).toContain('£45.00 in all');
    const organiserMails = (await mailTo(buyer.email)).filter((m) =>
      /Everyone has paid|One person left/.test(m.Subject),
    );
    expect(organiserMails).toHaveLength(2);

    const refund = await stack.api.post(
      `/api/merchants/checkout/splits/${splitId}/refund`,
      { amount: '15.00' },
      { apiKey: shop.testKey },
    );
    expect(refund.status).toBe(200);
    // £15.00 of a £45.00 order comes back as £5.00 of each share (docs/refunds.md).
    for (const who of [buyer.email, a, b]) {
      const refunded = await waitForMail(who, { subject: 'refunded for' });
      expect(refunded.Subject).toMatch(/^£5\.00 refunded for Order at /);
      expect(refunded.Text).toContain('to Visa ending 4242');
      expect(refunded.Text).toContain('Banks usually show a refund within 5 to 10 working days.');
    }
  });

  it('a group of two: the organiser hears "everyone has paid"; an unsubscribed payer gets no receipt', async () => {
    const friend = uniqueEmail('quiet');
    const organiser = await createUser(stack.db, { consent: false });
    const { splitId, participants } = await sessionWithSplit(stack, shop.testKey, organiser.token, {
      mode: 'split',
      participants: [
        { email: organiser.email, amount: '20.00' },
        { email: friend, amount: '40.00' },
      ],
    });
    const invite = await waitForMail(friend, { subject: 'Pay your share' });
    const unsubscribe = /Stop these e-mails: (\S+)/.exec(invite.Text)![1]!;
    // One-click unsubscribe, as a mail client's button does it (RFC 8058).
    const res = await fetch(unsubscribe, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);

    for (const p of participants) expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['captured']);
    const done = await waitForMail(organiser.email, { subject: 'Everyone has paid' });
    expect(done.Text).toContain('All 2 people have paid their share of Order at');
    // The friend's hold and charged receipts reached the e-mail workflow and were suppressed, not sent.
    await waitUntil(
      "the unsubscribed friend's receipts suppressed",
      () =>
        stack.db
          .selectFrom('emails')
          .select(['template', 'status'])
          .where('recipient', '=', friend)
          .where('template', 'like', 'receipts.%')
          .orderBy('template')
          .execute(),
      (rows) => rows.length === 2,
    ).then((rows) =>
      expect(rows).toEqual([
        { template: 'receipts.charged', status: 'suppressed' },
        { template: 'receipts.hold_placed', status: 'suppressed' },
      ]),
    );
    await waitForMail(organiser.email, { subject: 'Receipt:' });
    const subjects = (await mailTo(friend)).map((m) => m.Subject);
    expect(subjects).toEqual([expect.stringMatching(/^Pay your share/)]);
  });
});

describe('a group that runs out of time', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof createCheckoutMerchant>>;

  beforeAll(async () => {
    stack = await startStack({ HOLD_TTL_MS: 8000 });
    shop = await createCheckoutMerchant(stack);
  });
  afterAll(() => stack.stop());

  it('tells each payer whose hold was released that nothing was taken', async () => {
    const buyer = await createUser(stack.db, { consent: false });
    const friend = uniqueEmail('late');
    const { splitId, participants } = await sessionWithSplit(stack, shop.testKey, buyer.token, {
      mode: 'split',
      participants: [
        { email: buyer.email, amount: '30.00' },
        { email: friend, amount: '30.00' },
      ],
    });
    expect((await authoriseShare(stack, payTokenOf(participants[0]!.pay_url))).status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['canceled'], 60_000);
    const released = await waitForMail(buyer.email, { subject: 'was released' });
    expect(released.Text).toContain('The group did not finish paying for Order at');
    expect(released.Text).toContain('the £30.20 hold on your card has been released.');
    expect(released.Text).toContain('Nothing was taken, and nobody in the group paid.');
  });
});
