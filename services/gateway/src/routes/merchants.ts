import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rule = rulesOf('merchants');

export const merchantRoutes: RouteRule[] = [
  // Team invitations: every invite route shares the sensitive bucket; the preview is public.
  rule('POST /api/merchants/team/invites', 'session', { bucket: 'sensitive' }),
  rule('POST /api/merchants/team/invites/:id/resend', 'session', { bucket: 'sensitive' }),
  rule('DELETE /api/merchants/team/invites/:id', 'session', { bucket: 'sensitive' }),
  rule('GET /api/merchants/team-invites/:token', 'none', { bucket: 'sensitive' }),
  rule('POST /api/merchants/team-invites/:token/accept', 'session', { bucket: 'sensitive' }),
  // Integration credentials: key creation and secret rotation share the sensitive bucket.
  rule('POST /api/merchants/api-keys', 'session', { bucket: 'sensitive' }),
  rule('POST /api/merchants/credentials/rotate', 'session', { bucket: 'sensitive' }),
  // Public forms: anonymous, so the shared sensitive bucket is their only brake.
  rule('POST /api/public/contact', 'none', { bucket: 'sensitive' }),
  rule('POST /api/public/waitlist', 'none', { bucket: 'sensitive' }),
  rule('POST /api/public/partner', 'none', { bucket: 'sensitive' }),
  // Webhook tooling: test send and resend share the sensitive bucket; the log is not limited.
  rule('POST /api/merchants/webhooks/test', 'session', { bucket: 'sensitive' }),
  rule('POST /api/merchants/webhooks/deliveries/:id/resend', 'session', { bucket: 'sensitive' }),
  // Billing card set-up: each call makes a page at the processor, so it counts in server_ops (per client IP);
  // completing it only reads the processor and saves at most one card.
  rule('POST /api/merchants/billing/card-setup', 'session', { bucket: 'server_ops' }),
  rule('POST /api/merchants/billing/card-setup/:id/complete', 'session'),
  rule('* /api/merchants/**', 'session'),
];
