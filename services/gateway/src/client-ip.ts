import type { Context } from 'koa';

/**
 * The caller's address: the socket's, unless the socket is a configured trusted proxy,
 * in which case the right-most untrusted X-Forwarded-For entry.
 */
export function clientIp(ctx: Context, trustedProxies: ReadonlySet<string>): string {
  const socketIp = normalise(ctx.req.socket.remoteAddress ?? '');
  if (!trustedProxies.has(socketIp)) return socketIp;
  const chain = (ctx.get('x-forwarded-for') || '')
    .split(',')
    .map((part) => normalise(part.trim()))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i] as string;
    if (!trustedProxies.has(hop)) return hop;
  }
  return socketIp;
}

function normalise(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

export function parseTrustedProxies(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((part) => normalise(part.trim()))
      .filter(Boolean),
  );
}
