import { html } from '../html';
import { emailLayout, textFooter } from '../layout';
import { formatUkDateTime } from '../uk-time';
import type { EmailTemplate } from './template';

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', finance: 'Finance', member: 'Member' };

/** Team e-mails. `team.invite` data: business_name, role, inviter_name?, accept_url, expires_at (ISO). */
export const TEAM_EMAIL_TEMPLATES: Record<string, EmailTemplate> = {
  'team.invite': (data) => {
    const role = ROLE_LABELS[data.role] ?? String(data.role);
    const inviter = data.inviter_name ? `${data.inviter_name} has invited you` : 'You have been invited';
    const expires = formatUkDateTime(data.expires_at);
    return {
      subject: `Join ${data.business_name} on groupsplit`,
      text:
        `${inviter} to join ${data.business_name} on groupsplit as ${role}.\n\n` +
        `Accept the invitation: ${data.accept_url}\n\n` +
        `The link works once and expires on ${expires}. Sign in with this e-mail address to accept it.` +
        textFooter(),
      html: emailLayout(html`<p>${inviter} to join <strong>${data.business_name}</strong> on groupsplit as ${role}.</p>
<p><a href="${data.accept_url}">Accept the invitation</a></p>
<p>The link works once and expires on ${expires}. Sign in with this e-mail address to accept it.</p>`),
    };
  },
};
