/**
 * `@groupsplit/client/node`: what a merchant's Node server needs beside the client, kept apart from
 * the main entry because it uses `node:crypto` (the client itself runs anywhere `fetch` does).
 */
export {
  WEBHOOK_SIGNING_DOC_URL,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from './webhooks/errors';
export type { WebhookEvent, WebhookEventOf, WebhookEventType } from './webhooks/events';
export {
  DEFAULT_TOLERANCE_SECONDS,
  type SignatureHeader,
  type VerifyWebhookOptions,
  verifyWebhook,
} from './webhooks/verify';
