import {
  type Db,
  makeWebhookAttempt,
  type StoredWebhookEndpoint,
  type WebhookAttemptConfig,
  type WebhookAttemptEvent,
  type WebhookAttemptRequest,
  webhookDeliveryLogRow,
} from '@groupsplit/shared';
import { CompiledQuery } from 'kysely';
import { coalesce } from './coalesce';

/**
 * The dispatcher's first attempt at an event, in two statements shared by every dispatch running at
 * the same moment in this process (coalesce.ts): one claims the events and reads what their attempts
 * need, one logs the attempts and marks the delivered ones dispatched. In between, each event is
 * signed and posted on its own.
 */

/** Events per statement; twenty concurrent writers fit in one. */
const MAX_BATCH = 64;

/** A claimed event with its endpoint as stored, and attempt 1 of its delivery if that is already logged. */
export type ClaimedWebhookEvent = WebhookAttemptEvent &
  StoredWebhookEndpoint & { logged_outcome: 'succeeded' | 'failed' | 'skipped' | null };

/**
 * The dispatcher's statements are fixed text whatever the batch size (arrays and a JSON record set
 * instead of one placeholder per value), written out rather than built: building and compiling a
 * query per batch with kysely cost more CPU than the round trip itself (bench/README.md, figure 4).
 */

/**
 * Claims unclaimed, undispatched events (`first_attempt_at`) and returns each with its endpoint, and
 * attempt 1 of its delivery `webhook:<eventId>` (webhookDeliveryWorkflowId) if already logged. Rows
 * are locked in id order and a row another dispatcher holds is skipped (it is claiming it), so of
 * several dispatchers of one event exactly one goes on, and two batches never deadlock.
 * $1 event ids, $2 the claim's time (this process's clock, as the sweeper's lease is).
 */
const CLAIM_AND_READ = `
WITH target AS (
  SELECT id FROM webhook_events
  WHERE id = ANY($1::uuid[]) AND dispatched_at IS NULL AND first_attempt_at IS NULL
  ORDER BY id
  FOR NO KEY UPDATE SKIP LOCKED
), claimed AS (
  UPDATE webhook_events SET first_attempt_at = $2
  WHERE id IN (SELECT id FROM target)
  RETURNING id, merchant_id, mode, type, payload, sample, created_at
)
SELECT claimed.id, claimed.merchant_id, claimed.mode, claimed.type, claimed.payload, claimed.sample,
  claimed.created_at, s.url, s.secret_ciphertext, d.outcome AS logged_outcome
FROM claimed
LEFT JOIN webhook_settings s ON s.merchant_id = claimed.merchant_id AND s.mode = claimed.mode
LEFT JOIN webhook_deliveries d ON d.delivery_id = 'webhook:' || claimed.id::text AND d.attempt = 1`;

/** An event asked for twice in one batch goes to the first request. */
async function claimAndRead(db: Db, eventIds: string[]): Promise<(ClaimedWebhookEvent | null)[]> {
  const { rows } = await db.executeQuery<ClaimedWebhookEvent>(
    CompiledQuery.raw(CLAIM_AND_READ, [[...new Set(eventIds)], new Date()]),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return eventIds.map((id) => {
    const row = byId.get(id);
    byId.delete(id);
    return row ?? null;
  });
}

type LogRow = ReturnType<typeof webhookDeliveryLogRow>;
type LogRequest = { row: LogRow; dispatched: boolean };

/** The log row's columns and their types: each is passed as one array, whatever the batch size. */
const LOG_COLUMNS = [
  ['delivery_id', 'text'],
  ['event_id', 'uuid'],
  ['merchant_id', 'uuid'],
  ['mode', 'text'],
  ['event_type', 'text'],
  ['trigger', 'text'],
  ['attempt', 'integer'],
  ['url', 'text'],
  ['outcome', 'text'],
  ['status_code', 'integer'],
  ['response_excerpt', 'text'],
  ['duration_ms', 'integer'],
  ['error', 'text'],
  ['signed_at', 'timestamptz'],
  ['next_attempt_at', 'timestamptz'],
  ['started_at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof LogRow, string])[];

/**
 * Logs first attempts (one array per column, $1 to $16) and, in the same statement, marks dispatched
 * the events whose delivery is over ($17, their ids; may be empty). An attempt already logged (a
 * workflow that took over a stale claim got there first) is left as it is.
 */
const LOG_AND_MARK_DISPATCHED = `
WITH logged AS (
  INSERT INTO webhook_deliveries (${LOG_COLUMNS.map(([name]) => name).join(', ')})
  SELECT * FROM unnest(${LOG_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
  ON CONFLICT (delivery_id, attempt) DO NOTHING
  RETURNING id
)
UPDATE webhook_events SET dispatched_at = $${LOG_COLUMNS.length + 2}
WHERE id = ANY($${LOG_COLUMNS.length + 1}::uuid[]) AND dispatched_at IS NULL`;

/**
 * A failed attempt's event is marked only once its workflow has started (webhooks.ts), so a crash in
 * between leaves it to the sweeper.
 */
async function logFirstAttempts(db: Db, requests: LogRequest[]): Promise<null[]> {
  const columns = LOG_COLUMNS.map(([name]) => requests.map((request) => request.row[name] ?? null));
  const done = requests.filter((request) => request.dispatched).map((request) => request.row.event_id);
  await db.executeQuery(CompiledQuery.raw(LOG_AND_MARK_DISPATCHED, [...columns, done, new Date()]));
  return requests.map(() => null);
}

type Batched = {
  claim: (eventId: string) => Promise<ClaimedWebhookEvent | null>;
  log: (request: LogRequest) => Promise<null>;
};
const batchedByDb = new WeakMap<Db, Batched>();

function batched(db: Db): Batched {
  let found = batchedByDb.get(db);
  if (!found) {
    found = {
      claim: coalesce((ids: string[]) => claimAndRead(db, ids), MAX_BATCH),
      log: coalesce((requests: LogRequest[]) => logFirstAttempts(db, requests), MAX_BATCH),
    };
    batchedByDb.set(db, found);
  }
  return found;
}

/** Claims one event for its first attempt here; null when another dispatcher has it or it is dispatched. */
export const claimForFirstAttempt = (db: Db, eventId: string) => batched(db).claim(eventId);

/**
 * Makes and logs attempt 1 of a claimed event, exactly as the delivery workflow's activity would
 * (same request, same log row). A delivered or skipped event is marked dispatched with its log row.
 * Returns whether the delivery is over; false means it needs the retrying workflow.
 */
export async function makeFirstAttempt(
  db: Db,
  config: WebhookAttemptConfig,
  event: ClaimedWebhookEvent,
  request: Omit<WebhookAttemptRequest, 'eventId' | 'attempt' | 'trigger'>,
): Promise<boolean> {
  if (event.logged_outcome) return event.logged_outcome !== 'failed';
  const made = await makeWebhookAttempt(config, event, event, 1);
  const delivered = made.outcome !== 'failed';
  const row = webhookDeliveryLogRow({ ...request, eventId: event.id, attempt: 1, trigger: 'event' }, event, made);
  await batched(db).log({ row, dispatched: delivered });
  return delivered;
}
