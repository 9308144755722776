import { html, type SafeHtml } from './html';

/** An order line as e-mails show it; `amount` is the line's total as shown (`£12.50`, `−£5.00` for a discount). */
export type EmailOrderLine = { description: string; quantity: number; amount: string };

/**
 * `1 of 3 holds in place`: a hold is not a payment, so until the payments are taken the count is of
 * holds. The pages say the same (services/checkout/src/pages/shared/wording.js, holdsCount; a test
 * keeps the two in step).
 */
export function progressText(held: number, total: number): string {
  return `${held} of ${total} ${total === 1 ? 'hold' : 'holds'} in place`;
}

/** What a hold means, as the pages say it (wording.js, NOTHING_TAKEN). */
export const NOTHING_TAKEN = "Nothing is taken until everyone's hold is in place.";

export function orderLinesText(lines: readonly EmailOrderLine[] | undefined): string {
  if (!lines?.length) return '';
  return `${lines.map((l) => `  ${l.quantity} × ${l.description}  ${l.amount}`).join('\n')}\n`;
}

/** The order's lines as a small table (read in order by screen readers: what, how many, how much). */
export function orderLinesHtml(lines: readonly EmailOrderLine[] | undefined): SafeHtml | '' {
  if (!lines?.length) return '';
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 16px; border-collapse: collapse;">
${lines.map(
  (l) =>
    html`<tr><td style="padding: 4px 0; border-bottom: 1px solid #dddddd;" class="gs-rule">${l.quantity} × ${l.description}</td><td align="right" style="padding: 4px 0; border-bottom: 1px solid #dddddd; white-space: nowrap;" class="gs-rule">${l.amount}</td></tr>`,
)}
</table>`;
}
