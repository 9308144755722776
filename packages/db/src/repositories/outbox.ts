import type { Insertable } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import { preparedStatement } from '../prepared-statements';
import type { WebhookDeliveriesTable } from '../schema/webhooks';
import type { Db } from '../types';

/** A webhook event as stored in the outbox (`webhook_events`): what its envelope is built from. */
export type StoredWebhookEvent = {
  id: string;
  type: string;
  mode: 'test' | 'live';
  payload: unknown;
  sample: boolean;
  created_at: Date;
};

/** A stored event with the business it belongs to: what one delivery attempt needs. */
export type WebhookAttemptEvent = StoredWebhookEvent & { merchant_id: string };

/** The endpoint of the event's mode as stored: the URL and the secret's ciphertext (either may be unset). */
export type StoredWebhookEndpoint = { url: string | null; secret_ciphertext: string | null };

/** A claimed event with its endpoint as stored, and attempt 1 of its delivery if that is already logged. */
export type ClaimedWebhookEvent = WebhookAttemptEvent &
  StoredWebhookEndpoint & { logged_outcome: 'succeeded' | 'failed' | 'skipped' | null };

/** A delivery log row (`webhook_deliveries`), as `webhookDeliveryLogRow` (events/webhook-attempt.ts) makes it. */
export type WebhookDeliveryLogRow = Insertable<WebhookDeliveriesTable>;

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
] as const satisfies readonly (readonly [keyof WebhookDeliveryLogRow, string])[];
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

/** One round of first-attempt work (DISPATCH_ROUND): log rows to write, events to mark dispatched, events to claim. */
export type DispatchRound = {
  logged: readonly WebhookDeliveryLogRow[];
  dispatched: readonly string[];
  claims: readonly string[];
};

/**
 * Typed queries over the outbox of merchant-facing events (`webhook_events`) and its delivery log
 * (`webhook_deliveries`), as the dispatcher uses them. The outbox is written by the worker; the
 * event itself is recorded with the change's transaction (`recordEvent`, packages/events/src/outbox.ts).
 */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** Runs one dispatch round as one statement; answers the events it claimed, with their endpoints. */
  async dispatchRound(round: DispatchRound): Promise<ClaimedWebhookEvent[]> {
    const columns = LOG_COLUMNS.map(([name]) => round.logged.map((row) => row[name] ?? null));
    const { rows } = await this.db.executeQuery<ClaimedWebhookEvent>(
      CompiledQuery.raw(DISPATCH_ROUND, [...columns, [...round.dispatched], new Date(), [...round.claims]]),
    );
    return rows;
  }

  /**
   * Claims the events for a dispatcher: undispatched and unclaimed (or, with `staleBefore`, claimed
   * before then by a dispatcher whose lease ran out). Two dispatchers of the same event never both get it.
   */
  async claim(eventIds: readonly string[], staleBefore: Date | null): Promise<string[]> {
    const rows = await this.db
      .updateTable('webhook_events')
      .set({ first_attempt_at: new Date() })
      .where('id', 'in', eventIds)
      .where('dispatched_at', 'is', null)
      .where((eb) =>
        staleBefore
          ? eb.or([eb('first_attempt_at', 'is', null), eb('first_attempt_at', '<', staleBefore)])
          : eb('first_attempt_at', 'is', null),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Marks an event dispatched (its delivery workflow has started), unless it already is. */
  async recordDispatch(eventId: string): Promise<void> {
    await this.db
      .updateTable('webhook_events')
      .set({ dispatched_at: new Date() })
      .where('id', '=', eventId)
      .where('dispatched_at', 'is', null)
      .execute();
  }
}

/**
 * The event id is derived from the dedupe key (`md5(dedupe_key)::uuid`, webhookEventIdFor in events/outbox.ts), so
 * an event rebuilt after a database restore (support `reconcile`) has the id the merchant may already have seen.
 *
 * Fixed text rather than a query built per call: every emitter's transaction runs it, and building
 * and compiling it with kysely cost more CPU than the rest of the write (bench/README.md, figure 4).
 */
const RECORD_EVENT = preparedStatement(
  'record_event',
  `
INSERT INTO webhook_events (id, merchant_id, mode, type, payload, dedupe_key, sample)
VALUES (md5($5::text)::uuid, $1, $2, $3, $4, $5, $6)
ON CONFLICT (dedupe_key) DO NOTHING
RETURNING id`,
);

/** An outbox row's values in column order: merchant_id, mode, type, payload (JSON text), dedupe_key, sample. */
export type OutboxEventValues = readonly [string, 'test' | 'live', string, string, string, boolean];

/**
 * Every other query of the outbox (`webhook_events`): recording an event with the change's
 * transaction, the sweeper's and the test send's, the delivery log's reads and the outbox gauges.
 */
export class WebhookEventsRepository {
  constructor(private readonly db: Db) {}

  /** Writes the event unless its dedupe key was recorded before; its id, or null. */
  async record(values: OutboxEventValues): Promise<string | null> {
    const { rows } = await this.db.executeQuery<{ id: string }>(CompiledQuery.raw(RECORD_EVENT, [...values]));
    return rows[0]?.id ?? null;
  }

  /** Undispatched events created `olderThanMs` or more ago, oldest first (of one business if given). */
  async undispatchedIds(input: { olderThanMs: number; limit: number; merchantId?: string }): Promise<string[]> {
    let query = this.db
      .selectFrom('webhook_events')
      .select('id')
      .where('dispatched_at', 'is', null)
      // Postgres's clock, as created_at's: the process's millisecond clock read the same moment as
      // earlier, so an event written within that millisecond was not yet old enough at 0 ms.
      .where('created_at', '<=', sql<Date>`now() - ${input.olderThanMs}::double precision * interval '1 millisecond'`)
      .orderBy('created_at')
      .limit(input.limit);
    if (input.merchantId) query = query.where('merchant_id', '=', input.merchantId);
    return (await query.execute()).map((row) => row.id);
  }

  /** Marks the event with this dedupe key dispatched (the test send delivers it itself); its id. */
  async markDispatchedByDedupeKey(dedupeKey: string): Promise<string> {
    const row = await this.db
      .updateTable('webhook_events')
      .set({ dispatched_at: new Date() })
      .where('dedupe_key', '=', dedupeKey)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The event as a delivery request is described from it; throws when there is none. */
  async getForRequest(id: string) {
    return this.db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'mode', 'payload', 'sample', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /**
   * The event with its endpoint as stored and the delivery's attempt if already logged, in one
   * statement; undefined when the event does not exist.
   */
  async findForAttempt(eventId: string, deliveryId: string, attempt: number) {
    return this.db
      .selectFrom('webhook_events as e')
      .leftJoin('webhook_settings as s', (join) =>
        join.onRef('s.merchant_id', '=', 'e.merchant_id').onRef('s.mode', '=', 'e.mode'),
      )
      .leftJoin('webhook_deliveries as d', (join) =>
        join.on('d.delivery_id', '=', deliveryId).on('d.attempt', '=', attempt),
      )
      .select([
        'e.id',
        'e.merchant_id',
        'e.mode',
        'e.type',
        'e.payload',
        'e.sample',
        'e.created_at',
        's.url',
        's.secret_ciphertext',
        'd.id as logged_id',
        'd.outcome as logged_outcome',
      ])
      .where('e.id', '=', eventId)
      .executeTakeFirst();
  }

  /** Seconds since the oldest merchant event not yet handed to delivery was written, or null when none. */
  async oldestUndispatchedSeconds(): Promise<number | null> {
    const { rows } = await sql<{ seconds: number | null }>`
      SELECT extract(epoch FROM now() - min(created_at))::float8 AS seconds
        FROM webhook_events WHERE dispatched_at IS NULL AND sample = false
    `.execute(this.db);
    return rows[0]?.seconds ?? null;
  }

  /**
   * Seconds since the oldest merchant event of the last three days that has neither reached its
   * endpoint nor been given up on was written, or null when none.
   */
  async oldestUndeliveredSeconds(): Promise<number | null> {
    const { rows } = await sql<{ seconds: number | null }>`
      SELECT extract(epoch FROM now() - min(e.created_at))::float8 AS seconds
        FROM webhook_events e
       WHERE e.created_at > now() - interval '3 days' AND e.sample = false
         AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries d
            WHERE d.event_id = e.id AND (d.outcome IN ('succeeded', 'skipped') OR d.gave_up_at IS NOT NULL)
         )
    `.execute(this.db);
    return rows[0]?.seconds ?? null;
  }
}
