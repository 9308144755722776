import { html } from '../html';
import { emailLayout, emailNote, textFooter } from '../layout';
import { orderLinesHtml, orderLinesText, progressText } from '../order';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './index';

/**
 * Receipts to payers and notices to the organiser (docs/emails.md), made from the split's outbox
 * events. Every one is a `participant` e-mail: an unsubscribed address gets none. Common data:
 * business_name, order_reference, unsubscribe_url; amounts are two-place pound strings.
 */
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** `Visa ending 4242`, or `your card` when the processor did not say. */
export function cardText(brand: unknown, last4: unknown): string {
  if (typeof last4 !== 'string' || !last4) return 'your card';
  const name = typeof brand === 'string' ? (BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
  return `${name} ending ${last4}`;
}

function page(
  data: Record<string, any>,
  subject: string,
  paragraphs: string[],
  note?: string,
  extra?: { lines?: any[] },
) {
  const unsubscribeUrl = data.unsubscribe_url ?? undefined;
  return {
    subject,
    unsubscribeUrl,
    text: `${paragraphs.join('\n\n')}\n${orderLinesText(extra?.lines) ? `\n${orderLinesText(extra?.lines)}` : ''}${note ? `\n${note}` : ''}${textFooter({ unsubscribeUrl })}`,
    html: emailLayout(
      html`${paragraphs.map((p) => html`<p>${p}</p>`)}${orderLinesHtml(extra?.lines)}${note ? emailNote(note) : ''}`,
      { unsubscribeUrl, preheader: paragraphs[0] },
    ),
  };
}

const at = (data: Record<string, any>) => `${data.order_reference} at ${data.business_name}`;

export const RECEIPT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  /** held, card_brand?, card_last4?, paid_count, total_count, expires_at. */
  'receipts.hold_placed': (data) =>
    page(
      data,
      `Your £${data.held} hold for ${at(data)} is in place`,
      [
        `£${data.held} is held on ${cardText(data.card_brand, data.card_last4)} for your share of ${at(data)}.`,
        `Nothing is taken until everyone has paid. ${progressText(data.paid_count, data.total_count)} so far.`,
      ],
      `If the group does not finish by ${formatUkDateTime(data.expires_at)}, the hold is released and nobody pays.`,
    ),
  /** amount (taken), card_brand?, card_last4?, captured_at (ISO), charge_id, order_lines. */
  'receipts.charged': (data) =>
    page(
      data,
      `Receipt: £${data.amount} paid for ${at(data)}`,
      [
        `Everyone has paid, so ${data.business_name} has taken £${data.amount} from ${cardText(data.card_brand, data.card_last4)} for your share of ${data.order_reference}.`,
        `Paid on ${formatUkDateTime(data.captured_at)}. Payment reference: ${data.charge_id ?? 'not given'}.`,
      ],
      'Keep this e-mail as your receipt. Questions about the order itself go to the business: reply to this e-mail.',
      { lines: data.order_lines },
    ),
  /** held, reason ('expired' | 'canceled'). */
  'receipts.released': (data) =>
    page(
      data,
      `Your hold for ${at(data)} was released: nothing was taken`,
      [
        data.reason === 'expired'
          ? `The group did not finish paying for ${at(data)} in time, so the £${data.held} hold on your card has been released.`
          : `${at(data)} was cancelled, so the £${data.held} hold on your card has been released.`,
        'Nothing was taken, and nobody in the group paid.',
      ],
      'Some banks take a few days to show a released hold as gone from your available balance.',
    ),
  /** amount (back on the card, fee included), card_brand?, card_last4?. */
  'receipts.refunded': (data) =>
    page(
      data,
      `£${data.amount} refunded for ${at(data)}`,
      [
        `${data.business_name} has refunded £${data.amount} of your payment for ${data.order_reference} to ${cardText(data.card_brand, data.card_last4)}.`,
      ],
      'Banks usually show a refund within 5 to 10 working days.',
    ),
  /** total (the order), total_count. */
  'organiser.everyone_paid': (data) =>
    page(data, `Everyone has paid for ${at(data)}`, [
      `All ${data.total_count} people have paid their share of ${at(data)}: £${data.total} in all.`,
      `${data.business_name} has taken the payments and has your order.`,
    ]),
  /** total_count, missing (masked address of the one left), expires_at. */
  'organiser.one_left': (data) =>
    page(data, `One person left to pay for ${at(data)}`, [
      `${data.total_count - 1} of ${data.total_count} have paid for ${at(data)}. Only ${data.missing} is still to pay.`,
      `If they have not paid by ${formatUkDateTime(data.expires_at)}, every hold is released and nobody pays.`,
    ]),
};
