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
import { sql } from 'kysely';
import { createCheckoutMerchant, payTokenOf, sessionWithSplit, startCheckoutStack } from '../test-support/sessions';

/** Every receipt-making event of the split handed over (its e-mails' workflows started). */
const receiptsHandedOver = (stack: Stack, splitId: string, types: string[]) =>
  waitUntil(
    `receipts of ${types.join(', ')} handed over`,
    () =>
      stack.db
        .selectFrom('webhook_events')
        .select(['type', 'receipts_at'])
        .where(sql<string>`payload->>'split_id'`, '=', splitId)
        .execute(),
    (rows) => types.every((t) => rows.some((r) => r.type === t && r.receipts_at !== null)),
  );

/** The templates of the e-mails the workflows took for `to` (sent or suppressed), sorted. */
const templatesTo = (stack: Stack, to: string) =>
  stack.db
    .selectFrom('emails')
    .select('template')
    .where('recipient', '=', to)
    .orderBy('template')
    .execute()
    .then((rows) => rows.map((r) => r.template));

/**
 * Receipts and the organiser's notices (docs/emails.md), as the people of a group of three find them
 * in their mailboxes: invitations naming the organiser, a hold receipt per payer (but the last, whose
 * charged receipt says both), a charged receipt per payer showing share + fee = charge and the order
 * total, the organiser's "everyone has paid" in their own receipt; a refund's "refunded"; a cancelled
 * or expired group's notice to everyone.
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
    // (the buyer) hears that one person is left. The first friend pays with Apple Pay: every e-mail
    // names the wallet and the card behind it (packages/email/src/cards).
    const cardOf = (who: string) => (who === a ? 'Apple Pay (Visa ••••4242)' : 'Visa ••••4242');
    for (const [i, who] of [buyer.email, a].entries()) {
      const method = who === a ? 'pm_card_applePay_visa' : 'pm_card_visa';
      expect((await authoriseShare(stack, payTokenOf(participants[i]!.pay_url), method)).status).toBe(200);
      const hold = await waitForMail(who, { subject: 'hold for' });
      expect(hold.Subject).toMatch(/^Your £15\.20 hold for Order at .+ is in place$/);
      expect(hold.Text).toContain(`£15.20 is held on ${cardOf(who)} for your share of`);
      expect(hold.Text).toContain(`${i + 1} of 3 holds in place so far.`);
      expect(hold.Text).not.toMatch(/have paid/);
    }
    const oneLeft = await waitForMail(buyer.email, { subject: 'One person left' });
    expect(oneLeft.Text).toContain(`Only ${b[0]}***@example.test is still to place theirs.`);

    // The last friend's hold completes the group: one e-mail, the receipt, says both.
    expect((await authoriseShare(stack, payTokenOf(participants[2]!.pay_url))).status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['captured']);
    for (const who of [buyer.email, a, b]) {
      const charged = await waitForMail(who, { subject: 'Receipt: £15.20 paid' });
      expect(charged.Text).toContain(`£15.00 share + £0.20 fee = £15.20 charged to ${cardOf(who)}.`);
      expect(charged.Text).toMatch(/Payment reference: ch_\w+\./);
      expect(charged.Text).toContain('3 × Tasting menu  £45.00');
      expect(charged.Text).toContain('Order total: £45.00');
      if (who === b)
        expect(charged.Text).toContain('Your hold was the last one the group needed, so the order is complete');
      else expect(charged.Text).toContain('Every hold was in place, so ');
    }
    await receiptsHandedOver(stack, splitId, ['checkout_split.participant_authorised', 'checkout_split.paid']);
    const toLast = await templatesTo(stack, b);
    expect(toLast).toContain('receipts.charged');
    expect(toLast).not.toContain('receipts.hold_placed');
    expect((await mailTo(b)).filter((m) => m.Subject.includes('hold for'))).toHaveLength(0);
    // The organiser hears that the group is done in their own receipt, not in a second e-mail.
    const own = await waitForMail(buyer.email, { subject: 'Receipt: £15.20 paid' });
    expect(own.Text).toContain('Everyone in your group has paid: all 3 shares, the whole order.');
    expect(await templatesTo(stack, buyer.email)).not.toContain('organiser.everyone_paid');
    const organiserMails = (await mailTo(buyer.email)).filter((m) =>
      /Everyone has paid|One person left/.test(m.Subject),
    );
    expect(organiserMails).toHaveLength(1);

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
      expect(refunded.Text).toContain(`to ${cardOf(who)}.`);
      expect(refunded.Text).toContain('Banks usually show a refund within 5 to 10 working days.');
    }
  });

  it('a group of two: the organiser hears "everyone has paid" in their receipt; an unsubscribed payer gets no receipt', async () => {
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
    const done = await waitForMail(organiser.email, { subject: 'Receipt:' });
    expect(done.Text).toContain('Everyone in your group has paid: all 2 shares, the whole order.');
    // The friend paid last: their one receipt (the charged one) reached the e-mail workflow and was
    // suppressed, not sent.
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
      (rows) => rows.length === 1,
    ).then((rows) => expect(rows).toEqual([{ template: 'receipts.charged', status: 'suppressed' }]));
    await waitForMail(organiser.email, { subject: 'Receipt:' });
    const subjects = (await mailTo(friend)).map((m) => m.Subject);
    expect(subjects).toEqual([expect.stringMatching(/^Pay your share/)]);
  });
});

describe('the last hold of an order the shop accepts', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof startCheckoutStack>>['shop'];

  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  it('says the group is complete and the shop is confirming; the receipt follows the accept', async () => {
    const organiser = await createUser(stack.db, { consent: false });
    const friend = uniqueEmail('last');
    const { splitId, participants } = await sessionWithSplit(
      stack,
      shop.testKey,
      organiser.token,
      {
        mode: 'split',
        participants: [
          { email: organiser.email, amount: '20.00' },
          { email: friend, amount: '20.00' },
        ],
      },
      { amount: 40, capture: 'merchant_accept' },
    );
    for (const p of participants) expect((await authoriseShare(stack, payTokenOf(p.pay_url))).status).toBe(200);
    const complete = await waitForMail(friend, { subject: 'the group is complete' });
    expect(complete.Text).toContain('2 of 2 holds in place, so the group is complete.');
    expect(complete.Text).toContain(`${shop.merchant.name} is confirming the order now.`);
    expect(complete.Text).not.toContain('charged');

    const accepted = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/accept`, undefined, {
      apiKey: shop.testKey,
    });
    expect(accepted.status).toBeLessThan(300);
    await waitForSplitStatus(stack, splitId, ['captured']);
    const receipt = await waitForMail(friend, { subject: 'Receipt: £20.20 paid' });
    expect(receipt.Text).toContain('Every hold was in place, so ');
    expect(receipt.Text).toContain('£20.00 share + £0.20 fee = £20.20 charged to Visa ••••4242.');
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

  it('tells everyone the time ran out: the organiser their hold was released, the friend nothing was taken', async () => {
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
    const released = await waitForMail(buyer.email, { subject: 'was cancelled: the time ran out' });
    expect(released.Text).toContain("Not everyone's hold was in place by ");
    expect(released.Text).toContain('(UK time), so the time ran out and Order at');
    expect(released.Text).toContain('The £30.20 hold on Visa ••••4242 has been released. Nothing was taken.');
    expect(released.Text).toContain('To try again, go back to ');
    const told = await waitForMail(friend, { subject: 'was cancelled: the time ran out' });
    expect(told.Text).toContain('Your £30.00 share will not be taken: there was no hold on your card');
    expect(told.Text).toContain('whoever organised it can place it again');
    await receiptsHandedOver(stack, splitId, ['checkout_split.canceled']);
    for (const who of [buyer.email, friend]) {
      expect((await mailTo(who)).filter((m) => m.Subject.includes('was cancelled'))).toHaveLength(1);
    }
  });
});

describe('a cancel tells everyone, once each', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof startCheckoutStack>>['shop'];

  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  it('the shop cancels from its server: the payers with holds, the member who never paid and the organiser', async () => {
    const organiser = await createUser(stack.db, { consent: false });
    const [held, waiting] = [uniqueEmail('held'), uniqueEmail('waiting')];
    const { splitId, participants } = await sessionWithSplit(
      stack,
      shop.testKey,
      organiser.token,
      {
        mode: 'split',
        participants: [
          { email: organiser.email, amount: '10.00' },
          { email: held, amount: '10.00' },
          { email: waiting, amount: '10.00' },
        ],
      },
      { amount: 30, order_reference: 'ORD-TELL' },
    );
    for (const i of [0, 1])
      expect((await authoriseShare(stack, payTokenOf(participants[i]!.pay_url))).status).toBe(200);
    const res = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, {
      apiKey: shop.testKey,
    });
    expect(res.status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['canceled']);

    for (const who of [organiser.email, held]) {
      const mail = await waitForMail(who, { subject: 'was cancelled' });
      expect(mail.Subject).toBe(`ORD-TELL at ${shop.merchant.name} was cancelled`);
      expect(mail.Text).toContain(`${shop.merchant.name} cancelled ORD-TELL.`);
      expect(mail.Text).toContain('The £10.20 hold on Visa ••••4242 has been released. Nothing was taken.');
      expect(mail.Text).toContain(`reply to this e-mail to reach ${shop.merchant.name}`);
    }
    const member = await waitForMail(waiting, { subject: 'was cancelled' });
    expect(member.Text).toContain('Your £10.00 share will not be taken: there was no hold on your card');
    expect(member.Text).not.toContain('hold on Visa');

    // One e-mail per person for this cause: nothing from the old "released" receipt, nothing twice.
    await receiptsHandedOver(stack, splitId, ['checkout_split.canceled']);
    for (const who of [organiser.email, held, waiting]) {
      expect((await mailTo(who)).filter((m) => m.Subject.includes('cancelled'))).toHaveLength(1);
      expect(await templatesTo(stack, who)).not.toContain('receipts.released');
    }
  });

  it('the shop cancels on its dashboard: the organiser who asked one person to pay is told too', async () => {
    const organiser = await createUser(stack.db, { consent: false });
    const payer = uniqueEmail('payer');
    const { splitId } = await sessionWithSplit(
      stack,
      shop.testKey,
      organiser.token,
      { mode: 'one_payer', payer_email: payer },
      { amount: 24, order_reference: 'ORD-DASH' },
    );
    const res = await stack.api.post(`/api/checkout-splits/${splitId}/cancel`, undefined, { token: shop.owner.token });
    expect(res.status).toBe(200);
    await waitForSplitStatus(stack, splitId, ['canceled']);
    const own = await waitForMail(organiser.email, { subject: 'was cancelled' });
    expect(own.Text).toContain(`${shop.merchant.name} cancelled ORD-DASH`);
    expect(own.Text).toContain('Every hold in the group has been released. Nobody was charged.');
    const theirs = await waitForMail(payer, { subject: 'was cancelled' });
    expect(theirs.Text).toContain('Your £24.00 share will not be taken');
  });
});

describe('"one person left" when the one left is the organiser', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof startCheckoutStack>>['shop'];

  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  it('is their own reminder, with their pay link, never naming them as the one missing', async () => {
    const organiser = await createUser(stack.db, { consent: false });
    const [a, b] = [uniqueEmail('a'), uniqueEmail('b')];
    const { splitId, participants } = await sessionWithSplit(
      stack,
      shop.testKey,
      organiser.token,
      {
        mode: 'split',
        participants: [
          { email: organiser.email, amount: '15.00' },
          { email: a, amount: '15.00' },
          { email: b, amount: '15.00' },
        ],
      },
      { amount: 45 },
    );
    for (const i of [1, 2])
      expect((await authoriseShare(stack, payTokenOf(participants[i]!.pay_url))).status).toBe(200);
    const mail = await waitForMail(organiser.email, { subject: 'Your share is the last one' });
    expect(mail.Text).toContain('Yours is the last one the group needs.');
    expect(mail.Text).toContain(`Pay your share: ${participants[0]!.pay_url}`);
    expect(mail.Text).not.toContain('***@');
    expect(mail.HTML).toContain(`href="${participants[0]!.pay_url}"`);
    await receiptsHandedOver(stack, splitId, ['checkout_split.participant_authorised']);
    expect((await mailTo(organiser.email)).filter((m) => m.Subject.includes('One person left'))).toHaveLength(0);
  });
});
