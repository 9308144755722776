import { html } from '../html';
import { emailLayout, textFooter } from '../layout';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './template';

/**
 * Webhook e-mails. `webhooks.delivery_given_up` data: business_name, mode, event_id, event_type,
 * attempts, url (null when none), last_error (null), last_status_code (null), first_attempt_at (ISO).
 */
export const WEBHOOK_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'webhooks.delivery_given_up': (data) => {
    const target = data.url ? String(data.url) : '(no webhook URL)';
    const lastResult =
      data.last_status_code !== null && data.last_status_code !== undefined
        ? `HTTP ${data.last_status_code}`
        : String(data.last_error ?? 'no response');
    const firstTry = formatUkDateTime(data.first_attempt_at);
    const summary =
      `We could not deliver the ${data.event_type} event ${data.event_id} (${data.mode} mode) to ${target}. ` +
      `We tried ${data.attempts} times from ${firstTry}; the last attempt ended with: ${lastResult}.`;
    const advice =
      'We have stopped retrying this event. Check that your endpoint answers with a 2xx status within 10 seconds, ' +
      'then use Resend in the webhook delivery log. Until then, check the order in your dashboard before fulfilling.';
    return {
      subject: `Webhook delivery failed: ${data.event_type} for ${data.business_name}`,
      text: `${summary}\n\n${advice}${textFooter()}`,
      html: emailLayout(html`<p>${summary}</p><p>${advice}</p>`),
    };
  },
};
