import { html } from '../html';
import { emailLayout, emailNote, textFooter } from '../layout';
import type { EmailTemplate } from './template';

/**
 * Covering a share (docs/splits.md, "Covering a share"). `splits.covered` data, to the person whose share
 * the organiser took over: business_name, order_reference, amount (their share, two-place pounds),
 * organiser (the organiser's name, or masked address), unsubscribe_url?.
 */
export const COVER_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'splits.covered': (data) => {
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    const lead = `${data.organiser} is covering your share of ${data.order_reference} at ${data.business_name}.`;
    const money = `You don't need to pay, and nothing was taken from you: your £${data.amount} share is now theirs.`;
    const link = 'The pay link we sent you before no longer takes a payment, so you can ignore it.';
    return {
      subject: `You don't need to pay for ${data.order_reference} at ${data.business_name}`,
      unsubscribeUrl,
      text: `${lead}\n\n${money}\n\n${link}${textFooter({ unsubscribeUrl })}`,
      html: emailLayout(
        html`<p>${data.organiser} is covering your share of <strong>${data.order_reference}</strong> at ${data.business_name}.</p>
<p>${money}</p>
${emailNote(link)}`,
        { unsubscribeUrl, preheader: "You don't need to pay, and nothing was taken from you." },
      ),
    };
  },
};
