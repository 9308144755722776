/**
 * Hop-by-hop headers (RFC 9110, 7.6.1): they describe one connection, so a proxy never passes them on.
 * The gateway's hand-off to a service and the Temporal UI's front both leave them out.
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
