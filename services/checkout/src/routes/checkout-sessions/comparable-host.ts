/**
 * The hostname a return or cancel URL must match allowed_domain by (matchesAllowedDomain's own
 * normalisation), or null when the insert-time check cannot stand in for it: not https, not a URL,
 * or a hostname still ending in a dot after the one that is dropped.
 */
export function comparableHost(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  return host === '' || host.endsWith('.') ? null : host;
}
