import {
  type Db,
  makeWebhookAttempt,
  type StoredWebhookEndpoint,
  type WebhookAttemptConfig,
  type WebhookAttemptEvent,
  type WebhookAttemptRequest,
  webhookDeliveryLogRow,
} from '@groupsplit/shared';
import { sql } from 'kysely';
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
 * Claims unclaimed, undispatched events (`first_attempt_at`) and returns each with its endpoint, in one
 * statement. Rows are locked in id order and a row another dispatcher holds is skipped (it is claiming
 * it), so of several dispatchers of one event exactly one goes on, and two batches never deadlock.
 * An event asked for twice in one batch goes to the first request.
 */
async function claimAndRead(db: Db, eventIds: string[]): Promise<(ClaimedWebhookEvent | null)[]> {
  const rows = await db
    .with('target', (qb) =>
      qb
        .selectFrom('webhook_events')
        .select('id')
        .where('id', 'in', [...new Set(eventIds)])
        .where('dispatched_at', 'is', null)
        .where('first_attempt_at', 'is', null)
        .orderBy('id')
        .forNoKeyUpdate()
        .skipLocked(),
    )
    .with('claimed', (qb) =>
      qb
        .updateTable('webhook_events')
        .set({ first_attempt_at: new Date() })
        .where('id', 'in', (eb) => eb.selectFrom('target').select('target.id'))
        .returning(['id', 'merchant_id', 'mode', 'type', 'payload', 'sample', 'created_at']),
    )
    .selectFrom('claimed')
    .leftJoin('webhook_settings as s', (join) =>
      join.onRef('s.merchant_id', '=', 'claimed.merchant_id').onRef('s.mode', '=', 'claimed.mode'),
    )
    // Attempt 1 of the delivery `webhook:<eventId>` (webhookDeliveryWorkflowId).
    .leftJoin('webhook_deliveries as d', (join) =>
      join.on('d.delivery_id', '=', sql<string>`'webhook:' || claimed.id::text`).on('d.attempt', '=', 1),
    )
    .select([
      'claimed.id',
      'claimed.merchant_id',
      'claimed.mode',
      'claimed.type',
      'claimed.payload',
      'claimed.sample',
      'claimed.created_at',
      's.url',
      's.secret_ciphertext',
      'd.outcome as logged_outcome',
    ])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return eventIds.map((id) => {
    const row = byId.get(id);
    byId.delete(id);
    return row ? { ...row, url: row.url ?? null, secret_ciphertext: row.secret_ciphertext ?? null } : null;
  });
}

type LogRequest = { row: ReturnType<typeof webhookDeliveryLogRow>; dispatched: boolean };

/**
 * Logs first attempts and, in the same statement, marks dispatched the events whose delivery is over.
 * A failed attempt's event is marked only once its workflow has started (dispatcher.ts), so a crash in
 * between leaves it to the sweeper. An attempt already logged (a workflow that took over a stale
 * claim got there first) is left as it is.
 */
async function logFirstAttempts(db: Db, requests: LogRequest[]): Promise<null[]> {
  const done = requests.filter((request) => request.dispatched).map((request) => request.row.event_id);
  const insert = db
    .insertInto('webhook_deliveries')
    .values(requests.map((request) => request.row))
    .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing());
  if (done.length === 0) await insert.execute();
  else
    await db
      .with('logged', () => insert.returning('id'))
      .updateTable('webhook_events')
      .set({ dispatched_at: new Date() })
      .where('id', 'in', done)
      .where('dispatched_at', 'is', null)
      .execute();
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
