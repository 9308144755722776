import type { RouteRule } from './types';

export const merchantRoutes: RouteRule[] = [
  // Team invitations: every invite route shares the sensitive bucket; the preview is public.
  { method: 'POST', path: '/api/merchants/team/invites', target: 'merchants', auth: 'session', bucket: 'sensitive' },
  {
    method: 'POST',
    path: '/api/merchants/team/invites/:id/resend',
    target: 'merchants',
    auth: 'session',
    bucket: 'sensitive',
  },
  {
    method: 'DELETE',
    path: '/api/merchants/team/invites/:id',
    target: 'merchants',
    auth: 'session',
    bucket: 'sensitive',
  },
  { method: 'GET', path: '/api/merchants/team-invites/:token', target: 'merchants', auth: 'none', bucket: 'sensitive' },
  {
    method: 'POST',
    path: '/api/merchants/team-invites/:token/accept',
    target: 'merchants',
    auth: 'session',
    bucket: 'sensitive',
  },
  // Integration credentials: key creation and secret rotation share the sensitive bucket.
  { method: 'POST', path: '/api/merchants/api-keys', target: 'merchants', auth: 'session', bucket: 'sensitive' },
  {
    method: 'POST',
    path: '/api/merchants/credentials/rotate',
    target: 'merchants',
    auth: 'session',
    bucket: 'sensitive',
  },
  // Public forms: anonymous, so the shared sensitive bucket is their only brake.
  { method: 'POST', path: '/api/public/contact', target: 'merchants', auth: 'none', bucket: 'sensitive' },
  { method: 'POST', path: '/api/public/waitlist', target: 'merchants', auth: 'none', bucket: 'sensitive' },
  { method: 'POST', path: '/api/public/partner', target: 'merchants', auth: 'none', bucket: 'sensitive' },
  // Webhook tooling: test send and resend share the sensitive bucket; the log is not limited.
  { method: 'POST', path: '/api/merchants/webhooks/test', target: 'merchants', auth: 'session', bucket: 'sensitive' },
  {
    method: 'POST',
    path: '/api/merchants/webhooks/deliveries/:id/resend',
    target: 'merchants',
    auth: 'session',
    bucket: 'sensitive',
  },
  // Billing card set-up: each call makes a page at the processor, so it counts in server_ops (per client IP);
  // completing it only reads the processor and saves at most one card.
  {
    method: 'POST',
    path: '/api/merchants/billing/card-setup',
    target: 'merchants',
    auth: 'session',
    bucket: 'server_ops',
  },
  { method: 'POST', path: '/api/merchants/billing/card-setup/:id/complete', target: 'merchants', auth: 'session' },
  { method: '*', path: '/api/merchants/**', target: 'merchants', auth: 'session' },
];
