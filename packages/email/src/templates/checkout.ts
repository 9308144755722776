import { html } from '../html';
import { emailButton, emailLayout, emailNote, textFooter } from '../layout';
import { NOTHING_TAKEN, progressText } from '../order';
import { formatUkDateTime, timeLeft } from '../uk-time';
import { cardText } from './receipts';
import type { EmailTemplate } from './template';

type CancelShare = {
  share?: string;
  amount: string;
  held: boolean;
  card_brand?: string | null;
  card_last4?: string | null;
  card_wallet?: string | null;
};

/**
 * A cancelled order's notice to one person (docs/emails.md, "When an order is cancelled"): who ended
 * it, what happened to each of their shares (a hold released, on which card; or nothing was held), and
 * what they can do next. Data as planned by the receipts (activities/src/receipts/plan.ts).
 */
function cancelNotice(data: Record<string, any>) {
  const order = `${data.order_reference} at ${data.business_name}`;
  const organiser: boolean = data.role === 'organiser';
  const shares: CancelShare[] = Array.isArray(data.shares) ? data.shares : [];
  const who =
    data.cause === 'expired'
      ? `Not everyone's hold was in place by ${formatUkDateTime(data.expires_at)}, so the time ran out and ${order} was cancelled.`
      : data.cause === 'support'
        ? `${order} was cancelled by groupsplit support, who look after payments for ${data.business_name}.`
        : data.cause === 'organiser'
          ? organiser
            ? `You cancelled ${order}.`
            : `${data.organiser ?? 'The person who organised the group'} cancelled ${order}.`
          : `${data.business_name} cancelled ${data.order_reference}.`;
  const money = shares.map((s) =>
    s.held
      ? `The £${s.amount} hold on ${cardText(s.card_brand, s.card_last4, s.card_wallet)} has been released. Nothing was taken.`
      : `Your £${s.share ?? s.amount} share will not be taken: there was no hold on your card, so nothing was taken from you.`,
  );
  if (shares.length === 0) money.push('Every hold in the group has been released. Nobody was charged.');
  else money.push('Nobody in the group was charged.');
  const next =
    data.cause === 'expired'
      ? organiser
        ? `To try again, go back to ${data.business_name} and place the order again; this time the group has a fresh 7 days.`
        : `If the group still wants the order, whoever organised it can place it again at ${data.business_name}.`
      : data.cause === 'organiser'
        ? organiser
          ? `To order again, go back to ${data.business_name} and start a new checkout.`
          : 'If this is a surprise, ask whoever organised the group.'
        : `If you still want the order, or want to know why, reply to this e-mail to reach ${data.business_name}.`;
  const note = shares.some((s) => s.held)
    ? 'Some banks take a few days to show a released hold as gone from your available balance.'
    : undefined;
  return {
    subject: data.cause === 'expired' ? `${order} was cancelled: the time ran out` : `${order} was cancelled`,
    paragraphs: [who, money.join(' '), next],
    note,
  };
}

/**
 * Hosted-checkout e-mails to payers.
 * `checkout.order_canceled` data: business_name, order_reference, amount (two-place pounds), unsubscribe_url?;
 * newer (every cancel, to every participant and the organiser): cause ('shop' | 'organiser' | 'support' |
 * 'expired'), role ('organiser' | 'participant'), organiser (their name, else masked address), expires_at,
 * shares [{ amount (held, two-place pounds), held, card_brand?, card_last4? }].
 * `checkout.reminder` data: business_name, order_reference, amount, card_charge, pay_url, expires_at (ISO),
 * unsubscribe_url?, and (newer e-mails) paid_count, total_count, missing (masked addresses of those still to pay).
 * `checkout.open_seats` data (to the buyer, a day before the deadline with seats still open): business_name,
 * order_reference, group_url, open_count, open_amount (two-place pounds), expires_at (ISO), unsubscribe_url?.
 */
export const CHECKOUT_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'checkout.order_canceled': (data) => {
    const unsubscribeUrl = data.unsubscribe_url ?? undefined;
    if (typeof data.cause === 'string') {
      const { subject, paragraphs, note } = cancelNotice(data);
      return {
        subject,
        unsubscribeUrl,
        text: `${paragraphs.join('\n\n')}${note ? `\n\n${note}` : ''}${textFooter({ unsubscribeUrl })}`,
        html: emailLayout(html`${paragraphs.map((p) => html`<p>${p}</p>`)}${note ? emailNote(note) : ''}`, {
          unsubscribeUrl,
          preheader: paragraphs[1],
        }),
      };
    }
    // Queued by an older version: the server-API cancel's notice as it was.
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
    const reassurance = `${NOTHING_TAKEN} If the group does not finish by ${deadline}, nobody pays.`;
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
