import { html } from '../html';
import { emailButton, emailLayout, emailNote, textFooter } from '../layout';
import { NOTHING_TAKEN, orderLinesHtml, orderLinesText, progressText } from '../order';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './template';

/** "Bea via Corner Deli": who an e-mail comes from, when the organiser gave their name (docs/splits.md, "Names"). */
const viaBusiness = (organiserName: unknown, businessName: string) =>
  typeof organiserName === 'string' && organiserName.trim() ? `${organiserName.trim()} via ${businessName}` : undefined;

const feeNote = (data: Record<string, any>) =>
  data.fee && data.fee !== '0.00' ? ` (your £${data.amount} share plus a £${data.fee} service fee)` : '';

/**
 * Split e-mails.
 *
 * `splits.invitation` data: business_name, order_reference, amount, fee, card_charge (two-place
 * pound strings), pay_url, expires_at (ISO), unsubscribe_url?, and (newer e-mails; older queued
 * ones render without them) requested_by (who asked: the organiser's name as typed, else their
 * masked address, or the business), organiser_name (the name as typed, or null: then the From line
 * stays ours), order_lines ([{ description, quantity, amount }]), paid_count, total_count.
 *
 * `splits.organiser_share` (the organiser's own pay link right after choosing on the hosted page):
 * the invitation's share fields and order_lines, plus alone (paying the whole order themself),
 * paid_count, total_count, members ([{ who, amount }]: everyone else, as the organiser typed them),
 * open_count and group_url (null without open seats).
 */
export const SPLIT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'splits.invitation': (data) => {
    const deadline = formatUkDateTime(data.expires_at);
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    const asker = data.requested_by ? `${data.requested_by} asked you` : 'You have been asked';
    const opening = `${asker} to pay £${data.amount} towards ${data.order_reference} at ${data.business_name}.`;
    const progress =
      typeof data.total_count === 'number' ? `${progressText(data.paid_count ?? 0, data.total_count)} so far.` : '';
    const reassurance = `${NOTHING_TAKEN} If the group does not finish by ${deadline}, the hold lapses by itself and nobody pays.`;
    return {
      subject: `Pay your share of ${data.order_reference} at ${data.business_name}`,
      fromName: viaBusiness(data.organiser_name, data.business_name),
      unsubscribeUrl,
      text:
        `${opening}\n\n` +
        orderLinesText(data.order_lines) +
        `Your card will be held for £${data.card_charge}${feeNote(data)}.\n` +
        (progress ? `${progress}\n` : '') +
        `\nPay your share: ${data.pay_url}\n\n` +
        reassurance +
        textFooter({ unsubscribeUrl }),
      html: emailLayout(
        html`<p>${asker} to pay <strong>£${data.amount}</strong> towards <strong>${data.order_reference}</strong> at ${data.business_name}.</p>
${orderLinesHtml(data.order_lines)}
<p>Your card will be held for <strong>£${data.card_charge}</strong>${feeNote(data)}.</p>
${progress ? html`<p>${progress}</p>` : ''}
${emailButton(data.pay_url, 'Pay your share')}
${emailNote(reassurance)}`,
        {
          unsubscribeUrl,
          preheader: data.requested_by
            ? `${data.requested_by} asked you to pay £${data.amount}. ${NOTHING_TAKEN}`
            : `Your share: £${data.card_charge}. ${NOTHING_TAKEN}`,
        },
      ),
    };
  },

  'splits.organiser_share': (data) => {
    const deadline = formatUkDateTime(data.expires_at);
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    const order = `${data.order_reference} at ${data.business_name}`;
    if (data.alone) {
      const note = `If you do not pay by ${deadline}, the order is cancelled and nothing is taken.`;
      return {
        subject: `Pay for ${order}`,
        unsubscribeUrl,
        text:
          `You chose to pay for ${order} yourself. If you left the page before paying, this link takes you back.\n\n` +
          orderLinesText(data.order_lines) +
          `Your card will be held for £${data.card_charge}.\n\n` +
          `Pay now: ${data.pay_url}\n\n` +
          note +
          textFooter({ unsubscribeUrl }),
        html: emailLayout(
          html`<p>You chose to pay for <strong>${data.order_reference}</strong> at ${data.business_name} yourself. If you left the page before paying, this link takes you back.</p>
${orderLinesHtml(data.order_lines)}
<p>Your card will be held for <strong>£${data.card_charge}</strong>.</p>
${emailButton(data.pay_url, 'Pay now')}
${emailNote(note)}`,
          { unsubscribeUrl, preheader: `Your pay link for ${order}: £${data.card_charge}.` },
        ),
      };
    }
    const members: { who: string; amount: string }[] = Array.isArray(data.members) ? data.members : [];
    const openCount = typeof data.open_count === 'number' ? data.open_count : 0;
    const progress = `${progressText(data.paid_count ?? 0, data.total_count ?? 1)} so far.`;
    const sent = members.length ? 'We have e-mailed each of them their own pay link.' : '';
    const seats =
      openCount > 0 && data.group_url
        ? `${openCount === 1 ? '1 seat is' : `${openCount} seats are`} still open. Send the group link to whoever ` +
          'should take them:'
        : '';
    const reassurance =
      `${NOTHING_TAKEN} If the group does not finish by ${deadline}, ` + 'every hold lapses by itself and nobody pays.';
    return {
      subject: `Your share of ${data.order_reference}`,
      unsubscribeUrl,
      text:
        `You are splitting ${order}. Here is your own share, so you can pay it now or come back to it later.\n\n` +
        orderLinesText(data.order_lines) +
        `Your card will be held for £${data.card_charge}${feeNote(data)}.\n\n` +
        `Pay your share: ${data.pay_url}\n\n` +
        `${progress}\n` +
        members.map((m) => `  ${m.who}  £${m.amount}\n`).join('') +
        (sent ? `${sent}\n` : '') +
        (seats ? `\n${seats} ${data.group_url}\n` : '') +
        `\n${reassurance}` +
        textFooter({ unsubscribeUrl }),
      html: emailLayout(
        html`<p>You are splitting <strong>${data.order_reference}</strong> at ${data.business_name}. Here is your own share, so you can pay it now or come back to it later.</p>
${orderLinesHtml(data.order_lines)}
<p>Your card will be held for <strong>£${data.card_charge}</strong>${feeNote(data)}.</p>
${emailButton(data.pay_url, 'Pay your share')}
<p>${progress}</p>
${
  members.length
    ? html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 16px; border-collapse: collapse;">
${members.map(
  (m) =>
    html`<tr><td style="padding: 4px 0; border-bottom: 1px solid #dddddd;" class="gs-rule">${m.who}</td><td align="right" style="padding: 4px 0; border-bottom: 1px solid #dddddd; white-space: nowrap;" class="gs-rule">£${m.amount}</td></tr>`,
)}
</table>`
    : ''
}
${sent ? html`<p>${sent}</p>` : ''}
${seats ? html`<p>${seats} <a class="gs-link" style="color: #0b57d0; word-break: break-all;" href="${data.group_url}">${data.group_url}</a></p>` : ''}
${emailNote(reassurance)}`,
        { unsubscribeUrl, preheader: `Your share of ${data.order_reference}: £${data.card_charge}.` },
      ),
    };
  },
};
