import { html, SafeHtml } from './html';

/**
 * One rendered e-mail. `unsubscribeUrl` (participant e-mails) also becomes the `List-Unsubscribe`
 * header, so mail clients offer their own one-click button (RFC 8058). `fromName`, when set, is the
 * From line's display name (the address stays MAIL_FROM's): "Bea via Corner Deli" on an invitation.
 */
export type RenderedEmail = { subject: string; text: string; html: string; unsubscribeUrl?: string; fromName?: string };

export type LayoutOptions = {
  unsubscribeUrl?: string;
  /** The line mail clients show beside the subject in the inbox; hidden in the body. */
  preheader?: string;
};

/*
 * Colours: text #1a1a1a and links/button #0b57d0 on white are 16.8:1 and 6.4:1; muted #555555 is 7.5:1.
 * In dark mode (clients that honour it) text #f2f2f2 on #121212, links #8ab4f8: every pair above 4.5:1.
 * The layout is one centred table, so it holds in clients that ignore CSS width, and nothing needs an image.
 */
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .gs-body, .gs-card { background: #121212 !important; color: #f2f2f2 !important; }
  .gs-card p, .gs-card td, .gs-card strong, .gs-card div { color: #f2f2f2 !important; }
  .gs-card .gs-muted { color: #c7c7c7 !important; }
  .gs-card a { color: #8ab4f8 !important; }
  .gs-card .gs-button, .gs-card a.gs-button { background: #8ab4f8 !important; color: #0b1a33 !important; }
  .gs-rule { border-color: #444444 !important; }
}`;

/** Wraps a body in the common e-mail frame; the footer carries the unsubscribe link when there is one. */
export function emailLayout(body: SafeHtml, options: LayoutOptions = {}): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>groupsplit</title><style>${new SafeHtml(DARK_MODE_CSS)}</style></head>
<body class="gs-body" style="margin: 0; padding: 0; background: #ffffff; color: #1a1a1a;">
${options.preheader ? html`<div style="display: none; max-height: 0; overflow: hidden;">${options.preheader}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="gs-body" style="background: #ffffff;">
<tr><td align="center" style="padding: 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="gs-card" style="max-width: 560px; background: #ffffff;">
<tr><td style="font-family: -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;" class="gs-card">
${body}
<hr class="gs-rule" style="border: none; border-top: 1px solid #dddddd; margin-top: 32px;">
<p class="gs-muted" style="font-size: 13px; color: #555555;">Sent by groupsplit.${options.unsubscribeUrl ? html` <a class="gs-link" style="color: #0b57d0;" href="${options.unsubscribeUrl}">Stop these e-mails</a>.` : ''}</p>
</td></tr></table>
</td></tr></table>
</body></html>`.value;
}

/** The one call to action of an e-mail: a bulletproof (table) button that needs no image or CSS support. */
export function emailButton(href: string, label: string): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 24px 0;"><tr>
<td class="gs-button" style="border-radius: 6px; background: #0b57d0;">
<a class="gs-button" href="${href}" style="display: inline-block; padding: 12px 24px; font-weight: bold; color: #ffffff; text-decoration: none; border-radius: 6px; background: #0b57d0;">${label}</a>
</td></tr></table>`;
}

/** A muted line of small print. */
export function emailNote(text: string | SafeHtml): SafeHtml {
  return html`<p class="gs-muted" style="color: #555555; font-size: 14px;">${text}</p>`;
}

export function textFooter(options: { unsubscribeUrl?: string } = {}): string {
  return options.unsubscribeUrl ? `\n\n--\nStop these e-mails: ${options.unsubscribeUrl}\n` : '\n\n--\ngroupsplit\n';
}
