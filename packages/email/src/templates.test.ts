import { renderEmail } from './templates';
import { deliverabilityHeaders, dkimOptions, fromHeader, sendingDomain } from './transport';
import { formatUkDateTime, timeLeft } from './uk-time';

const invitation = {
  business_name: 'Corner Deli',
  order_reference: 'WH29',
  amount: '2.00',
  fee: '0.20',
  card_charge: '2.20',
  pay_url: 'https://pay.example/pay/tok',
  expires_at: '2026-12-04T06:08:24Z',
  unsubscribe_url: 'https://pay.example/api/email/unsubscribe?token=abc.def',
};

describe('UK time in e-mails', () => {
  it('gives the deadline in Europe/London with its day name: GMT in winter, BST in summer', () => {
    expect(formatUkDateTime('2026-12-04T06:08:24Z')).toBe('Friday 4 December at 06:08 (UK time)');
    // 05:30 UTC on 4 July is 06:30 BST.
    expect(formatUkDateTime('2026-07-04T05:30:00Z')).toBe('Saturday 4 July at 06:30 (UK time)');
    // The night the clocks go back: 00:30 UTC is 01:30 BST, 01:30 UTC is 01:30 GMT.
    expect(formatUkDateTime('2026-10-25T00:30:00Z')).toBe('Sunday 25 October at 01:30 (UK time)');
    expect(formatUkDateTime('2026-10-25T01:30:00Z')).toBe('Sunday 25 October at 01:30 (UK time)');
  });

  it('says how long is left as a person would', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(timeLeft('2026-12-01T00:59:00Z', now)).toBe('less than an hour');
    expect(timeLeft('2026-12-01T01:00:00Z', now)).toBe('1 hour');
    expect(timeLeft('2026-12-01T23:30:00Z', now)).toBe('23 hours');
    expect(timeLeft('2026-12-02T00:00:00Z', now)).toBe('1 day');
    expect(timeLeft('2026-12-03T03:10:00Z', now)).toBe('2 days and 3 hours');
  });
});

describe('the invitation', () => {
  it('says who asked, for what, how far the group is, and the deadline in UK time, with one button', () => {
    const mail = renderEmail('splits.invitation', {
      ...invitation,
      requested_by: 'Bea',
      order_lines: [
        { description: 'Pizza', quantity: 1, amount: '£1.50' },
        { description: 'Voucher', quantity: 1, amount: '−£0.50' },
      ],
      paid_count: 1,
      total_count: 3,
    });
    expect(mail.subject).toBe('Pay your share of WH29 at Corner Deli');
    expect(mail.text).toContain('Bea asked you to pay £2.00 towards WH29 at Corner Deli.');
    expect(mail.text).toContain('  1 × Pizza  £1.50\n  1 × Voucher  −£0.50\n');
    expect(mail.text).toContain('Your card will be held for £2.20 (your £2.00 share plus a £0.20 service fee).');
    expect(mail.text).toContain('1 of 3 holds in place so far.');
    expect(mail.text).toContain('Pay your share: https://pay.example/pay/tok');
    expect(mail.text).toContain(
      "Nothing is taken until everyone's hold is in place. If the group does not finish by Friday 4 December at 06:08 (UK time)",
    );
    expect(mail.text).not.toContain('GMT');
    expect(mail.unsubscribeUrl).toBe(invitation.unsubscribe_url);
    // Exactly one call to action in the HTML part.
    expect(mail.html.match(/class="gs-button" href=/g)).toHaveLength(1);
    expect(mail.html).toContain('href="https://pay.example/pay/tok"');
  });

  it('escapes what people typed (the name, the order lines) in the HTML part', () => {
    const mail = renderEmail('splits.invitation', {
      ...invitation,
      requested_by: '<b>Bea</b>',
      order_lines: [{ description: '<img src=x>', quantity: 1, amount: '£2.00' }],
    });
    expect(mail.html).toContain('&lt;b&gt;Bea&lt;/b&gt; asked you');
    expect(mail.html).toContain('1 × &lt;img src=x&gt;');
    expect(mail.html).not.toContain('<img');
  });

  it('still renders an e-mail queued before these fields existed', () => {
    const mail = renderEmail('splits.invitation', invitation);
    expect(mail.text).toContain('You have been asked to pay £2.00 towards WH29 at Corner Deli.');
    expect(mail.text).not.toContain('in place so far');
    expect(mail.fromName).toBeUndefined();
  });

  it('comes from "<organiser\'s name> via <business>" when the organiser gave their name, and opens with it', () => {
    const mail = renderEmail('splits.invitation', { ...invitation, requested_by: 'Bea', organiser_name: 'Bea' });
    expect(mail.fromName).toBe('Bea via Corner Deli');
    expect(mail.text.startsWith('Bea asked you to pay £2.00 towards WH29 at Corner Deli.\n')).toBe(true);
    expect(mail.html).toContain(
      'Bea asked you to pay <strong>£2.00</strong> towards <strong>WH29</strong> at Corner Deli.',
    );
  });

  it('names the masked address when there is no name, and keeps our From line', () => {
    const mail = renderEmail('splits.invitation', {
      ...invitation,
      requested_by: 'b***@example.com',
      organiser_name: null,
    });
    expect(mail.text).toContain('b***@example.com asked you to pay £2.00 towards WH29 at Corner Deli.');
    expect(mail.fromName).toBeUndefined();
  });
});

describe('the From line', () => {
  const config = { MAIL_FROM: 'groupsplit <no-reply@groupsplit.test>' };
  it('is MAIL_FROM as configured unless the e-mail names who it comes from', () => {
    expect(fromHeader(config, {})).toBe('groupsplit <no-reply@groupsplit.test>');
    expect(fromHeader(config, { fromName: 'Bea via Corner Deli' })).toEqual({
      name: 'Bea via Corner Deli',
      address: 'no-reply@groupsplit.test',
    });
    // A display name never carries a line break into the header.
    expect(fromHeader(config, { fromName: 'Bea\r\nBcc: x@example.com' })).toEqual({
      name: 'Bea Bcc: x@example.com',
      address: 'no-reply@groupsplit.test',
    });
  });
});

describe("the organiser's own e-mail", () => {
  const share = { ...invitation, order_lines: [{ description: 'Pizza', quantity: 2, amount: '£4.00' }] };

  it('gives a split organiser their pay link, the group so far and the group link while seats are open', () => {
    const mail = renderEmail('splits.organiser_share', {
      ...share,
      alone: false,
      paid_count: 0,
      total_count: 4,
      members: [
        { who: 'Sam', amount: '1.00' },
        { who: 'kit@example.com', amount: '1.00' },
      ],
      open_count: 1,
      group_url: 'https://pay.example/join/grp',
    });
    expect(mail.subject).toBe('Your share of WH29');
    expect(mail.fromName).toBeUndefined();
    expect(mail.text).toContain('You are splitting WH29 at Corner Deli.');
    expect(mail.text).toContain('  2 × Pizza  £4.00\n');
    expect(mail.text).toContain('Your card will be held for £2.20 (your £2.00 share plus a £0.20 service fee).');
    expect(mail.text).toContain('Pay your share: https://pay.example/pay/tok');
    expect(mail.text).toContain('0 of 4 holds in place so far.\n  Sam  £1.00\n  kit@example.com  £1.00\n');
    expect(mail.text).toContain(
      '1 seat is still open. Send the group link to whoever should take them: https://pay.example/join/grp',
    );
    expect(mail.text).toContain('If the group does not finish by Friday 4 December at 06:08 (UK time)');
    expect(mail.html.match(/class="gs-button" href=/g)).toHaveLength(1);
    expect(mail.html).toContain('href="https://pay.example/join/grp"');
    expect(mail.unsubscribeUrl).toBe(invitation.unsubscribe_url);
  });

  it('has no group link without open seats', () => {
    const mail = renderEmail('splits.organiser_share', {
      ...share,
      alone: false,
      paid_count: 0,
      total_count: 2,
      members: [{ who: 'Sam', amount: '1.00' }],
      open_count: 0,
      group_url: null,
    });
    expect(mail.text).not.toContain('group link');
    expect(mail.html).not.toContain('/join/');
  });

  it('gives someone paying alone their pay link, in words for one person', () => {
    const mail = renderEmail('splits.organiser_share', { ...share, fee: '0.00', card_charge: '2.00', alone: true });
    expect(mail.subject).toBe('Pay for WH29 at Corner Deli');
    expect(mail.text).toContain('You chose to pay for WH29 at Corner Deli yourself.');
    expect(mail.text).toContain('Your card will be held for £2.00.\n');
    expect(mail.text).toContain('Pay now: https://pay.example/pay/tok');
    expect(mail.text).toContain('If you do not pay by Friday 4 December at 06:08 (UK time), the order is cancelled');
    expect(mail.text).not.toMatch(/have paid|group|service fee/);
  });
});

describe('the reminder', () => {
  it('says how long is left and who is still missing, masked, but not the reader', () => {
    const expires = new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString();
    const mail = renderEmail('checkout.reminder', {
      ...invitation,
      expires_at: expires,
      paid_count: 1,
      total_count: 3,
      missing: ['b***@example.com'],
    });
    expect(mail.text).toContain('is still waiting: £2.20. 5 hours left.');
    expect(mail.text).toContain('1 of 3 holds in place; still to pay: b***@example.com.');
    expect(mail.html.match(/class="gs-button" href=/g)).toHaveLength(1);
  });
});

describe('receipts', () => {
  const order = { business_name: 'Corner Deli', order_reference: 'WH29' };

  it('the charged receipt shows share + fee = charge, the card, and the order total', () => {
    const mail = renderEmail('receipts.charged', {
      ...order,
      amount: '30.20',
      share: '30.00',
      fee: '0.20',
      card_brand: 'visa',
      card_last4: '4242',
      charge_id: 'ch_1',
      captured_at: '2026-07-04T05:30:00Z',
      order_lines: [{ description: 'Tasting menu', quantity: 3, amount: '£90.00' }],
      order_total: '90.00',
      total_count: 3,
    });
    expect(mail.subject).toBe('Receipt: £30.20 paid for WH29 at Corner Deli');
    expect(mail.text).toContain('£30.00 share + £0.20 fee = £30.20 charged to Visa ••••4242.');
    expect(mail.text).toContain('Order total: £90.00');
    expect(mail.text).toContain('Paid on Saturday 4 July at 06:30 (UK time).');
    expect(mail.text).not.toContain('Everyone in your group has paid');
  });

  it('the last payer of a group that captures at once hears both in one: their hold and the order complete', () => {
    const mail = renderEmail('receipts.charged', {
      ...order,
      amount: '30.20',
      share: '30.00',
      fee: '0.20',
      captured_at: '2026-12-04T06:08:24Z',
      completed_by_you: true,
      organiser: true,
      total_count: 3,
    });
    expect(mail.text).toContain('Your hold was the last one the group needed, so the order is complete');
    expect(mail.text).toContain('£30.00 share + £0.20 fee = £30.20 charged to your card.');
    expect(mail.text).toContain('Everyone in your group has paid: all 3 shares, the whole order.');
  });

  it('someone with two shares reads both charges in one receipt', () => {
    const mail = renderEmail('receipts.charged', {
      ...order,
      amount: '25.40',
      share: '15.00',
      fee: '0.20',
      captured_at: '2026-12-04T06:08:24Z',
      charges: [
        { share: '15.00', fee: '0.20', amount: '15.20', card_brand: 'visa', card_last4: '4242', charge_id: 'ch_1' },
        { share: '10.00', fee: '0.20', amount: '10.20', card_brand: 'visa', card_last4: '4242', charge_id: 'ch_2' },
      ],
    });
    expect(mail.subject).toBe('Receipt: £25.40 paid for WH29 at Corner Deli');
    expect(mail.text).toContain(
      '£15.00 share + £0.20 fee = £15.20 charged to Visa ••••4242 (payment reference ch_1); £10.00 share + £0.20 fee = £10.20 charged to Visa ••••4242 (payment reference ch_2): £25.40 in all.',
    );
  });

  it('a merchant-accept order: the last hold says the group is complete and the shop confirms it', () => {
    const mail = renderEmail('receipts.hold_placed', {
      ...order,
      held: '15.20',
      paid_count: 3,
      total_count: 3,
      expires_at: '2026-12-04T06:08:24Z',
      everyone_in: true,
    });
    expect(mail.subject).toBe('Your £15.20 hold for WH29 at Corner Deli is in place: the group is complete');
    expect(mail.text).toContain(
      '3 of 3 holds in place, so the group is complete. Corner Deli is confirming the order now.',
    );
    expect(mail.text).not.toMatch(/\bpaid\b/);
  });

  it('"one person left" names the one left, or is the organiser\'s own reminder with their pay button', () => {
    const common = { ...order, total_count: 3, expires_at: '2026-07-04T05:30:00Z' };
    const other = renderEmail('organiser.one_left', { ...common, missing: 'Cat' });
    expect(other.text).toContain('2 of 3 holds in place for WH29 at Corner Deli. Only Cat is still to place theirs.');
    expect(other.html).not.toMatch(/class="gs-button" href=/);
    const yours = renderEmail('organiser.one_left', {
      ...common,
      yours: true,
      pay_url: 'https://pay.example/pay/tok',
      card_charge: '15.20',
    });
    expect(yours.subject).toBe('Your share is the last one for WH29 at Corner Deli');
    expect(yours.text).toContain('Yours is the last one the group needs.');
    expect(yours.text).toContain('Pay your share: https://pay.example/pay/tok');
    expect(yours.text).toContain('by Saturday 4 July at 06:30 (UK time)');
    expect(yours.html.match(/class="gs-button" href=/g)).toHaveLength(1);
  });
});

describe('the cancel notice', () => {
  const base = {
    business_name: 'Corner Deli',
    order_reference: 'WH29',
    expires_at: '2026-07-04T05:30:00Z',
    amount: '15.00',
  };
  const heldShare = { share: '15.00', amount: '15.20', held: true, card_brand: 'visa', card_last4: '4242' };
  const pendingShare = { share: '15.00', amount: '15.20', held: false, card_brand: null, card_last4: null };

  it('the shop cancelled: a payer with a hold hears it was released, on which card, and what to do', () => {
    const mail = renderEmail('checkout.order_canceled', {
      ...base,
      cause: 'shop',
      role: 'participant',
      shares: [heldShare],
    });
    expect(mail.subject).toBe('WH29 at Corner Deli was cancelled');
    expect(mail.text).toContain('Corner Deli cancelled WH29.');
    expect(mail.text).toContain('The £15.20 hold on Visa ••••4242 has been released. Nothing was taken.');
    expect(mail.text).toContain('reply to this e-mail to reach Corner Deli');
    expect(mail.text).toContain('Some banks take a few days');
  });

  it('a member with no hold hears nothing was taken; the organiser without a share hears every hold went', () => {
    const member = renderEmail('checkout.order_canceled', {
      ...base,
      cause: 'shop',
      role: 'participant',
      shares: [pendingShare],
    });
    expect(member.text).toContain('Your £15.00 share will not be taken: there was no hold on your card');
    expect(member.text).not.toContain('Some banks');
    const organiser = renderEmail('checkout.order_canceled', { ...base, cause: 'shop', role: 'organiser', shares: [] });
    expect(organiser.text).toContain('Every hold in the group has been released. Nobody was charged.');
  });

  it('the time ran out: says when, in UK time (BST in July), and how the organiser can try again', () => {
    const mail = renderEmail('checkout.order_canceled', {
      ...base,
      cause: 'expired',
      role: 'organiser',
      shares: [pendingShare],
    });
    expect(mail.subject).toBe('WH29 at Corner Deli was cancelled: the time ran out');
    expect(mail.text).toContain("Not everyone's hold was in place by Saturday 4 July at 06:30 (UK time)");
    expect(mail.text).toContain('To try again, go back to Corner Deli and place the order again');
    expect(mail.text).not.toMatch(/UTC|GMT|Canceled/);
  });

  it('support, or the organiser themself', () => {
    expect(
      renderEmail('checkout.order_canceled', { ...base, cause: 'support', role: 'participant', shares: [heldShare] })
        .text,
    ).toContain('was cancelled by groupsplit support');
    expect(
      renderEmail('checkout.order_canceled', {
        ...base,
        cause: 'organiser',
        role: 'participant',
        organiser: 'Bea',
        shares: [pendingShare],
      }).text,
    ).toContain('Bea cancelled WH29 at Corner Deli.');
    expect(
      renderEmail('checkout.order_canceled', { ...base, cause: 'organiser', role: 'organiser', shares: [heldShare] })
        .text,
    ).toContain('You cancelled WH29 at Corner Deli.');
  });

  it('still renders a notice queued by an older version', () => {
    const mail = renderEmail('checkout.order_canceled', {
      business_name: 'Corner Deli',
      order_reference: 'WH29',
      amount: '15.00',
    });
    expect(mail.text).toContain('Corner Deli cancelled WH29. Your £15.00 share will not be taken');
  });
});

describe('every time in an e-mail is UK time', () => {
  it('the team invitation, the dispute notice and the webhook notice: BST in July, never GMT or UTC', () => {
    const july = '2026-07-04T05:30:00Z';
    const mails = [
      renderEmail('team.invite', {
        business_name: 'Corner Deli',
        role: 'finance',
        accept_url: 'https://x/t',
        expires_at: july,
      }),
      renderEmail('refunds.dispute_opened', {
        business_name: 'Corner Deli',
        order_reference: 'WH29',
        split_id: 's',
        participant_email: 'b***@example.com',
        amount: '15.20',
        reason: null,
        dispute_id: 'dp_1',
        mode: 'test',
        disputed_at: july,
      }),
      renderEmail('webhooks.delivery_given_up', {
        business_name: 'Corner Deli',
        mode: 'test',
        event_id: 'evt_1',
        event_type: 'checkout_split.paid',
        attempts: 9,
        url: 'https://shop.example/hooks',
        last_error: null,
        last_status_code: 500,
        first_attempt_at: july,
      }),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain('Saturday 4 July at 06:30 (UK time)');
      expect(mail.text).not.toMatch(/GMT|UTC/);
    }
  });
});

describe('deliverability headers', () => {
  const config = { MAIL_FROM: 'groupsplit <no-reply@mail.groupsplit.example>', MAIL_UNSUBSCRIBE_MAILTO: undefined };

  it('offer one-click unsubscribe by https and by mail, and mark the mail auto-generated', () => {
    const mail = renderEmail('splits.invitation', invitation);
    expect(deliverabilityHeaders(config, mail)).toEqual({
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${invitation.unsubscribe_url}>, <mailto:unsubscribe@mail.groupsplit.example?subject=unsubscribe%20abc.def>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('carry no unsubscribe header on mail that is not a list (a sign-in code)', () => {
    const mail = renderEmail('auth.sign_in_code', { code: '123456', validMinutes: 10 });
    expect(deliverabilityHeaders(config, mail)).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('take the sending domain from MAIL_FROM', () => {
    expect(sendingDomain({ MAIL_FROM: 'groupsplit <no-reply@groupsplit.test>' })).toBe('groupsplit.test');
    expect(sendingDomain({ MAIL_FROM: 'bare@example.org' })).toBe('example.org');
  });

  it('sign with DKIM only when all three settings are given, naming what is missing', () => {
    expect(dkimOptions({})).toBeUndefined();
    expect(() => dkimOptions({ DKIM_DOMAIN: 'example.org' })).toThrow(
      'Invalid configuration: DKIM_SELECTOR, DKIM_PRIVATE_KEY: required when DKIM is configured',
    );
    expect(
      dkimOptions({ DKIM_DOMAIN: 'example.org', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: '-----BEGIN\\nKEY-----' }),
    ).toEqual({ domainName: 'example.org', keySelector: 's1', privateKey: '-----BEGIN\nKEY-----' });
  });
});
