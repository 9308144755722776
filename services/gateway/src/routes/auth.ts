import type { RouteRule } from './types';

export const authRoutes: RouteRule[] = [
  { method: 'POST', path: '/api/auth/email/start', target: 'merchants', auth: 'none', bucket: 'sign_in' },
  { method: 'POST', path: '/api/auth/email/verify', target: 'merchants', auth: 'none', bucket: 'sign_in' },
  // docs/security.md, "Sessions that survive a reload": the only route a cookie authenticates.
  {
    method: 'POST',
    path: '/api/auth/session/refresh',
    target: 'merchants',
    auth: 'refresh_cookie',
    bucket: 'session_refresh',
  },
  { method: '*', path: '/api/auth/**', target: 'merchants', auth: 'session_no_consent' },
];
