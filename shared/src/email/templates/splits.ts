import { html } from '../html';
import { emailLayout, textFooter } from '../layout';
import type { EmailTemplate } from './index';

/**
 * Split e-mails. `splits.invitation` data: business_name, order_reference, amount, fee,
 * card_charge (two-place pound strings), pay_url, expires_at (ISO), unsubscribe_url?.
 */
export const SPLIT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'splits.invitation': (data) => {
    const expires = new Date(data.expires_at).toUTCString();
    const footer = { unsubscribeUrl: data.unsubscribe_url ?? undefined };
    const fee = data.fee && data.fee !== '0.00' ? ` (your £${data.amount} share plus a £${data.fee} service fee)` : '';
    return {
      subject: `Pay your share of ${data.order_reference} at ${data.business_name}`,
      text:
        `You have been asked to pay your share of ${data.order_reference} at ${data.business_name}.\n\n` +
        `Your card will be held for £${data.card_charge}${fee}.\n` +
        `Pay your share: ${data.pay_url}\n\n` +
        'Nothing is taken until everyone has paid; if the group does not finish by ' +
        `${expires}, the hold lapses by itself and nobody pays.` +
        textFooter(footer),
      html: emailLayout(
        html`<p>You have been asked to pay your share of <strong>${data.order_reference}</strong> at ${data.business_name}.</p>
<p>Your card will be held for <strong>£${data.card_charge}</strong>${fee}.</p>
<p><a href="${data.pay_url}">Pay your share</a></p>
<p>Nothing is taken until everyone has paid; if the group does not finish by ${expires}, the hold lapses by itself and nobody pays.</p>`,
        footer,
      ),
    };
  },
};
