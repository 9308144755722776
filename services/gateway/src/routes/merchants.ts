import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rules = rulesOf('merchants');
const sensitive = { bucket: 'sensitive' } as const;

export const merchantRoutes: RouteRule[] = [
  // Team invitations: every invite route shares the sensitive bucket; the preview is public.
  rules(
    [
      'POST /api/merchants/team/invites',
      'POST /api/merchants/team/invites/:id/resend',
      'DELETE /api/merchants/team/invites/:id',
    ],
    'session',
    sensitive,
  ),
  rules('GET /api/merchants/team-invites/:token', 'none', sensitive),
  rules(
    [
      'POST /api/merchants/team-invites/:token/accept',
      // Integration credentials: key creation and secret rotation share the sensitive bucket.
      'POST /api/merchants/api-keys',
      'POST /api/merchants/credentials/rotate',
    ],
    'session',
    sensitive,
  ),
  // Public forms: anonymous, so the shared sensitive bucket is their only brake.
  rules(['POST /api/public/contact', 'POST /api/public/waitlist', 'POST /api/public/partner'], 'none', sensitive),
  // Webhook tooling: test send and resend share the sensitive bucket; the log is not limited.
  rules(
    ['POST /api/merchants/webhooks/test', 'POST /api/merchants/webhooks/deliveries/:id/resend'],
    'session',
    sensitive,
  ),
  // Billing card set-up: each call makes a page at the processor, so it counts in server_ops (per client IP);
  // completing it only reads the processor and saves at most one card.
  rules('POST /api/merchants/billing/card-setup', 'session', { bucket: 'server_ops' }),
  rules(['POST /api/merchants/billing/card-setup/:id/complete', '* /api/merchants/**'], 'session'),
].flat();
