import { GATES } from '@groupsplit/shared';
import { matchPage, PAGES, safeNext } from '../app/routes';

describe('dashboard pages', () => {
  it.each(Object.values(GATES).map((gate) => [gate.code, gate.fix.path]))(
    "the %s gate's fix.path (%s) is a page of the dashboard",
    (_code, path) => {
      expect(matchPage(path)).not.toBeNull();
    },
  );

  it('has the pages the services link to: onboarding return and team invitations', () => {
    // services/merchants/src/routes/connect/connect.ts and team/invite-mail.ts (through the gateway's redirect).
    expect(matchPage('/dashboard/settings/payments')?.name).toBe('payments');
    expect(matchPage('/dashboard/team-invites/abc_DEF-123')).toEqual({
      name: 'invite',
      params: { token: 'abc_DEF-123' },
    });
  });

  it('matches paths with a trailing slash and decodes parameters', () => {
    expect(matchPage('/dashboard/')?.name).toBe('home');
    expect(matchPage('/dashboard/orders/a%20b')).toEqual({ name: 'order', params: { id: 'a b' } });
    expect(matchPage('/dashboard/nope')).toBeNull();
    expect(matchPage('/checkout/x')).toBeNull();
  });

  it('returns after sign-in only to a page of the dashboard', () => {
    expect(safeNext('/dashboard/orders?q=x')).toBe('/dashboard/orders?q=x');
    for (const unsafe of ['https://evil.example/dashboard', '//evil.example', '/dashboard\\@evil', '/api/x', null]) {
      expect(safeNext(unsafe)).toBe(PAGES.home);
    }
  });
});
