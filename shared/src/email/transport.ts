import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { RenderedEmail } from './layout';

/** `timeouts` (ms) override the connection and greeting defaults below, and nodemailer's 10-minute socket timeout. */
export function createMailTransport(
  config: Config,
  timeouts: { connectionTimeout?: number; greetingTimeout?: number; socketTimeout?: number } = {},
) {
  return nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    ...timeouts,
  });
}

export type MailTransport = ReturnType<typeof createMailTransport>;

/**
 * Hands one rendered e-mail to SMTP. The Message-ID is derived from the e-mail's id, so a repeat
 * of the same e-mail (a retry after a send whose outcome was lost) is recognisable as such.
 */
export async function sendRenderedEmail(
  transport: MailTransport,
  config: Pick<Config, 'MAIL_FROM'>,
  email: { id: string; to: string; rendered: RenderedEmail },
) {
  await transport.sendMail({
    from: config.MAIL_FROM,
    to: email.to,
    subject: email.rendered.subject,
    text: email.rendered.text,
    html: email.rendered.html,
    messageId: `<${email.id}@groupsplit>`,
  });
}
