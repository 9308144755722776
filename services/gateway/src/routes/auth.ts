import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rules = rulesOf('merchants');

export const authRoutes: RouteRule[] = [
  rules(['POST /api/auth/email/start', 'POST /api/auth/email/verify'], 'none', { bucket: 'sign_in' }),
  // docs/security.md, "Sessions that survive a reload": the only route a cookie authenticates.
  rules('POST /api/auth/session/refresh', 'refresh_cookie', { bucket: 'session_refresh' }),
  rules('* /api/auth/**', 'session_no_consent'),
].flat();
