import {
  type Db,
  makeWebhookAttempt,
  preparedStatement,
  type StoredWebhookEndpoint,
  type WebhookAttemptConfig,
  type WebhookAttemptEvent,
  type WebhookAttemptRequest,
  webhookDeliveryLogRow,
} from '@groupsplit/shared';
import { CompiledQuery } from 'kysely';
import { coalesce } from './coalesce';

/**
 * The dispatcher's first attempt at an event. Its database work (the claim with what the attempt
 * needs, then the log row with `dispatched_at`) goes in rounds of one statement shared by every
 * dispatch running at the same moment in this process (coalesce.ts). In between, each event is
 * signed and posted on its own.
 */

/** Claims and log rows per statement; twenty concurrent writers fit in one. */
const MAX_BATCH = 64;

/** A claimed event with its endpoint as stored, and attempt 1 of its delivery if that is already logged. */
export type ClaimedWebhookEvent = WebhookAttemptEvent &
  StoredWebhookEndpoint & { logged_outcome: 'succeeded' | 'failed' | 'skipped' | null };

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
const DONE_IDS = `$${LOG_COLUMNS.length + 1}::uuid[]`;
const NOW = `$${LOG_COLUMNS.length + 2}::timestamptz`;
const CLAIM_IDS = `$${LOG_COLUMNS.length + 3}::uuid[]`;

/**
 * One round of the dispatcher's database work, as one statement of fixed text whatever the batch
 * (one array per column instead of a placeholder per value): building and compiling a query per
 * batch with kysely cost more CPU than the round trip (bench/README.md, figure 4).
 *
 * - `logged`: first attempts made since the last round (one array per log column), each logged once:
 *   an attempt already logged (a workflow that took over a stale claim got there first) stays as it is.
 * - `dispatched`: the events among them whose delivery is over (delivered or skipped).
 * - `target`/`claimed`: the events dispatched since the last round, claimed (`first_attempt_at`) where
 *   neither claimed nor dispatched, and read with their endpoint and attempt 1 of their delivery
 *   `webhook:<eventId>` (webhookDeliveryWorkflowId) if already logged. Rows are locked in id order and a
 *   row another dispatcher holds is skipped (it is claiming it), so of several dispatchers of one event
 *   exactly one goes on, and two rounds never wait on each other's claims.
 *
 * An event is claimed in one round and logged in a later one, so the two updates of `webhook_events`
 * never touch the same row. The time is this process's clock, as the sweeper's lease is.
 */
const DISPATCH_ROUND = preparedStatement(
  'webhook_dispatch_round',
  `
WITH logged AS (
  INSERT INTO webhook_deliveries (${LOG_COLUMNS.map(([name]) => name).join(', ')})
  SELECT * FROM unnest(${LOG_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
  ON CONFLICT (delivery_id, attempt) DO NOTHING
  RETURNING id
), dispatched AS (
  UPDATE webhook_events SET dispatched_at = ${NOW}
  WHERE id = ANY(${DONE_IDS}) AND dispatched_at IS NULL
  RETURNING id
), target AS (
  SELECT id FROM webhook_events
  WHERE id = ANY(${CLAIM_IDS}) AND dispatched_at IS NULL AND first_attempt_at IS NULL
  ORDER BY id
  FOR NO KEY UPDATE SKIP LOCKED
), claimed AS (
  UPDATE webhook_events SET first_attempt_at = ${NOW}
  WHERE id IN (SELECT id FROM target)
  RETURNING id, merchant_id, mode, type, payload, sample, created_at
)
SELECT claimed.id, claimed.merchant_id, claimed.mode, claimed.type, claimed.payload, claimed.sample,
  claimed.created_at, s.url, s.secret_ciphertext, d.outcome AS logged_outcome
FROM claimed
LEFT JOIN webhook_settings s ON s.merchant_id = claimed.merchant_id AND s.mode = claimed.mode
LEFT JOIN webhook_deliveries d ON d.delivery_id = 'webhook:' || claimed.id::text AND d.attempt = 1`,
);

/** What a round is asked: claim an event, or log an attempt (and mark its event dispatched if over). */
type RoundItem = { claim: string } | { log: LogRequest };
type RoundAnswer = ClaimedWebhookEvent | null;

/**
 * Runs one round. An event asked to be claimed twice in one round goes to the first request. A log
 * request answers null once its row is written; a failed attempt's event is marked dispatched only
 * once its workflow has started (webhooks.ts), so a crash in between leaves it to the sweeper.
 */
async function dispatchRound(db: Db, items: RoundItem[]): Promise<RoundAnswer[]> {
  const logs: LogRequest[] = [];
  const claims = new Set<string>();
  for (const item of items) {
    if ('log' in item) logs.push(item.log);
    else claims.add(item.claim);
  }
  const columns = LOG_COLUMNS.map(([name]) => logs.map((request) => request.row[name] ?? null));
  const done = logs.filter((request) => request.dispatched).map((request) => request.row.event_id);
  const { rows } = await db.executeQuery<ClaimedWebhookEvent>(
    CompiledQuery.raw(DISPATCH_ROUND, [...columns, done, new Date(), [...claims]]),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return items.map((item) => {
    if ('log' in item) return null;
    const row = byId.get(item.claim);
    byId.delete(item.claim);
    return row ?? null;
  });
}

/**
 * Claims and log rows share one queue of rounds per database (coalesce.ts): while one round runs, the
 * next collects every claim and every log row that arrived, so a busy process makes one statement where
 * it made two, and the claim of one event and the log of another ride together.
 */
const roundsByDb = new WeakMap<Db, (item: RoundItem) => Promise<RoundAnswer>>();

function round(db: Db): (item: RoundItem) => Promise<RoundAnswer> {
  let found = roundsByDb.get(db);
  if (!found) {
    found = coalesce((items: RoundItem[]) => dispatchRound(db, items), MAX_BATCH);
    roundsByDb.set(db, found);
  }
  return found;
}

/** Claims one event for its first attempt here; null when another dispatcher has it or it is dispatched. */
export const claimForFirstAttempt = (db: Db, eventId: string) => round(db)({ claim: eventId });

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
  await round(db)({ log: { row, dispatched: delivered } });
  return delivered;
}
