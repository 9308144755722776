import type { Config } from '@groupsplit/config';
import type { Db, WebhookDeliveriesTable } from '@groupsplit/db';
import {
  type StoredWebhookEndpoint,
  type WebhookAttemptEvent,
  WebhookDeliveriesRepository,
  WebhookEventsRepository,
} from '@groupsplit/db';
import { webhookDeliveries } from '@groupsplit/metrics';
import { OutboundRequestError, outboundPolicyFor, safeFetch, UnsafeUrlError } from '@groupsplit/net';
import type { Insertable } from 'kysely';
import { buildWebhookEnvelope, type StoredWebhookEvent, serializeWebhookEnvelope } from './envelope';
import { openWebhookSecret } from './webhook-settings';
import {
  signWebhookPayload,
  WEBHOOK_ATTEMPT_HEADER,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './webhook-signature';

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

const WEBHOOK_USER_AGENT = 'groupsplit-webhooks/1';

/**
 * The request an attempt sent, rebuilt for the delivery log's detail view: the body is byte-for-byte what
 * every attempt of the event sends; the headers are the ones sent, but the signature's `v1` is not kept
 * (only its timestamp is logged), so it is shown as such. Null headers for an attempt that sent nothing.
 */
export function describeWebhookRequest(
  event: StoredWebhookEvent,
  attempt: { attempt: number; signed_at: Date | null },
): { headers: Record<string, string> | null; body: string } {
  const body = serializeWebhookEnvelope(buildWebhookEnvelope(event));
  if (!attempt.signed_at) return { headers: null, body };
  return {
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': WEBHOOK_USER_AGENT,
      [WEBHOOK_SIGNATURE_HEADER]: `t=${Math.floor(attempt.signed_at.getTime() / 1000)},v1=(not kept in the log)`,
      [WEBHOOK_EVENT_ID_HEADER]: event.id,
      [WEBHOOK_ATTEMPT_HEADER]: String(attempt.attempt),
    },
    body,
  };
}

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
export type WebhookAttemptConfig = Pick<Config, 'ENCRYPTION_KEY' | 'WEBHOOK_TIMEOUT_MS'> &
  /** The outbound policy's settings: the private-target flag and the ports that are our own. */
  Parameters<typeof outboundPolicyFor>[0];

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
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(secret, body, timestamp),
      },
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      // Checked again at every attempt: a live URL always gets the full checks, even one stored before they existed.
      ...outboundPolicyFor(config, target.mode),
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

/** A delivery that finds no secret is logged with this, for the person reading the dashboard's log. */
export const NO_WEBHOOK_SECRET_MESSAGE =
  'Your endpoint has no signing secret yet. Create one on Developers → Webhooks.';

/** What one attempt did, before it is logged. */
export type WebhookAttemptMade = {
  url: string | null;
  outcome: 'succeeded' | 'failed' | 'skipped';
  startedAt: Date;
} & Partial<Omit<Exchange, 'outcome'>>;

/**
 * Makes one attempt (or decides it cannot be made) against the endpoint as stored right now; does not log it.
 * Only the current secret is opened: deliveries never sign with the previous one.
 */
export type { StoredWebhookEndpoint, WebhookAttemptEvent };

export async function makeWebhookAttempt(
  config: WebhookAttemptConfig,
  event: WebhookAttemptEvent,
  endpoint: StoredWebhookEndpoint | undefined,
  attempt: number,
): Promise<WebhookAttemptMade> {
  const startedAt = new Date();
  const url = endpoint?.url ?? null;
  let made: WebhookAttemptMade;
  if (!url) {
    made = { url: null, outcome: 'skipped', error: `No webhook_url is set for ${event.mode} mode`, startedAt };
  } else if (!endpoint?.secret_ciphertext) {
    made = {
      url,
      outcome: 'failed',
      error: NO_WEBHOOK_SECRET_MESSAGE,
      startedAt,
    };
  } else {
    const secret = openWebhookSecret(config, event.merchant_id, event.mode, endpoint.secret_ciphertext);
    const body = serializeWebhookEnvelope(buildWebhookEnvelope(event));
    const exchange = await post(config, { url, mode: event.mode }, secret, body, {
      [WEBHOOK_EVENT_ID_HEADER]: event.id,
      [WEBHOOK_ATTEMPT_HEADER]: String(attempt),
    });
    made = { url, ...exchange, startedAt };
  }
  webhookDeliveries.inc({ event_type: event.type, outcome: made.outcome });
  return made;
}

/**
 * Postgres text cannot hold U+0000, and a merchant's answer may contain it: kept as U+FFFD, so the
 * attempt (and the other rows logged in the same statement, OutboxRepository.dispatchRound) is still logged.
 */
const storableText = (text: string | null | undefined) => (text == null ? null : text.replaceAll('\u0000', '\uFFFD'));

/** The delivery log's row for an attempt (one row per delivery and attempt). */
export function webhookDeliveryLogRow(
  input: WebhookAttemptRequest,
  event: WebhookAttemptEvent,
  made: WebhookAttemptMade,
): Insertable<WebhookDeliveriesTable> {
  const retrying = made.outcome === 'failed' && input.retryInMs !== null;
  return {
    delivery_id: input.deliveryId,
    event_id: event.id,
    merchant_id: event.merchant_id,
    mode: event.mode,
    event_type: event.type,
    trigger: input.trigger,
    attempt: input.attempt,
    url: made.url,
    outcome: made.outcome,
    status_code: made.statusCode ?? null,
    response_excerpt: storableText(made.responseExcerpt),
    duration_ms: made.durationMs ?? null,
    error: storableText(made.error),
    signed_at: made.signedAt ?? null,
    next_attempt_at: retrying ? new Date(Date.now() + (input.retryInMs ?? 0)) : null,
    started_at: made.startedAt,
  };
}

/**
 * One attempt of one delivery, logged as one row: the event signed with the merchant's current
 * secret and posted to their current endpoint (both read at every attempt, so a retry follows the
 * merchant's settings). An attempt already logged is not made again: its logged outcome is the answer.
 * Null when the event does not exist. The delivery workflow's activity; the dispatcher's first attempt
 * straight after commit (`dispatchWebhookEvents`) makes the same attempt and logs the same row, in batches.
 * One statement reads the log, the event and the endpoint; one more logs the attempt.
 */
export async function attemptWebhookDelivery(
  { db, config }: AttemptDeps,
  input: WebhookAttemptRequest,
): Promise<WebhookAttemptLogged | null> {
  const found = await new WebhookEventsRepository(db).findForAttempt(input.eventId, input.deliveryId, input.attempt);
  if (!found) return null;
  if (found.logged_id && found.logged_outcome) return { attemptId: found.logged_id, outcome: found.logged_outcome };

  const made = await makeWebhookAttempt(config, found, found, input.attempt);
  const deliveries = new WebhookDeliveriesRepository(db);
  const inserted = await deliveries.log(webhookDeliveryLogRow(input, found, made));
  if (inserted) return { attemptId: inserted, outcome: made.outcome };
  const raced = await deliveries.getAttempt(input.deliveryId, input.attempt);
  return { attemptId: raced.id, outcome: raced.outcome };
}
