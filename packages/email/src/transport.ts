import { type Config, ConfigError } from '@groupsplit/config';
import nodemailer from 'nodemailer';
import type { RenderedEmail } from './layout';

type DkimConfig = Pick<Config, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>;

/** nodemailer's `dkim` option, or undefined when DKIM is off; a partial setting stops start-up naming what is missing. */
export function dkimOptions(config: DkimConfig) {
  const names = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;
  const missing = names.filter((name) => !config[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')}: required when DKIM is configured`);
  }
  return {
    domainName: config.DKIM_DOMAIN!,
    keySelector: config.DKIM_SELECTOR!,
    // Secret stores and env files often carry the PEM with literal "\n" for its line breaks.
    privateKey: config.DKIM_PRIVATE_KEY!.replace(/\\n/g, '\n'),
  };
}

/**
 * `timeouts` (ms) override the connection and greeting defaults below, and nodemailer's 10-minute socket timeout.
 * Not pooled, on purpose: a pooled transport measured no CPU saved per split (bench/history/2026-11.md, "the SMTP pool"),
 * and a send queued behind its busy connections waits with no deadline, which would break the first attempt's
 * bound on how long a create waits (services/checkout/src/email/first-attempt.ts).
 */
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
    dkim: dkimOptions(config),
    ...timeouts,
  });
}

export type MailTransport = ReturnType<typeof createMailTransport>;

type SendingConfig = Pick<Config, 'MAIL_FROM' | 'MAIL_UNSUBSCRIBE_MAILTO'>;

/** The domain of MAIL_FROM's address: Message-IDs and the default unsubscribe mailbox live on it. */
export function sendingDomain(config: Pick<Config, 'MAIL_FROM'>): string {
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * The headers large mailbox providers expect from a bulk sender: one-click unsubscribe (RFC 8058:
 * an https link that takes a POST, plus a mailto), and Auto-Submitted (RFC 3834) so auto-responders
 * do not answer.
 */
export function deliverabilityHeaders(config: SendingConfig, rendered: RenderedEmail): Record<string, string> {
  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  if (rendered.unsubscribeUrl) {
    const token = new URL(rendered.unsubscribeUrl).searchParams.get('token') ?? '';
    const mailbox = config.MAIL_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${sendingDomain(config)}`;
    const mailto = `mailto:${mailbox}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
    headers['List-Unsubscribe'] = `<${rendered.unsubscribeUrl}>, <${mailto}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

/** MAIL_FROM's address, without its display name. */
export function sendingAddress(config: Pick<Config, 'MAIL_FROM'>): string {
  return (/<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM).trim();
}

/**
 * The From line: MAIL_FROM as configured, or, when the e-mail names who it comes from
 * (`fromName`, e.g. "Bea via Corner Deli"), that display name on our own address. nodemailer
 * quotes and encodes the name, so whatever a person typed cannot add an address or a header.
 */
export function fromHeader(config: Pick<Config, 'MAIL_FROM'>, rendered: Pick<RenderedEmail, 'fromName'>) {
  const name = rendered.fromName?.replace(/[\r\n]+/g, ' ').trim();
  return name ? { name, address: sendingAddress(config) } : config.MAIL_FROM;
}

/**
 * Hands one rendered e-mail to SMTP. The Message-ID is derived from the e-mail's id, so a repeat
 * of the same e-mail (a retry after a send whose outcome was lost) is recognisable as such.
 * `replyTo`: order e-mails answer to the business, not to a no-reply mailbox.
 */
export async function sendRenderedEmail(
  transport: MailTransport,
  config: SendingConfig,
  email: { id: string; to: string; rendered: RenderedEmail; replyTo?: string },
) {
  await transport.sendMail({
    from: fromHeader(config, email.rendered),
    to: email.to,
    replyTo: email.replyTo,
    subject: email.rendered.subject,
    text: email.rendered.text,
    html: email.rendered.html,
    messageId: `<${email.id}@${sendingDomain(config)}>`,
    headers: deliverabilityHeaders(config, email.rendered),
  });
}
