import { html } from '../html';
import { emailButton, emailLayout, emailNote, textFooter } from '../layout';
import { progressText } from '../order';
import { formatUkDateTime, timeLeft } from '../uk-time';
import type { EmailTemplate } from './index';

/**
 * Hosted-checkout e-mails to payers.
 * `checkout.order_canceled` data: business_name, order_reference, amount (two-place pounds), unsubscribe_url?.
 * `checkout.reminder` data: business_name, order_reference, amount, card_charge, pay_url, expires_at (ISO),
 * unsubscribe_url?, and (newer e-mails) paid_count, total_count, missing (masked addresses of those still to pay).
 * `checkout.open_seats` data (to the buyer, a day before the deadline with seats still open): business_name,
 * order_reference, group_url, open_count, open_amount (two-place pounds), expires_at (ISO), unsubscribe_url?.
 */
export const CHECKOUT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'checkout.order_canceled': (data) => {
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    return {
      subject: `${data.order_reference} at ${data.business_name} was cancelled`,
      unsubscribeUrl,
      text:
        `${data.business_name} cancelled ${data.order_reference}. Your £${data.amount} share will not be taken: ` +
        'any hold on your card is released (or lapses by itself), and nobody is charged.' +
        textFooter({ unsubscribeUrl }),
      html: emailLayout(
        html`<p>${data.business_name} cancelled <strong>${data.order_reference}</strong>.</p>
<p>Your £${data.amount} share will not be taken: any hold on your card is released (or lapses by itself), and nobody is charged.</p>`,
        { unsubscribeUrl },
      ),
    };
  },
  'checkout.open_seats': (data) => {
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    const deadline = formatUkDateTime(data.expires_at);
    const seats = data.open_count === 1 ? '1 seat is' : `${data.open_count} seats are`;
    const ask = `${seats} still open in ${data.order_reference} at ${data.business_name} (£${data.open_amount} in all).`;
    const why = `Share the group link so someone can take them. If they are not taken by ${deadline}, the order is cancelled and nobody pays.`;
    return {
      subject: `${data.order_reference}: ${seats} still open`,
      unsubscribeUrl,
      text: `${ask}\n\nGroup link: ${data.group_url}\n\n${why}${textFooter({ unsubscribeUrl })}`,
      html: emailLayout(
        html`<p>${ask}</p>
${emailButton(data.group_url, 'Open the group link')}
${emailNote(why)}`,
        { unsubscribeUrl, preheader: ask },
      ),
    };
  },
  'checkout.reminder': (data) => {
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    const deadline = formatUkDateTime(data.expires_at);
    // Rendered when it is sent, so "how long is left" is true when it arrives.
    const left = timeLeft(data.expires_at);
    const Left = left[0]!.toUpperCase() + left.slice(1);
    const missing: string[] = Array.isArray(data.missing) ? data.missing : [];
    const progress =
      typeof data.total_count === 'number'
        ? `${progressText(data.paid_count ?? 0, data.total_count)}${missing.length ? `; still to pay: ${missing.join(', ')}` : ''}.`
        : '';
    const reassurance = `Nothing is taken until everyone has paid. If the group does not finish by ${deadline}, nobody pays.`;
    return {
      subject: `Reminder: pay your share of ${data.order_reference} at ${data.business_name}`,
      unsubscribeUrl,
      text:
        `Your share of ${data.order_reference} at ${data.business_name} is still waiting: £${data.card_charge}. ` +
        `${Left} left.\n` +
        (progress ? `${progress}\n` : '') +
        `\nPay your share: ${data.pay_url}\n\n` +
        reassurance +
        textFooter({ unsubscribeUrl }),
      html: emailLayout(
        html`<p>Your share of <strong>${data.order_reference}</strong> at ${data.business_name} is still waiting: <strong>£${data.card_charge}</strong>. <strong>${Left} left.</strong></p>
${progress ? html`<p>${progress}</p>` : ''}
${emailButton(data.pay_url, 'Pay your share')}
${emailNote(reassurance)}`,
        { unsubscribeUrl, preheader: `${Left} left to pay your £${data.card_charge} share.` },
      ),
    };
  },
};
