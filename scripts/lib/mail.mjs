// Mailpit when available, otherwise the bundled catcher that answers the same API subset.
import { join } from 'node:path';
import { ROOT } from './paths.mjs';
import { startProcess, waitFor } from './procs.mjs';
import { ensureMailpit } from './tools.mjs';

export async function startMail({ smtpPort, httpPort, quiet = false }) {
  const mailpit = ensureMailpit();
  const child = mailpit
    ? startProcess(
        'mailpit',
        mailpit,
        [
          '--smtp',
          `127.0.0.1:${smtpPort}`,
          '--listen',
          `127.0.0.1:${httpPort}`,
          '--smtp-auth-accept-any',
          '--smtp-auth-allow-insecure',
          '--quiet',
        ],
        { quiet, tier: 'infra' },
      )
    : startProcess('mail', process.execPath, [join(ROOT, 'scripts', 'mail-catcher.mjs')], {
        quiet,
        tier: 'infra',
        env: { MAIL_SMTP_PORT: String(smtpPort), MAIL_HTTP_PORT: String(httpPort) },
      });
  const apiUrl = `http://127.0.0.1:${httpPort}`;
  await waitFor('the mail server', async () => (await fetch(`${apiUrl}/api/v1/messages`)).ok, 30_000);
  return { child, apiUrl, kind: mailpit ? 'mailpit' : 'catcher' };
}
