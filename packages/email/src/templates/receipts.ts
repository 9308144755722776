import { cardLabel } from '../cards/card-label';
import { html } from '../html';
import { emailButton, emailLayout, emailNote, textFooter } from '../layout';
import { NOTHING_TAKEN, orderLinesHtml, orderLinesText, progressText } from '../order';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './template';

/**
 * Receipts to payers and notices to the organiser (docs/emails.md), made from the split's outbox
 * events. Every one is a `participant` e-mail: an unsubscribed address gets none. Common data:
 * business_name, order_reference, unsubscribe_url; amounts are two-place pound strings.
 */
/**
 * `Visa ••••4242`, `Apple Pay (Visa ••••4242)` for a wallet card (packages/email/src/cards), or `your card` when
 * the processor did not say.
 */
export function cardText(brand: unknown, last4: unknown, wallet?: unknown): string {
  return cardLabel({ brand, last4, wallet }) ?? 'your card';
}

/**
 * `£30.00 share + £0.20 fee = £30.20 charged to Visa ••••4242`; without a fee (one person paying the
 * whole order) `£90.00 charged to Visa ••••4242`. Older data without the share: `£30.20 charged to …`.
 */
export function chargeText(data: Record<string, any>): string {
  const card = cardText(data.card_brand, data.card_last4, data.card_wallet);
  if (typeof data.share !== 'string' || typeof data.fee !== 'string' || Number(data.fee) === 0) {
    return `£${data.amount} charged to ${card}`;
  }
  return `£${data.share} share + £${data.fee} fee = £${data.amount} charged to ${card}`;
}

function page(
  data: Record<string, any>,
  subject: string,
  paragraphs: string[],
  note?: string,
  extra?: { lines?: any[]; after?: string[]; button?: { url: string; label: string } },
) {
  const unsubscribeUrl = data.unsubscribe_url ?? undefined;
  const after = extra?.after ?? [];
  const linesText = orderLinesText(extra?.lines);
  const button = extra?.button;
  return {
    subject,
    unsubscribeUrl,
    text:
      `${paragraphs.join('\n\n')}\n` +
      (linesText ? `\n${linesText}` : '') +
      (after.length ? `\n${after.join('\n\n')}\n` : '') +
      (button ? `\n${button.label}: ${button.url}\n` : '') +
      (note ? `\n${note}` : '') +
      textFooter({ unsubscribeUrl }),
    html: emailLayout(
      html`${paragraphs.map((p) => html`<p>${p}</p>`)}${orderLinesHtml(extra?.lines)}${after.map((p) => html`<p>${p}</p>`)}${button ? emailButton(button.url, button.label) : ''}${note ? emailNote(note) : ''}`,
      { unsubscribeUrl, preheader: paragraphs[0] },
    ),
  };
}

const at = (data: Record<string, any>) => `${data.order_reference} at ${data.business_name}`;

export const RECEIPT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  /**
   * held, card_brand?, card_last4?, paid_count, total_count, expires_at; newer: everyone_in (this was
   * the last hold of a merchant-accept order: the shop confirms it next), still_to_pay (to the organiser
   * paying the second-to-last share: who is left, their name or masked address).
   */
  'receipts.hold_placed': (data) =>
    data.everyone_in
      ? page(data, `Your £${data.held} hold for ${at(data)} is in place: the group is complete`, [
          `£${data.held} is held on ${cardText(data.card_brand, data.card_last4, data.card_wallet)} for your share of ${at(data)}.`,
          `Yours was the last hold: ${progressText(data.paid_count, data.total_count)}, so the group is complete. ${data.business_name} is confirming the order now.`,
          'Nothing is taken until they do. We will e-mail your receipt when the payment is taken; if they do not go ahead, your hold is released and nothing is taken.',
        ])
      : page(
          data,
          `Your £${data.held} hold for ${at(data)} is in place`,
          [
            `£${data.held} is held on ${cardText(data.card_brand, data.card_last4, data.card_wallet)} for your share of ${at(data)}.`,
            `${NOTHING_TAKEN} ${progressText(data.paid_count, data.total_count)} so far.${data.still_to_pay ? ` Only ${data.still_to_pay} is still to place theirs.` : ''}`,
          ],
          `If the group does not finish by ${formatUkDateTime(data.expires_at)}, the hold is released and nobody pays.`,
        ),
  /**
   * amount (taken), card_brand?, card_last4?, captured_at (ISO), charge_id, order_lines; newer: share and
   * fee (two-place pounds), order_total, total_count, completed_by_you (this payer's hold was the last:
   * they had no separate hold receipt), organiser (the organiser's own receipt: the group is done too),
   * charges (someone with two shares: each charge, as share/fee/amount/card/charge_id; amount is their sum).
   */
  'receipts.charged': (data) =>
    page(
      data,
      `Receipt: £${data.amount} paid for ${at(data)}`,
      [
        data.completed_by_you
          ? `Your hold was the last one the group needed, so the order is complete and ${data.business_name} has taken your payment for your share of ${data.order_reference}.`
          : `Every hold was in place, so ${data.business_name} has taken your payment for your ${Array.isArray(data.charges) && data.charges.length > 1 ? 'shares' : 'share'} of ${data.order_reference}.`,
        ...(Array.isArray(data.charges) && data.charges.length > 1
          ? [
              `${data.charges.map((c: Record<string, unknown>) => `${chargeText(c)}${c.charge_id ? ` (payment reference ${c.charge_id})` : ''}`).join('; ')}: £${data.amount} in all.`,
            ]
          : [`${chargeText(data)}.`]),
        ...(data.organiser && typeof data.total_count === 'number'
          ? [
              `Everyone in your group has paid: all ${data.total_count} shares, the whole order. ${data.business_name} has your order.`,
            ]
          : []),
        Array.isArray(data.charges) && data.charges.length > 1
          ? `Paid on ${formatUkDateTime(data.captured_at)}.`
          : `Paid on ${formatUkDateTime(data.captured_at)}. Payment reference: ${data.charge_id ?? 'not given'}.`,
      ],
      'Keep this e-mail as your receipt. Questions about the order itself go to the business: reply to this e-mail.',
      {
        lines: data.order_lines,
        after: typeof data.order_total === 'string' ? [`Order total: £${data.order_total}`] : [],
      },
    ),
  /**
   * held, reason ('expired' | 'canceled'). No longer sent (a cancelled split's notice to everyone is
   * `checkout.order_canceled`); kept so one queued by an older version still renders.
   */
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
        `${data.business_name} has refunded £${data.amount} of your payment for ${data.order_reference} to ${cardText(data.card_brand, data.card_last4, data.card_wallet)}.`,
      ],
      'Banks usually show a refund within 5 to 10 working days.',
    ),
  /** total (the order), total_count. Sent when the organiser has no share of their own (else their receipt says it). */
  'organiser.everyone_paid': (data) =>
    page(data, `Everyone has paid for ${at(data)}`, [
      `All ${data.total_count} people have paid their share of ${at(data)}: £${data.total} in all.`,
      `${data.business_name} has taken the payments and has your order.`,
    ]),
  /**
   * total_count, expires_at, and either missing (the one left: their name, else masked address; never
   * the recipient) or, when the organiser's own share is the last, yours: true with pay_url and card_charge.
   */
  'organiser.one_left': (data) =>
    data.yours
      ? page(
          data,
          `Your share is the last one for ${at(data)}`,
          [
            `Everyone else has placed their hold for ${at(data)}: ${progressText(data.total_count - 1, data.total_count)}. Yours is the last one the group needs.`,
            `Pay your share (a £${data.card_charge} hold on your card) and the order goes through. ${NOTHING_TAKEN}`,
          ],
          `If your hold is not in place by ${formatUkDateTime(data.expires_at)}, every hold is released and nobody pays.`,
          { button: { url: data.pay_url, label: 'Pay your share' } },
        )
      : page(data, `One person left to pay for ${at(data)}`, [
          `${progressText(data.total_count - 1, data.total_count)} for ${at(data)}. Only ${data.missing} is still to place theirs.`,
          `If their hold is not in place by ${formatUkDateTime(data.expires_at)}, every hold is released and nobody pays.`,
        ]),
};
