import { pounds } from '@groupsplit/client';
import { client, liveClient, unwrap } from './client';
import type { DeliveryLogQuery, RegistrationBody, Role, SplitListQuery, SplitPage, WebhookEventType } from './schema';

export { ApiError, handleSessionProblems } from './client';
export type * from './schema';

const path = (id: string) => ({ params: { path: { id } } });

/** Every call the dashboard makes, by what it does. Only public routes of the gateway's table. */
export const api = {
  // Session
  startSignIn: (email: string) => unwrap(client.POST('/api/auth/email/start', { body: { email } })),
  verifySignIn: (email: string, code: string) =>
    unwrap(client.POST('/api/auth/email/verify', { body: { email, code } })),
  signOut: () => unwrap(client.POST('/api/auth/sign-out')),
  sessions: () => unwrap(client.GET('/api/auth/sessions')),
  revokeSession: (id: string) => unwrap(client.POST('/api/auth/sessions/{id}/revoke', path(id))),
  signOutEverywhere: () => unwrap(client.POST('/api/auth/sessions/revoke-all')),
  consent: () => unwrap(client.GET('/api/auth/consent')),
  acceptConsent: (terms_version: string, privacy_version: string) =>
    unwrap(client.POST('/api/auth/consent', { body: { terms_version, privacy_version } })),

  // Business
  register: (body: RegistrationBody) => unwrap(client.POST('/api/merchants/register', { body })),
  me: () => unwrap(client.GET('/api/merchants/me')),
  workspaces: () => unwrap(client.GET('/api/merchants/workspaces')),
  updateIntegration: (body: {
    webhook_url?: string | null;
    allowed_domain?: string | null;
    create_webhook_secret?: boolean;
  }) => unwrap(client.PATCH('/api/merchants', { body })),
  connectProcessor: () => unwrap(client.POST('/api/merchants/connect')),
  refreshProcessorLink: () => unwrap(client.POST('/api/merchants/connect/refresh')),
  billing: () => unwrap(client.GET('/api/merchants/billing')),
  saveBillingCard: (payment_method: string) =>
    unwrap(client.PUT('/api/merchants/billing/card', { body: { payment_method } })),
  startCardSetup: () => unwrap(client.POST('/api/merchants/billing/card-setup')),
  completeCardSetup: (id: string) => unwrap(client.POST('/api/merchants/billing/card-setup/{id}/complete', path(id))),
  payBill: (id: string) => unwrap(client.POST('/api/merchants/billing/bills/{id}/pay', path(id))),

  // Get started (docs/dashboard.md, "Home"): a £20 sample checkout in test mode, returning to Orders.
  openTestCheckout: () => unwrap(client.POST('/api/merchants/checkout/test-sessions')),

  // Orders
  /** One page of orders (never the whole list: a query always carries `limit`; docs/splits.md, "Listing"). */
  splitPage: async (query: SplitListQuery & { limit: number }): Promise<SplitPage> => {
    const answer = await unwrap(client.GET('/api/checkout-splits', { params: { query } }));
    if (Array.isArray(answer)) throw new Error('The orders list answered without pages');
    return answer;
  },
  split: (id: string) => unwrap(client.GET('/api/checkout-splits/{id}', path(id))),
  cancelSplit: (id: string) => unwrap(client.POST('/api/checkout-splits/{id}/cancel', path(id))),
  acceptSplit: (id: string) => unwrap(client.POST('/api/checkout-splits/{id}/accept', path(id))),
  refundSplit: (id: string) => unwrap(client.POST('/api/checkout-splits/{id}/refund', path(id))),
  /** What happened to the order, newest first, and what was ordered (docs/dashboard.md, "The order's timeline"). */
  splitTimeline: (id: string) => unwrap(client.GET('/api/checkout-splits/{id}/timeline', path(id))),
  /** A refund of part of an order (or the rest, without `amount`), by the API-key refund's rules. */
  partialRefundSplit: (id: string, ask: { pence?: number; reason?: string; idempotency_key?: string }) => {
    const { pence, ...rest } = ask;
    const body = pence === undefined ? rest : { ...rest, amount: pounds(pence) };
    return unwrap(client.POST('/api/checkout-splits/{id}/partial-refund', { ...path(id), body }));
  },
  /** Reminds the payers still to pay of a hosted order (the spec's remind route, with the session). */
  remindSession: (token: string) =>
    unwrap(client.POST('/api/merchants/checkout/sessions/{token}/remind', { params: { path: { token } } })),

  // Developers
  credentials: () => unwrap(client.GET('/api/merchants/credentials')),
  rotateWebhookSecret: () =>
    unwrap(client.POST('/api/merchants/credentials/rotate', { body: { target: 'webhook_secret' } })),
  apiKeys: () => unwrap(client.GET('/api/merchants/api-keys')),
  createApiKey: (name: string) => unwrap(client.POST('/api/merchants/api-keys', { body: { name } })),
  revokeApiKey: (id: string) => unwrap(client.POST('/api/merchants/api-keys/{id}/revoke', path(id))),
  deliveries: (query: DeliveryLogQuery) =>
    unwrap(client.GET('/api/merchants/webhooks/deliveries', { params: { query } })),
  delivery: (id: string) => unwrap(client.GET('/api/merchants/webhooks/deliveries/{id}', path(id))),
  sendTestEvent: (type?: WebhookEventType) =>
    unwrap(client.POST('/api/merchants/webhooks/test', type ? { body: { type } } : {})),
  resendDelivery: (id: string) => unwrap(client.POST('/api/merchants/webhooks/deliveries/{id}/resend', path(id))),

  /** Live mode's own answers whatever the toggle says, for the go-live checklist. */
  live: {
    me: () => unwrap(liveClient.GET('/api/merchants/me')),
    billing: () => unwrap(liveClient.GET('/api/merchants/billing')),
    deliveries: (query: DeliveryLogQuery) =>
      unwrap(liveClient.GET('/api/merchants/webhooks/deliveries', { params: { query } })),
  },

  // Insights: `from` and `to` are UTC days, both included.
  insights: (from: string, to: string) =>
    unwrap(client.GET('/api/checkout-splits/insights', { params: { query: { from, to } } })),

  // Team
  team: () => unwrap(client.GET('/api/merchants/team')),
  invite: (email: string, role: Role) => unwrap(client.POST('/api/merchants/team/invites', { body: { email, role } })),
  resendInvite: (id: string) => unwrap(client.POST('/api/merchants/team/invites/{id}/resend', path(id))),
  revokeInvite: (id: string) => unwrap(client.DELETE('/api/merchants/team/invites/{id}', path(id))),
  changeRole: (id: string, role: Role) =>
    unwrap(client.PATCH('/api/merchants/team/members/{id}', { ...path(id), body: { role } })),
  removeMember: (id: string) => unwrap(client.DELETE('/api/merchants/team/members/{id}', path(id))),
  transferOwnership: (member_id: string, confirmation: string) =>
    unwrap(client.POST('/api/merchants/team/transfer-ownership', { body: { member_id, confirmation } })),
  invitePreview: (token: string) =>
    unwrap(client.GET('/api/merchants/team-invites/{token}', { params: { path: { token } } })),
  acceptInvite: (token: string) =>
    unwrap(client.POST('/api/merchants/team-invites/{token}/accept', { params: { path: { token } } })),
};
