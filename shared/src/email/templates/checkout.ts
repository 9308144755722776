import { html } from '../html';
import { emailLayout, textFooter } from '../layout';
import type { EmailTemplate } from './index';

/**
 * Hosted-checkout e-mails to payers.
 * `checkout.order_canceled` data: business_name, order_reference, amount (two-place pounds), unsubscribe_url?.
 * `checkout.reminder` data: business_name, order_reference, amount, card_charge, pay_url, expires_at (ISO), unsubscribe_url?.
 */
export const CHECKOUT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'checkout.order_canceled': (data) => {
    const footer = { unsubscribeUrl: data.unsubscribe_url ?? undefined };
    return {
      subject: `${data.order_reference} at ${data.business_name} was cancelled`,
      text:
        `${data.business_name} cancelled ${data.order_reference}. Your £${data.amount} share will not be taken: ` +
        'any hold on your card is released (or lapses by itself), and nobody is charged.' +
        textFooter(footer),
      html: emailLayout(
        html`<p>${data.business_name} cancelled <strong>${data.order_reference}</strong>.</p>
<p>Your £${data.amount} share will not be taken: any hold on your card is released (or lapses by itself), and nobody is charged.</p>`,
        footer,
      ),
    };
  },
  'checkout.reminder': (data) => {
    const footer = { unsubscribeUrl: data.unsubscribe_url ?? undefined };
    const expires = new Date(data.expires_at).toUTCString();
    return {
      subject: `Reminder: pay your share of ${data.order_reference} at ${data.business_name}`,
      text:
        `Your share of ${data.order_reference} at ${data.business_name} is still waiting: £${data.card_charge}.\n\n` +
        `Pay your share: ${data.pay_url}\n\n` +
        `Nothing is taken until everyone has paid. If the group does not finish by ${expires}, nobody pays.` +
        textFooter(footer),
      html: emailLayout(
        html`<p>Your share of <strong>${data.order_reference}</strong> at ${data.business_name} is still waiting: <strong>£${data.card_charge}</strong>.</p>
<p><a href="${data.pay_url}">Pay your share</a></p>
<p>Nothing is taken until everyone has paid. If the group does not finish by ${expires}, nobody pays.</p>`,
        footer,
      ),
    };
  },
};
