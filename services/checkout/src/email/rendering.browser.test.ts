import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { createMailTransport, loadConfig, renderEmail, sendingAddress, sendRenderedEmail } from '@groupsplit/shared';
import { headerValue, mailHeaders, mailHtmlCheck, uniqueEmail, waitForMail } from '@groupsplit/testing';
import type { BrowserContext } from 'playwright-core';
import { ARTIFACTS, launchBrowser, seriousViolations } from '../pages/test-support/browser';

/**
 * Every e-mail template, sent through the run's real SMTP server and read back as a mailbox would:
 * the deliverability headers, Mailpit's HTML-compatibility score (where the run has Mailpit), and the
 * HTML part in Chromium at a desktop mail pane (600 px) and a phone (390 px), light and dark, with
 * screenshots `test-artifacts/email-<template>-<width>[-dark].png`.
 */
const base = 'http://localhost:3000';
const unsubscribeUrl = `${base}/api/email/unsubscribe?token=YWJj.sig`;
const expires = new Date(Date.now() + 30 * 3_600_000).toISOString();
const order = { business_name: 'Corner Deli', order_reference: 'WH29' };
const share = { amount: '15.00', fee: '0.20', card_charge: '15.20', pay_url: `${base}/pay/tok`, expires_at: expires };

const SAMPLES: Record<string, Record<string, unknown>> = {
  'splits.invitation': {
    ...order,
    ...share,
    unsubscribe_url: unsubscribeUrl,
    requested_by: 'Bea Example',
    organiser_name: 'Bea Example',
    order_lines: [
      { description: 'Sourdough pizza, large', quantity: 2, amount: '£30.00' },
      { description: 'Lemonade', quantity: 3, amount: '£15.00' },
    ],
    paid_count: 1,
    total_count: 3,
  },
  'splits.organiser_share': {
    ...order,
    ...share,
    unsubscribe_url: unsubscribeUrl,
    order_lines: [{ description: 'Sourdough pizza, large', quantity: 3, amount: '£45.00' }],
    alone: false,
    paid_count: 0,
    total_count: 3,
    members: [{ who: 'Sam Example', amount: '15.00' }],
    open_count: 1,
    group_url: `${base}/join/grouptok`,
  },
  'splits.covered': { ...order, amount: '15.00', organiser: 'Bea Example', unsubscribe_url: unsubscribeUrl },
  'checkout.reminder': {
    ...order,
    ...share,
    unsubscribe_url: unsubscribeUrl,
    paid_count: 2,
    total_count: 3,
    missing: ['c***@example.com'],
  },
  'checkout.order_canceled': { ...order, amount: '15.00', unsubscribe_url: unsubscribeUrl },
  // A variant of a template is `<template>#<variant>` (its screenshot carries the variant too).
  'checkout.order_canceled#shop-held': {
    ...order,
    amount: '15.00',
    cause: 'shop',
    role: 'participant',
    organiser: 'b***@example.com',
    expires_at: expires,
    shares: [{ share: '15.00', amount: '15.20', held: true, card_brand: 'visa', card_last4: '4242' }],
    unsubscribe_url: unsubscribeUrl,
  },
  'checkout.order_canceled#expired-organiser': {
    ...order,
    amount: '15.00',
    cause: 'expired',
    role: 'organiser',
    organiser: 'b***@example.com',
    expires_at: expires,
    shares: [{ share: '15.00', amount: '15.20', held: false, card_brand: null, card_last4: null }],
    unsubscribe_url: unsubscribeUrl,
  },
  'checkout.open_seats': {
    ...order,
    group_url: `${base}/join/grouptok`,
    open_count: 2,
    open_amount: '30.00',
    expires_at: expires,
    unsubscribe_url: unsubscribeUrl,
  },
  'receipts.hold_placed': {
    ...order,
    held: '15.20',
    card_brand: 'visa',
    card_last4: '4242',
    paid_count: 2,
    total_count: 3,
    expires_at: expires,
    unsubscribe_url: unsubscribeUrl,
  },
  'receipts.hold_placed#everyone-in': {
    ...order,
    held: '15.20',
    card_brand: 'visa',
    card_last4: '4242',
    paid_count: 3,
    total_count: 3,
    expires_at: expires,
    everyone_in: true,
    unsubscribe_url: unsubscribeUrl,
  },
  'receipts.charged': {
    ...order,
    amount: '15.20',
    share: '15.00',
    fee: '0.20',
    order_total: '45.00',
    total_count: 3,
    completed_by_you: true,
    organiser: true,
    card_brand: 'mastercard',
    card_last4: '4444',
    charge_id: 'ch_3Pexample',
    captured_at: new Date().toISOString(),
    order_lines: [{ description: 'Tasting menu', quantity: 3, amount: '£45.00' }],
    unsubscribe_url: unsubscribeUrl,
  },
  'receipts.charged#two-shares': {
    ...order,
    amount: '25.40',
    share: '15.00',
    fee: '0.20',
    captured_at: new Date().toISOString(),
    charges: [
      { share: '15.00', fee: '0.20', amount: '15.20', card_brand: 'visa', card_last4: '4242', charge_id: 'ch_1' },
      { share: '10.00', fee: '0.20', amount: '10.20', card_brand: 'visa', card_last4: '4242', charge_id: 'ch_2' },
    ],
    order_total: '45.00',
    unsubscribe_url: unsubscribeUrl,
  },
  'receipts.released': { ...order, held: '15.20', reason: 'expired', unsubscribe_url: unsubscribeUrl },
  'receipts.refunded': {
    ...order,
    amount: '5.07',
    card_brand: 'visa',
    card_last4: '4242',
    unsubscribe_url: unsubscribeUrl,
  },
  'organiser.everyone_paid': { ...order, total: '45.00', total_count: 3, unsubscribe_url: unsubscribeUrl },
  'organiser.one_left': {
    ...order,
    total_count: 3,
    missing: 'c***@example.com',
    expires_at: expires,
    unsubscribe_url: unsubscribeUrl,
  },
  'organiser.one_left#yours': {
    ...order,
    total_count: 3,
    yours: true,
    pay_url: `${base}/pay/tok`,
    card_charge: '15.20',
    expires_at: expires,
    unsubscribe_url: unsubscribeUrl,
  },
  'auth.sign_in_code': { code: '482913', validMinutes: 10 },
  'team.invite': {
    business_name: 'Corner Deli',
    role: 'finance',
    inviter_name: 'Ann',
    accept_url: `${base}/team-invites/tok`,
    expires_at: expires,
  },
  'webhooks.delivery_given_up': {
    business_name: 'Corner Deli',
    mode: 'test',
    event_id: 'evt_1',
    event_type: 'checkout_split.paid',
    attempts: 9,
    url: 'https://shop.example/hooks',
    last_error: null,
    last_status_code: 500,
    first_attempt_at: new Date().toISOString(),
  },
  'refunds.dispute_opened': {
    ...order,
    split_id: 'c6b1b1c2-0000-4000-8000-000000000001',
    participant_email: 'b***@example.com',
    amount: '15.20',
    reason: null,
    dispute_id: 'dp_1',
    mode: 'test',
    disputed_at: new Date().toISOString(),
  },
};

describe('e-mails as a mailbox and a mail client see them', () => {
  const config = loadConfig();
  const transport = createMailTransport(config);
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = browser.context;
  });
  afterAll(async () => {
    transport.close();
    await browser?.close();
  });

  it('signs with DKIM when the three DKIM settings are given', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const signing = { ...config, DKIM_DOMAIN: 'groupsplit.test', DKIM_SELECTOR: 'gs2026', DKIM_PRIVATE_KEY: pem };
    const signed = createMailTransport(signing);
    const to = uniqueEmail('dkim');
    try {
      const rendered = renderEmail('auth.sign_in_code', { code: '111222', validMinutes: 10 });
      await sendRenderedEmail(signed, signing, { id: `dkim-${Date.now()}`, to, rendered });
    } finally {
      signed.close();
    }
    const signature = headerValue(await mailHeaders((await waitForMail(to)).ID), 'DKIM-Signature');
    expect(signature).toMatch(/\bd=groupsplit\.test;/);
    expect(signature).toMatch(/\bs=gs2026;/);
  });

  it.each(Object.keys(SAMPLES))(
    '%s: headers, a text part, HTML that holds at 600 and 390 px, light and dark',
    async (sample) => {
      const template = sample.split('#')[0]!;
      const to = uniqueEmail('render');
      const rendered = renderEmail(template, SAMPLES[sample]!);
      const id = `render-${Math.random().toString(36).slice(2)}`;
      await sendRenderedEmail(transport, config, { id, to, rendered, replyTo: 'hello@corner-deli.example' });
      const mail = await waitForMail(to);

      const headers = await mailHeaders(mail.ID);
      expect(headerValue(headers, 'Auto-Submitted')).toBe('auto-generated');
      expect(headerValue(headers, 'Message-ID')).toBe(`<${id}@groupsplit.test>`);
      expect(headerValue(headers, 'Reply-To')).toBe('hello@corner-deli.example');
      // An invitation from a named organiser: their name via the business, on our own address.
      const from = headerValue(headers, 'From') ?? '';
      expect(from).toContain(`<${sendingAddress(config)}>`);
      if (rendered.fromName) expect(from).toContain(rendered.fromName);
      if (rendered.unsubscribeUrl) {
        expect(headerValue(headers, 'List-Unsubscribe')).toBe(
          `<${unsubscribeUrl}>, <mailto:unsubscribe@groupsplit.test?subject=unsubscribe%20YWJj.sig>`,
        );
        expect(headerValue(headers, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      }
      expect(mail.Text.trim().length).toBeGreaterThan(50);

      const check = await mailHtmlCheck(mail.ID);
      if (check)
        expect({ template, score: check.score >= 90, warnings: check.warnings }).toMatchObject({
          template,
          score: true,
        });

      const page = await context.newPage();
      try {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const width of [600, 390]) {
            await page.setViewportSize({ width, height: 800 });
            await page.setContent(mail.HTML, { waitUntil: 'load' });
            expect({ template, scheme, width, violations: await seriousViolations(page) }).toEqual({
              template,
              scheme,
              width,
              violations: [],
            });
            const overflow = await page.evaluate(() => {
              const window = globalThis as any;
              return window.document.documentElement.scrollWidth - window.innerWidth;
            });
            expect({ template, width, overflow }).toEqual({ template, width, overflow: 0 });
            const name = `email-${sample.replace('.', '-').replace('#', '-')}-${width}${scheme === 'dark' ? '-dark' : ''}.png`;
            await page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
          }
        }
      } finally {
        await page.close();
      }
    },
  );
});
