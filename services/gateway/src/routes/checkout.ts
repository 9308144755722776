import type { RouteRule } from './types';

/** Hosted checkout (API-key server routes, buyer routes and pages), splits and processor events. */
export const checkoutRoutes: RouteRule[] = [
  { method: 'POST', path: '/api/_skeleton/ping', target: 'checkout', auth: 'none' },
  { method: '*', path: '/api/processor/**', target: 'checkout', auth: 'none' },
  { method: '*', path: '/checkout/**', target: 'checkout', auth: 'none' },
  { method: '*', path: '/pay/**', target: 'checkout', auth: 'none' },
  { method: '*', path: '/api/merchants/checkout/**', target: 'checkout', auth: 'api_key', bucket: 'server_ops' },
  { method: '*', path: '/api/checkout-splits/**', target: 'checkout', auth: 'session_splits' },
];
