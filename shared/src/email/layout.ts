import { html, type SafeHtml } from './html';

export type RenderedEmail = { subject: string; text: string; html: string };

/** Wraps a body in the common e-mail frame; the footer carries the unsubscribe link when there is one. */
export function emailLayout(body: SafeHtml, options: { unsubscribeUrl?: string } = {}): string {
  return html`<!doctype html>
<html><body style="font-family: -apple-system, Segoe UI, Roboto, sans-serif; color: #1a1a1a; max-width: 560px; margin: 0 auto; padding: 24px;">
${body}
<hr style="border: none; border-top: 1px solid #ddd; margin-top: 32px;">
<p style="font-size: 12px; color: #555;">Sent by groupsplit.${options.unsubscribeUrl ? html` <a href="${options.unsubscribeUrl}">Stop these e-mails</a>.` : ''}</p>
</body></html>`.value;
}

export function textFooter(options: { unsubscribeUrl?: string } = {}): string {
  return options.unsubscribeUrl ? `\n\n--\nStop these e-mails: ${options.unsubscribeUrl}\n` : '\n\n--\ngroupsplit\n';
}
