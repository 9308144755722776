import { html } from '@groupsplit/shared';

/** The small page a person sees after clicking the link in an e-mail. */
export function unsubscribedPage(email: string): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>You are unsubscribed</title></head>
<body style="font-family: -apple-system, Segoe UI, Roboto, sans-serif; color: #1a1a1a; max-width: 560px; margin: 48px auto; padding: 0 24px;">
<h1 style="font-size: 22px;">You are unsubscribed</h1>
<p>We will stop sending split payment e-mails to <strong>${email}</strong>.</p>
<p style="color: #555;">Receipts and sign-in codes you ask for yourself still arrive.</p>
</body></html>`.value;
}
