import { html } from '../html';
import { emailLayout, emailNote, textFooter } from '../layout';
import type { EmailTemplate } from './index';

/** Sign-in e-mails. The code is the only secret in them and is never logged. */
export const AUTH_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'auth.sign_in_code': (data) => {
    const code = String(data.code);
    const minutes = Number(data.validMinutes);
    return {
      subject: 'Your groupsplit sign-in code',
      text:
        `Your groupsplit sign-in code is ${code}\n\n` +
        `Enter it where you asked to sign in. It works once and expires in ${minutes} minutes.\n` +
        `If you did not ask to sign in, ignore this e-mail: nobody can sign in without the code.` +
        textFooter(),
      html: emailLayout(html`<p>Your groupsplit sign-in code is</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 4px;">${code}</p>
<p>Enter it where you asked to sign in. It works once and expires in ${minutes} minutes.</p>
${emailNote('If you did not ask to sign in, ignore this e-mail: nobody can sign in without the code.')}`),
    };
  },
  /** Sent once when wrong codes lock an address (docs/rate-limits.md, "Sign-in codes per address"). */
  'auth.sign_in_locked': (data) => {
    const minutes = Number(data.lockedMinutes);
    const wrong = Number(data.wrongCodes);
    return {
      subject: 'Sign-in to groupsplit paused for your address',
      text:
        `Someone entered ${wrong} wrong sign-in codes for this e-mail address within an hour, so signing in with it ` +
        `is paused for ${minutes} minutes.\n\n` +
        `If that was you, wait and ask for a new code. If it was not, nobody got in: a code only works from this ` +
        `mailbox. You need do nothing.` +
        textFooter(),
      html: emailLayout(html`<p>Someone entered ${wrong} wrong sign-in codes for this e-mail address within an hour, so
signing in with it is paused for ${minutes} minutes.</p>
<p>If that was you, wait and ask for a new code. If it was not, nobody got in: a code only works from this mailbox.
You need do nothing.</p>`),
    };
  },
  /** A sign-in from a device this login never used before (docs/security.md, "Sessions that survive a reload"). */
  'auth.new_sign_in': (data) => {
    const device = String(data.device);
    const address = String(data.ipAddress);
    const at = String(data.signedInAt);
    return {
      subject: 'New sign-in to groupsplit',
      text:
        `Your groupsplit account was signed in from a new device: ${device}, address ${address}, at ${at}.\n\n` +
        `If that was you, you need do nothing. If it was not, open the dashboard, go to Settings, Security, and ` +
        `choose "Sign out everywhere": nobody can sign in again without a code from this mailbox.` +
        textFooter(),
      html: emailLayout(html`<p>Your groupsplit account was signed in from a new device: ${device}, address ${address},
at ${at}.</p>
<p>If that was you, you need do nothing. If it was not, open the dashboard, go to Settings, Security, and choose
"Sign out everywhere": nobody can sign in again without a code from this mailbox.</p>`),
    };
  },
};
