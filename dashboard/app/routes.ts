/**
 * Every page of the dashboard, by name and path. Plain data (no JSX), so Node tests can check that each
 * gate's `fix.path` (packages/auth/src/gates.ts) and each link the services send (onboarding return, team
 * invitations) opens one of these pages.
 */
export const PAGES = {
  home: '/dashboard',
  orders: '/dashboard/orders',
  order: '/dashboard/orders/:id',
  insights: '/dashboard/insights',
  developers: '/dashboard/developers',
  apiKeys: '/dashboard/developers/api-keys',
  webhooks: '/dashboard/developers/webhooks',
  team: '/dashboard/team',
  exports: '/dashboard/exports',
  business: '/dashboard/settings',
  payments: '/dashboard/settings/payments',
  billing: '/dashboard/settings/billing',
  verification: '/dashboard/settings/verification',
  security: '/dashboard/settings/security',
  signIn: '/dashboard/sign-in',
  consent: '/dashboard/consent',
  register: '/dashboard/register',
  workspaces: '/dashboard/workspaces',
  invite: '/dashboard/team-invites/:token',
} as const;

export type PageName = keyof typeof PAGES;
export type PageMatch = { name: PageName; params: Record<string, string> };

/** Pages that work without signing in. */
export const PUBLIC_PAGES: ReadonlySet<PageName> = new Set(['signIn', 'invite']);
/** Pages for a signed-in person who may not be in a business (yet). */
export const ACCOUNT_PAGES: ReadonlySet<PageName> = new Set(['consent', 'register', 'workspaces']);

const segments = (path: string) => path.split('/').filter(Boolean);

/** The page at `pathname` (trailing slashes ignored), with its `:params` decoded; null when there is none. */
export function matchPage(pathname: string): PageMatch | null {
  const actual = segments(pathname);
  for (const [name, pattern] of Object.entries(PAGES) as [PageName, string][]) {
    const expected = segments(pattern);
    if (expected.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const matches = expected.every((part, i) => {
      const value = actual[i] as string;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(value);
        } catch {
          return false;
        }
        return true;
      }
      return part === value;
    });
    if (matches) return { name, params };
  }
  return null;
}

export function pathFor(name: PageName, params: Record<string, string> = {}): string {
  return PAGES[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** Where to go after signing in: only a dashboard page of this origin, never another site. */
export function safeNext(value: string | null | undefined): string {
  if (!value?.startsWith('/dashboard') || value.startsWith('//') || value.includes('\\')) return PAGES.home;
  const path = value.split(/[?#]/)[0] as string;
  return matchPage(path) ? value : PAGES.home;
}
