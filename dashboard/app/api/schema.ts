/**
 * The slice of the public API the dashboard calls, written in the shape openapi-typescript generates
 * (`paths[path][method]`), so that openapi-fetch types every call. When `@groupsplit/client` ships its
 * generated `paths`, this file is replaced by a re-export of it; the response types below name only the
 * fields the pages read (docs/spec.md, Resources; docs/*.md for what the spec leaves open).
 */

export type Mode = 'test' | 'live';
export type Role = 'owner' | 'admin' | 'finance' | 'member';

export type ErrorDetail = { field: string; message: string };
/** Every error body (docs/spec.md, Errors); some carry extra fields (`status`, `business_name`, `refund`). */
export type ApiErrorBody = { error: string; code?: string; details?: ErrorDetail[]; [extra: string]: unknown };

export type Gate = { code: string; message: string; fix: { label: string; path: string } };
export type GateFeature = 'take_split' | 'issue_invoice' | 'issue_invoice_bank_transfer';

export type AddressParts = {
  line1: string;
  line2?: string | null;
  city: string;
  county?: string | null;
  postcode: string;
  country?: string | null;
};

export type Merchant = {
  id: string;
  name: string;
  created_at: string;
  legal_name: string;
  business_type: string;
  business_email: string;
  business_phone: string;
  vat_number: string | null;
  company_number: string | null;
  business_address: string;
  business_address_parts?: AddressParts | null;
  processor_charges_enabled: boolean;
  processor_details_submitted: boolean;
  processor_account_id: string | null;
  processor_connected_at: string | null;
  business_role: Role;
  platform_fee_bps: number;
  platform_fee_discount_ends_at: string | null;
  webhook_url: string | null;
  allowed_domain: string | null;
  verification_status: string;
  verification_grandfathered: boolean;
  /** Not in the spec's field list; the service adds them (docs/identity.md). */
  paused?: boolean;
  paused_reason?: string | null;
  gates: Record<GateFeature, Gate | null>;
};

export type Workspace = { merchant_id: string; name: string; role: Role };

export type SignInResult = {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: { id: string; email: string; consent_required: boolean };
};

export type Consent = { terms_version: string; privacy_version: string; accepted: boolean };

export type RegistrationBody = {
  name: string;
  legal_name: string;
  business_type: string;
  business_address?: string;
  business_address_parts?: AddressParts;
  business_email: string;
  business_phone: string;
  company_number?: string | null;
  vat_number?: string | null;
  webhook_url?: string | null;
  allow_additional?: boolean;
};

export type SplitStatus =
  | 'pending'
  | 'capturing'
  | 'captured'
  | 'canceling'
  | 'canceled'
  | 'cancelled'
  | 'refunded'
  | 'partially_refunded'
  | 'creation_failed'
  | 'capture_failed';

export type SplitSummary = {
  id: string;
  order_reference: string;
  currency: string;
  status: SplitStatus;
  total_amount: string;
  created_at: string;
  participants: { id: string; email: string; amount: string; status: string }[];
};

export type RefundHistoryEntry = {
  refund_id: string;
  amount: string;
  refunded: string;
  status: 'in_progress' | 'complete' | 'partial';
  reason: string | null;
  actor: string;
  created_at: string;
};

export type SplitDetail = {
  id: string;
  merchant_id: string;
  created_by: string | null;
  order_reference: string;
  currency: string;
  total_amount: string;
  application_fee_total: string;
  customer_fee_total: string;
  merchant_fee_total: string;
  merchant_fee_bps: number;
  status: SplitStatus;
  processor_account_id: string | null;
  authorization_expires_at: string;
  disputed_at: string | null;
  created_at: string;
  updated_at: string;
  participants: {
    id: string;
    email: string;
    amount: string;
    application_fee: string;
    status: string;
    processor_payment_intent_id: string | null;
    disputed_at: string | null;
  }[];
  /** Every refund however made (the status endpoint's `split.refunds`, also on the detail). */
  refunds?: RefundHistoryEntry[];
};

export type RefundResult = {
  refund_id: string;
  split_id: string;
  amount: string;
  refunded: string;
  total_refunded: string;
  total_amount: string;
  status: string;
  reason: string | null;
  participants: { email: string; amount: string; refunded_amount: string; status: string }[];
};

export type ApiKeyRecord = {
  id: string;
  name: string;
  mode: Mode;
  last_four: string;
  created_at: string;
  last_used_at: string | null;
  revoked?: boolean;
  revoked_at?: string | null;
};
export type CreatedApiKey = Omit<ApiKeyRecord, 'last_used_at'> & { key: string };

export type Credentials = { mode: Mode; webhook_url: string | null; webhook_secret: string | null };
export type RotatedSecret = { target: 'webhook_secret'; value: string; mode: Mode };
export type IntegrationSettings = { id: string; mode: Mode; webhook_url: string | null; allowed_domain: string | null };

export type Delivery = {
  id: string;
  event_id: string;
  event_type: string;
  mode: Mode;
  trigger: 'event' | 'test' | 'resend';
  attempt: number;
  url: string;
  outcome: 'succeeded' | 'failed' | 'skipped';
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: string | null;
  gave_up_at: string | null;
  created_at: string;
};
/** Test send and resend: the attempt's log row, or 202 while the worker is still on it. */
export type SendResult = Delivery | { outcome: 'pending'; trigger: string };

export type Member = {
  id: string;
  user_id: string;
  role: Role;
  email: string;
  name: string | null;
  joined_at: string;
  identity_verified: boolean;
};
export type Invite = { id: string; email: string; role: Role; expires_at: string };
export type Team = { current_role: Role; current_user_id: string; members: Member[]; invites: Invite[] };
export type InvitePreview = { business_name: string; role: Role; email_masked: string; expires_at: string };

export type BillingCard = {
  mode: Mode;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  updated_at: string;
};
export type Bill = {
  id: string;
  amount: string;
  description: string;
  issued_at: string;
  paid_at: string | null;
  status: 'paid' | 'unpaid';
  days_unpaid: number;
};
export type Billing = { mode: Mode; card: BillingCard | null; bills: Bill[] };

// ---- the openapi-typescript shape -------------------------------------------------------------

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };
type OpOptions = { body?: unknown; path?: unknown; query?: unknown; status?: number };
type Params<O extends OpOptions> = { header?: never; cookie?: never } & (O extends { query: infer Q }
  ? { query?: Q }
  : { query?: never }) &
  (O extends { path: infer P } ? { path: P } : { path?: never });
type Body<O extends OpOptions> = O extends { body: infer B }
  ? { requestBody: { content: { 'application/json': B } } }
  : { requestBody?: never };
type Status<O extends OpOptions> = O extends { status: infer S extends number } ? S : 200;
type Op<Res, O extends OpOptions = Record<never, never>> = {
  parameters: Params<O>;
  responses: { [S in Status<O>]: Json<Res> } & { default: Json<ApiErrorBody> };
} & Body<O>;
type PathItem<Methods> = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
} & {
  [M in 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace']: M extends keyof Methods
    ? Methods[M]
    : never;
};
type Ok = { ok: true };
type Id = { id: string };
type Token = { token: string };

export type paths = {
  '/api/auth/email/start': PathItem<{ post: Op<Ok, { body: { email: string }; status: 202 }> }>;
  '/api/auth/email/verify': PathItem<{ post: Op<SignInResult, { body: { email: string; code: string } }> }>;
  '/api/auth/sign-out': PathItem<{ post: Op<Ok> }>;
  '/api/auth/consent': PathItem<{
    get: Op<Consent>;
    post: Op<Consent, { body: { terms_version: string; privacy_version: string } }>;
  }>;
  '/api/merchants/register': PathItem<{
    post: Op<{ id: string; name: string; webhook_url: string | null }, { body: RegistrationBody; status: 201 }>;
  }>;
  '/api/merchants/me': PathItem<{ get: Op<Merchant> }>;
  '/api/merchants/workspaces': PathItem<{ get: Op<{ workspaces: Workspace[] }> }>;
  '/api/merchants': PathItem<{
    patch: Op<IntegrationSettings, { body: { webhook_url?: string | null; allowed_domain?: string | null } }>;
  }>;
  '/api/merchants/connect': PathItem<{ post: Op<{ url: string }> }>;
  '/api/merchants/connect/refresh': PathItem<{ post: Op<{ url: string }> }>;
  '/api/merchants/credentials': PathItem<{ get: Op<Credentials> }>;
  '/api/merchants/credentials/rotate': PathItem<{ post: Op<RotatedSecret, { body: { target: 'webhook_secret' } }> }>;
  '/api/merchants/api-keys': PathItem<{
    get: Op<ApiKeyRecord[]>;
    post: Op<CreatedApiKey, { body: { name?: string }; status: 201 }>;
  }>;
  '/api/merchants/api-keys/{id}/revoke': PathItem<{ post: Op<ApiKeyRecord, { path: Id }> }>;
  '/api/merchants/webhooks/deliveries': PathItem<{ get: Op<Delivery[], { query: { limit?: number } }> }>;
  '/api/merchants/webhooks/test': PathItem<{ post: Op<SendResult, { status: 200 | 202 }> }>;
  '/api/merchants/webhooks/deliveries/{id}/resend': PathItem<{
    post: Op<SendResult, { path: Id; status: 200 | 202 }>;
  }>;
  '/api/merchants/team': PathItem<{ get: Op<Team> }>;
  '/api/merchants/team/invites': PathItem<{ post: Op<Invite, { body: { email: string; role: Role }; status: 201 }> }>;
  '/api/merchants/team/invites/{id}/resend': PathItem<{
    post: Op<{ ok: true; expires_at: string }, { path: Id }>;
  }>;
  '/api/merchants/team/invites/{id}': PathItem<{ delete: Op<Ok, { path: Id }> }>;
  '/api/merchants/team/members/{id}': PathItem<{
    patch: Op<{ id: string; role: Role }, { path: Id; body: { role: Role } }>;
    delete: Op<Ok, { path: Id }>;
  }>;
  '/api/merchants/team/transfer-ownership': PathItem<{
    post: Op<Ok, { body: { member_id: string; confirmation: string } }>;
  }>;
  '/api/merchants/team-invites/{token}': PathItem<{ get: Op<InvitePreview, { path: Token }> }>;
  '/api/merchants/team-invites/{token}/accept': PathItem<{
    post: Op<{ ok: true; merchant_id: string }, { path: Token }>;
  }>;
  '/api/merchants/billing': PathItem<{ get: Op<Billing> }>;
  '/api/merchants/billing/card': PathItem<{
    put: Op<{ mode: Mode; brand: string; last4: string }, { body: { payment_method: string } }>;
  }>;
  '/api/merchants/billing/bills/{id}/pay': PathItem<{ post: Op<Bill, { path: Id }> }>;
  '/api/checkout-splits': PathItem<{ get: Op<SplitSummary[]> }>;
  '/api/checkout-splits/{id}': PathItem<{ get: Op<SplitDetail, { path: Id }> }>;
  '/api/checkout-splits/{id}/cancel': PathItem<{ post: Op<{ status: 'canceled' }, { path: Id }> }>;
  '/api/checkout-splits/{id}/refund': PathItem<{ post: Op<RefundResult, { path: Id }> }>;
};
