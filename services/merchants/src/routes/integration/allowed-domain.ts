import { invalidDomain } from './schema';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The host that return and cancel URLs must match exactly. Merchants paste either a bare
 * host (`shop.example.com`) or a URL (`https://shop.example.com/`); both store the host,
 * lower-cased and in its ASCII (punycode) form, which is what URL parsing yields later.
 * The same rules hold for `test_allowed_domain`, whose refusals name that field.
 */
export function normaliseAllowedDomain(
  raw: string,
  field: 'allowed_domain' | 'test_allowed_domain' = 'allowed_domain',
): string {
  const invalidAllowedDomain = (reason: string) => invalidDomain(field, reason);
  const input = raw.trim();
  let url: URL;
  try {
    url = new URL(input.includes('://') ? input : `https://${input}`);
  } catch {
    throw invalidAllowedDomain('enter a host name such as shop.example.com');
  }
  if (!input.includes('://') && /[/?#@:\\]/.test(input)) {
    throw invalidAllowedDomain('enter only the host name, such as shop.example.com');
  }
  if (url.username || url.password) throw invalidAllowedDomain('must not contain credentials');
  if (url.port) throw invalidAllowedDomain('must not include a port');
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (host.length === 0 || host.length > 253 || host.startsWith('[')) {
    throw invalidAllowedDomain('enter a host name such as shop.example.com');
  }
  if (!host.split('.').every((label) => LABEL.test(label))) {
    throw invalidAllowedDomain('enter a host name such as shop.example.com');
  }
  return host;
}
