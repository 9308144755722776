import type { Config } from '../config';
import type { Db } from '../db';
import { webhookDeliveries } from '../metrics';
import { allowsPrivateWebhookTarget, OutboundRequestError, safeFetch, UnsafeUrlError } from '../net';
import { getWebhookSettings } from '../webhook-settings';
import {
  signWebhookPayload,
  WEBHOOK_ATTEMPT_HEADER,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '../webhook-signature';
import { buildWebhookEnvelope, serializeWebhookEnvelope } from './envelope';

/** What started a delivery: the outbox (retried on the schedule), the test button or a resend (one attempt each). */
export type WebhookAttemptTrigger = 'event' | 'test' | 'resend';

export type WebhookAttemptRequest = {
  /** The delivery's id (its workflow id); with `attempt` it names one log row, so an attempt is logged once. */
  deliveryId: string;
  eventId: string;
  trigger: WebhookAttemptTrigger;
  attempt: number;
  /** Scaled wait before the next attempt if this one fails; null when it is the last. */
  retryInMs: number | null;
};

export type WebhookAttemptLogged = { attemptId: string; outcome: 'succeeded' | 'failed' | 'skipped' };

/** What the log keeps of a merchant's answer. */
const RESPONSE_EXCERPT_CHARS = 500;
const MAX_RESPONSE_BYTES = 4096;

type Exchange = {
  outcome: 'succeeded' | 'failed';
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  signedAt: Date;
  durationMs: number;
};

/** The configuration an attempt reads. */
export type WebhookAttemptConfig = Pick<
  Config,
  'ENCRYPTION_KEY' | 'WEBHOOK_TIMEOUT_MS' | 'ALLOW_PRIVATE_WEBHOOK_TARGETS'
>;

type AttemptDeps = { db: Db; config: WebhookAttemptConfig };

function describeNon2xx(status: number, location: string | string[] | undefined): string {
  if (status >= 300 && status < 400)
    return `Redirect not followed (HTTP ${status}${location ? ` to ${location}` : ''})`;
  return `Endpoint answered HTTP ${status}`;
}

/** Signs and posts one event; every failure becomes an outcome, never a thrown error. */
async function post(
  config: WebhookAttemptConfig,
  target: { url: string; mode: 'test' | 'live' },
  secret: string,
  body: string,
  headers: Record<string, string>,
): Promise<Exchange> {
  const signedAt = new Date();
  const timestamp = Math.floor(signedAt.getTime() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await safeFetch(target.url, {
      method: 'POST',
      body,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'user-agent': 'groupsplit-webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(secret, body, timestamp),
      },
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      // Checked again at every attempt: a live URL always gets the full checks, even one stored before they existed.
      allowPrivate: allowsPrivateWebhookTarget(config, target.mode),
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      outcome: ok ? 'succeeded' : 'failed',
      statusCode: response.status,
      responseExcerpt: response.body.slice(0, RESPONSE_EXCERPT_CHARS),
      error: ok ? null : describeNon2xx(response.status, response.headers.location),
      signedAt,
      durationMs: elapsed(),
    };
  } catch (error) {
    let message: string;
    if (error instanceof UnsafeUrlError) message = `Refused: ${error.reason}`;
    else if (error instanceof OutboundRequestError && error.kind === 'timeout')
      message = `Timed out: no 2xx within ${config.WEBHOOK_TIMEOUT_MS} ms`;
    else message = `Request failed: ${(error as Error).message}`;
    return {
      outcome: 'failed',
      statusCode: null,
      responseExcerpt: null,
      error: message,
      signedAt,
      durationMs: elapsed(),
    };
  }
}

/**
 * One attempt of one delivery, logged as one row: the event signed with the merchant's current
 * secret and posted to their current endpoint (both read at every attempt, so a retry follows the
 * merchant's settings). An attempt already logged is not made again: its logged outcome is the answer.
 * Null when the event does not exist. Used by the delivery workflow's activity and by the dispatcher's
 * first attempt straight after commit (`dispatchWebhookEvents`).
 */
export async function attemptWebhookDelivery(
  { db, config }: AttemptDeps,
  input: WebhookAttemptRequest,
): Promise<WebhookAttemptLogged | null> {
  const logged = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'outcome'])
    .where('delivery_id', '=', input.deliveryId)
    .where('attempt', '=', input.attempt)
    .executeTakeFirst();
  if (logged) return { attemptId: logged.id, outcome: logged.outcome };

  const event = await db.selectFrom('webhook_events').selectAll().where('id', '=', input.eventId).executeTakeFirst();
  if (!event) return null;
  const settings = await getWebhookSettings(db, config, event.merchant_id, event.mode);
  const startedAt = new Date();

  let row: { url: string | null; outcome: 'succeeded' | 'failed' | 'skipped' } & Partial<Omit<Exchange, 'outcome'>>;
  if (!settings.url) {
    row = { url: null, outcome: 'skipped', error: `No webhook_url is set for ${event.mode} mode` };
  } else if (!settings.secret) {
    row = {
      url: settings.url,
      outcome: 'failed',
      error: `No webhook secret exists for ${event.mode} mode yet: create one with POST /api/merchants/credentials/rotate`,
    };
  } else {
    const body = serializeWebhookEnvelope(buildWebhookEnvelope(event));
    const exchange = await post(config, { url: settings.url, mode: event.mode }, settings.secret, body, {
      [WEBHOOK_EVENT_ID_HEADER]: event.id,
      [WEBHOOK_ATTEMPT_HEADER]: String(input.attempt),
    });
    row = { url: settings.url, ...exchange };
  }

  webhookDeliveries.inc({ event_type: event.type, outcome: row.outcome });
  const retrying = row.outcome === 'failed' && input.retryInMs !== null;
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values({
      delivery_id: input.deliveryId,
      event_id: event.id,
      merchant_id: event.merchant_id,
      mode: event.mode,
      event_type: event.type,
      trigger: input.trigger,
      attempt: input.attempt,
      url: row.url,
      outcome: row.outcome,
      status_code: row.statusCode ?? null,
      response_excerpt: row.responseExcerpt ?? null,
      duration_ms: row.durationMs ?? null,
      error: row.error ?? null,
      signed_at: row.signedAt ?? null,
      next_attempt_at: retrying ? new Date(Date.now() + (input.retryInMs ?? 0)) : null,
      started_at: startedAt,
    })
    .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { attemptId: inserted.id, outcome: row.outcome };
  const raced = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'outcome'])
    .where('delivery_id', '=', input.deliveryId)
    .where('attempt', '=', input.attempt)
    .executeTakeFirstOrThrow();
  return { attemptId: raced.id, outcome: raced.outcome };
}
