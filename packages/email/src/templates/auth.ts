import { html } from '../html';
import { emailLayout, emailNote, textFooter } from '../layout';
import type { EmailTemplate } from './template';

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
  /**
   * Sent once when wrong codes put an address under guard (docs/rate-limits.md, "Sign-in codes per address"): what
   * happened, that the owner can still sign in, and that nothing is needed unless they did not ask.
   * Data: wrongCodes, windowMinutes, at and guardedUntil (UK time, formatUkDateTime).
   */
  'auth.sign_in_attack': (data) => {
    const wrong = Number(data.wrongCodes);
    const minutes = Number(data.windowMinutes);
    const at = String(data.at);
    const until = String(data.guardedUntil);
    const happened =
      `${wrong} wrong sign-in codes were entered for this e-mail address within ${minutes} minutes, the last on ${at}. ` +
      'Nobody signed in with them: a code only works for whoever can read this mailbox.';
    const guard =
      `Until ${until}, a code for this address can only be entered from the connection that asked for it, and the ` +
      'connections that sent wrong codes have to wait. You can still sign in as usual: ask for a new code and enter it ' +
      'where you asked for it.';
    const ifNot =
      'If you were signing in, you need do nothing. If you did not ask for a code, someone else is trying your ' +
      'address: you need do nothing to keep them out of groupsplit, but keep this mailbox safe (a strong password ' +
      'and two-step sign-in) and never pass a code on to anyone.';
    return {
      subject: 'Wrong sign-in codes entered for your groupsplit address',
      text: `${happened}\n\n${guard}\n\n${ifNot}${textFooter()}`,
      html: emailLayout(html`<p>${happened}</p>
<p>${guard}</p>
${emailNote(ifNot)}`),
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
