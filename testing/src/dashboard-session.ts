import { refreshCookieName, SessionFamiliesRepository, UsersRepository } from '@groupsplit/shared';
import type { Stack } from './stack';

/** What this needs of a browser context (playwright-core's BrowserContext), so the package does not depend on it. */
type CookieJar = {
  addCookies(
    cookies: {
      name: string;
      value: string;
      url: string;
      httpOnly: boolean;
      sameSite: 'Strict';
      secure: boolean;
      expires: number;
    }[],
  ): Promise<void>;
};

/**
 * A signed-in dashboard for a browser file that tests the pages behind the sign-in, not the sign-in:
 * the account and its session family are made by the repositories the sign-in's verify route uses
 * (`UsersRepository.findOrCreate`, `SessionFamiliesRepository.start`), and the family's refresh
 * credential is put in `context` as the cookie that route sets. The dashboard's first load then
 * refreshes into a session exactly as it does after a reload, with no code mailed and no workflow, so
 * such a file can run on the route tier (docs/testing-speed.md). The sign-in page itself, with the real
 * code from the real mail, is tested by its own files (dashboard.browser, sessions.browser, new-merchant).
 */
export async function signInDashboard(
  stack: Pick<Stack, 'config' | 'db'>,
  context: CookieJar,
  email: string,
  device: { userAgent?: string; clientIp?: string } = {},
) {
  const user = await new UsersRepository(stack.db).findOrCreate(email.toLowerCase());
  const family = await new SessionFamiliesRepository(stack.db).start({
    userId: user.id,
    userAgent: device.userAgent ?? 'the test browser',
    clientIp: device.clientIp ?? '127.0.0.1',
    absoluteMs: stack.config.SESSION_ABSOLUTE_TIMEOUT_MS,
  });
  await context.addCookies([
    {
      name: refreshCookieName(stack.config),
      value: family.refreshToken,
      url: stack.config.PUBLIC_BASE_URL,
      httpOnly: true,
      sameSite: 'Strict',
      secure: new URL(stack.config.PUBLIC_BASE_URL).protocol === 'https:',
      expires: Math.floor(family.expiresAt.getTime() / 1000),
    },
  ]);
  return { userId: user.id, familyId: family.familyId };
}
