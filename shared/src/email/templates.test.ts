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
    expect(mail.text).toContain('1 of 3 have paid so far.');
    expect(mail.text).toContain('Pay your share: https://pay.example/pay/tok');
    expect(mail.text).toContain('if the group does not finish by Friday 4 December at 06:08 (UK time)');
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
    expect(mail.text).not.toContain('have paid');
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
    expect(mail.text).toContain('0 of 4 have paid so far.\n  Sam  £1.00\n  kit@example.com  £1.00\n');
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
    expect(mail.text).toContain('1 of 3 have paid; still to pay: b***@example.com.');
    expect(mail.html.match(/class="gs-button" href=/g)).toHaveLength(1);
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
