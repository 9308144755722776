import type { RouteRule } from './types';

export const authRoutes: RouteRule[] = [
  { method: 'POST', path: '/api/auth/email/start', target: 'merchants', auth: 'none', bucket: 'sign_in' },
  { method: 'POST', path: '/api/auth/email/verify', target: 'merchants', auth: 'none', bucket: 'sign_in' },
  { method: '*', path: '/api/auth/**', target: 'merchants', auth: 'session_no_consent' },
];
