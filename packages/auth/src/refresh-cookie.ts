import type { Config } from '@groupsplit/config';

/**
 * The dashboard's refresh credential as a cookie (docs/security.md, "Sessions that survive a reload").
 *
 * Over https it is `__Host-groupsplit_refresh`: `Secure`, no `Domain` and `Path=/`, because a browser
 * refuses a `__Host-` cookie with any other path. So it travels with every request to the origin, but
 * only `POST /api/auth/session/refresh` ever reads it: the gateway drops the Cookie header of every
 * other call, and no other route is authenticated by it.
 *
 * Over plain http (a developer's machine, the test stack on http://127.0.0.1) a browser refuses a
 * `Secure` cookie except on `localhost`, and a prefixed cookie without `Secure` everywhere: the cookie
 * is then `groupsplit_refresh`, same attributes but not `Secure`. The name follows PUBLIC_BASE_URL, so
 * an https deployment never reads the unprefixed one.
 */
const SECURE_NAME = '__Host-groupsplit_refresh';
const PLAIN_HTTP_NAME = 'groupsplit_refresh';

const isHttps = (config: Pick<Config, 'PUBLIC_BASE_URL'>) => new URL(config.PUBLIC_BASE_URL).protocol === 'https:';

export const refreshCookieName = (config: Pick<Config, 'PUBLIC_BASE_URL'>) =>
  isHttps(config) ? SECURE_NAME : PLAIN_HTTP_NAME;

function attributes(config: Pick<Config, 'PUBLIC_BASE_URL'>, maxAgeSeconds: number): string {
  const secure = isHttps(config) ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** The Set-Cookie value carrying a refresh credential until the family's absolute end. */
export function refreshCookie(config: Pick<Config, 'PUBLIC_BASE_URL'>, token: string, until: Date): string {
  const maxAge = Math.max(0, Math.floor((until.getTime() - Date.now()) / 1000));
  return `${refreshCookieName(config)}=${token}; ${attributes(config, maxAge)}`;
}

/** The Set-Cookie value that removes it (sign-out, an ended family). */
export const clearedRefreshCookie = (config: Pick<Config, 'PUBLIC_BASE_URL'>) =>
  `${refreshCookieName(config)}=; ${attributes(config, 0)}`;

/** The refresh credential in a Cookie header, if there is exactly one well-formed value. */
export function readRefreshCookie(config: Pick<Config, 'PUBLIC_BASE_URL'>, header: string | undefined) {
  if (!header) return undefined;
  const name = refreshCookieName(config);
  const values = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  const [value] = values;
  return values.length === 1 && value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}
