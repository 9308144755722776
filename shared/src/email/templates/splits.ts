import { html } from '../html';
import { emailButton, emailLayout, emailNote, textFooter } from '../layout';
import { orderLinesHtml, orderLinesText, progressText } from '../order';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './index';

/**
 * Split e-mails. `splits.invitation` data: business_name, order_reference, amount, fee,
 * card_charge (two-place pound strings), pay_url, expires_at (ISO), unsubscribe_url?, and (newer
 * e-mails; older queued ones render without them) requested_by (who asked: the buyer's name or
 * masked address, or the business), order_lines ([{ description, quantity, amount }]), paid_count,
 * total_count.
 */
export const SPLIT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'splits.invitation': (data) => {
    const deadline = formatUkDateTime(data.expires_at);
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    const fee = data.fee && data.fee !== '0.00' ? ` (your £${data.amount} share plus a £${data.fee} service fee)` : '';
    const asker = data.requested_by ? `${data.requested_by} asked you` : 'You have been asked';
    const progress =
      typeof data.total_count === 'number' ? `${progressText(data.paid_count ?? 0, data.total_count)} so far.` : '';
    const reassurance =
      'Nothing is taken until everyone has paid; if the group does not finish by ' +
      `${deadline}, the hold lapses by itself and nobody pays.`;
    return {
      subject: `Pay your share of ${data.order_reference} at ${data.business_name}`,
      unsubscribeUrl,
      text:
        `${asker} to pay your share of ${data.order_reference} at ${data.business_name}.\n\n` +
        orderLinesText(data.order_lines) +
        `Your card will be held for £${data.card_charge}${fee}.\n` +
        (progress ? `${progress}\n` : '') +
        `\nPay your share: ${data.pay_url}\n\n` +
        reassurance +
        textFooter({ unsubscribeUrl }),
      html: emailLayout(
        html`<p>${asker} to pay your share of <strong>${data.order_reference}</strong> at ${data.business_name}.</p>
${orderLinesHtml(data.order_lines)}
<p>Your card will be held for <strong>£${data.card_charge}</strong>${fee}.</p>
${progress ? html`<p>${progress}</p>` : ''}
${emailButton(data.pay_url, 'Pay your share')}
${emailNote(reassurance)}`,
        { unsubscribeUrl, preheader: `Your share: £${data.card_charge}. Nothing is taken until everyone has paid.` },
      ),
    };
  },
};
