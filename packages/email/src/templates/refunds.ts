import { html } from '../html';
import { emailLayout, textFooter } from '../layout';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './template';

/**
 * Refund and chargeback e-mails to the business.
 * `refunds.dispute_opened` data: business_name, order_reference, split_id, participant_email,
 * amount (two-place pounds, the disputed charge), reason (null), dispute_id, mode, disputed_at (ISO).
 */
export const REFUND_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'refunds.dispute_opened': (data) => {
    const when = formatUkDateTime(data.disputed_at);
    const reason = data.reason ? ` The card issuer gives the reason as "${data.reason}".` : '';
    const mode = data.mode === 'test' ? ' (test mode)' : '';
    const summary =
      `A chargeback was opened${mode} on ${data.order_reference} at ${data.business_name}: ` +
      `${data.participant_email} disputed their £${data.amount} payment on ${when}.${reason}`;
    const advice =
      'The money is held by your payment processor while the dispute is open. Respond with your evidence in your ' +
      'payment processor dashboard before its deadline; groupsplit does not take on chargeback risk and cannot ' +
      'respond for you.';
    return {
      subject: `Chargeback opened on ${data.order_reference} at ${data.business_name}`,
      text: `${summary}\n\nOrder: ${data.split_id}\nDispute: ${data.dispute_id}\n\n${advice}${textFooter()}`,
      html: emailLayout(
        html`<p>A chargeback was opened${mode} on <strong>${data.order_reference}</strong> at ${data.business_name}:
${data.participant_email} disputed their £${data.amount} payment on ${when}.${reason}</p>
<p>Order: ${data.split_id}<br>Dispute: ${data.dispute_id}</p>
<p>${advice}</p>`,
      ),
    };
  },
};
