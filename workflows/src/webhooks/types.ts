import type { WebhookEventType } from '@groupsplit/shared';

/** What started a delivery: the outbox (retried on the schedule), the test button or a resend (one attempt each). */
export type WebhookTrigger = 'event' | 'test' | 'resend';

export type WebhookAttemptOutcome = 'succeeded' | 'failed' | 'skipped';

export type WebhookDeliveryInput = {
  eventId: string;
  /** WEBHOOK_RETRY_TIME_SCALE of whoever dispatched it; workflows cannot read config. */
  timeScale: number;
};

export type WebhookManualSendInput =
  | { kind: 'test'; merchantId: string; mode: 'test' | 'live'; type?: WebhookEventType }
  | { kind: 'resend'; eventId: string };

export type WebhookDeliveryResult = {
  eventId: string;
  outcome: 'succeeded' | 'skipped' | 'given_up' | 'failed';
  attempts: number;
  /** Log row of the last attempt. */
  lastAttemptId: string | null;
};

export type WebhookAttemptInput = {
  /** Workflow id; with `attempt` it names one log row, so a retried activity cannot log twice. */
  deliveryId: string;
  eventId: string;
  trigger: WebhookTrigger;
  attempt: number;
  /** Scaled wait before the next attempt if this one fails; null when it is the last. */
  retryInMs: number | null;
};

export type WebhookAttemptResult = { attemptId: string; outcome: WebhookAttemptOutcome };

export type WebhookGiveUpNotice = {
  to: string;
  merchantId: string;
  data: Record<string, unknown>;
};

export type WebhookSweepInput = {
  /** Only rows at least this old; leaves fresh rows to the dispatcher that wrote them. */
  olderThanMs?: number;
  limit?: number;
  /** Restricts a sweep to one business (operators and tests). */
  merchantId?: string;
};

export interface WebhookActivities {
  attemptWebhookDelivery(input: WebhookAttemptInput): Promise<WebhookAttemptResult>;
  /** Marks the delivery given up and returns who to tell, or null when there is nobody to tell. */
  giveUpWebhookDelivery(input: { deliveryId: string; eventId: string }): Promise<WebhookGiveUpNotice | null>;
  recordSampleWebhookEvent(input: {
    merchantId: string;
    mode: 'test' | 'live';
    type?: WebhookEventType;
  }): Promise<string>;
  dispatchPendingWebhookEvents(input: WebhookSweepInput): Promise<{ dispatched: number }>;
}
