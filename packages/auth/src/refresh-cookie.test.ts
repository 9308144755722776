import { clearedRefreshCookie, readRefreshCookie, refreshCookie, refreshCookieName } from './refresh-cookie';

const https = { PUBLIC_BASE_URL: 'https://pay.example.com' };
const http = { PUBLIC_BASE_URL: 'http://127.0.0.1:3000' };
const token = 'a'.repeat(43);

describe('the refresh cookie', () => {
  it('over https is __Host- prefixed, Secure, HttpOnly, SameSite=Strict, Path=/ and has no Domain', () => {
    const header = refreshCookie(https, token, new Date(Date.now() + 3600_000));
    expect(header).toMatch(
      new RegExp(
        `^__Host-groupsplit_refresh=${token}; Path=/; Max-Age=(3599|3600); HttpOnly; SameSite=Strict; Secure$`,
      ),
    );
    expect(header).not.toContain('Domain');
    expect(clearedRefreshCookie(https)).toBe(
      '__Host-groupsplit_refresh=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });

  it('over plain http drops the prefix and Secure, which a browser would refuse there', () => {
    expect(refreshCookieName(http)).toBe('groupsplit_refresh');
    expect(refreshCookie(http, token, new Date(Date.now() + 1000))).not.toContain('Secure');
  });

  it('is read only under the name the base URL calls for, once, and well-formed', () => {
    expect(readRefreshCookie(https, `other=1; __Host-groupsplit_refresh=${token}`)).toBe(token);
    expect(readRefreshCookie(https, `groupsplit_refresh=${token}`)).toBeUndefined();
    expect(readRefreshCookie(http, `groupsplit_refresh=${token}`)).toBe(token);
    expect(readRefreshCookie(http, `groupsplit_refresh=${token}; groupsplit_refresh=${token}`)).toBeUndefined();
    expect(readRefreshCookie(http, 'groupsplit_refresh=short')).toBeUndefined();
    expect(readRefreshCookie(http, undefined)).toBeUndefined();
  });
});
