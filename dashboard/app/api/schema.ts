/**
 * The API's types as the dashboard names them: every one is the generated type of `@groupsplit/client`
 * (openapi-typescript over docs/openapi.json), so a change to the API shows up here as a type error.
 * `paths` types every openapi-fetch call of ./client.ts.
 */
import type { components, paths } from '@groupsplit/client';

type Schemas = components['schemas'];

export type { paths };
export type Mode = Schemas['Mode'];
export type Role = Schemas['Role'];

export type ErrorDetail = Schemas['ErrorDetail'];
/** Every error body (docs/spec.md, Errors); some carry extra fields (`status`, `business_name`, `refund`). */
export type ApiErrorBody = Schemas['Error'];

export type Gate = Schemas['Gate'];
export type Merchant = Schemas['Merchant'];
export type GateFeature = keyof Merchant['gates'];
export type AddressParts = Schemas['AddressParts'];
export type Workspace = Schemas['Workspaces']['workspaces'][number];

export type Consent = Schemas['ConsentState'];
export type ActiveSession = Schemas['ActiveSession'];
export type RegistrationBody = NonNullable<
  paths['/api/merchants/register']['post']['requestBody']
>['content']['application/json'];

export type SplitStatus = Schemas['SplitStatus'];
export type SplitSummary = Schemas['SplitSummary'];
export type SplitPage = Schemas['SplitPage'];
export type SplitListQuery = NonNullable<paths['/api/checkout-splits']['get']['parameters']['query']>;
export type RefundHistoryEntry = Schemas['RefundHistoryEntry'];
export type SplitDetail = Schemas['SplitDetail'];
export type RefundResult = Schemas['RefundResult'];
export type SplitTimeline = Schemas['SplitTimeline'];
export type TimelineEntry = Schemas['TimelineEntry'];
export type RemindResult = Schemas['RemindResult'];
export type Insights = Schemas['Insights'];

export type ApiKeyRecord = Schemas['ApiKey'];
export type CreatedApiKey = Schemas['CreatedApiKey'];
export type Credentials = Schemas['Credentials'];
export type RotatedSecret = Schemas['RotatedSecret'];
export type IntegrationSettings = Schemas['IntegrationSettings'];

export type Delivery = Schemas['WebhookDelivery'];
/** Test send and resend: the attempt's log row, or 202 while the worker is still on it. */
export type SendResult = Delivery | Schemas['PendingDelivery'];
export type DeliveryDetail = Schemas['WebhookDeliveryDetail'];
export type DeliveryLogQuery = NonNullable<paths['/api/merchants/webhooks/deliveries']['get']['parameters']['query']>;
export type WebhookEventType = NonNullable<DeliveryLogQuery['type']>;

export type Member = Schemas['TeamMember'];
export type Invite = Schemas['TeamInvite'];
export type Team = Schemas['Team'];
export type InvitePreview = Schemas['InvitePreview'];

export type BillingCard = Schemas['BillingCard'];
export type Bill = Schemas['Bill'];
export type Billing = Schemas['Billing'];
