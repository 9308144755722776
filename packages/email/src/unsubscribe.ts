import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '@groupsplit/config';

type UnsubscribeConfig = Pick<Config, 'PUBLIC_BASE_URL' | 'INTERNAL_SIGNING_SECRET'>;

// A purpose prefix keeps these MACs from ever matching another use of the same secret.
const mac = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${email}`).digest('base64url');

/** `<base64url address>.<mac>`: the address is in the link, so no lookup table is needed. */
export function unsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString('base64url')}.${mac(secret, address)}`;
}

/** The address a token was made for, or null when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, address));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return address;
}

/** One-click unsubscribe link for participant e-mails; pass it to emailLayout/textFooter. */
export function unsubscribeUrl(config: UnsubscribeConfig, email: string): string {
  const url = new URL('/api/email/unsubscribe', config.PUBLIC_BASE_URL);
  url.searchParams.set('token', unsubscribeToken(config.INTERNAL_SIGNING_SECRET, email));
  return url.toString();
}
