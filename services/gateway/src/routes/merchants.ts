import type { RouteRule } from './types';

export const merchantRoutes: RouteRule[] = [
  { method: '*', path: '/api/merchants/**', target: 'merchants', auth: 'session' },
];
