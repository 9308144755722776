import {
  type ClaimedWebhookEvent,
  type Db,
  makeWebhookAttempt,
  OutboxRepository,
  type WebhookAttemptConfig,
  type WebhookAttemptRequest,
  type WebhookDeliveryLogRow,
  webhookDeliveryLogRow,
} from '@groupsplit/shared';
import { coalesce } from './coalesce';

/**
 * The dispatcher's first attempt at an event. Its database work (the claim with what the attempt
 * needs, then the log row with `dispatched_at`) goes in rounds of one statement shared by every
 * dispatch running at the same moment in this process (coalesce.ts). In between, each event is
 * signed and posted on its own. The statement itself is the outbox repository's
 * (`OutboxRepository.dispatchRound`).
 */

/** Claims and log rows per statement; twenty concurrent writers fit in one. */
const MAX_BATCH = 64;

type LogRequest = { row: WebhookDeliveryLogRow; dispatched: boolean };

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
  const rows = await new OutboxRepository(db).dispatchRound({
    logged: logs.map((request) => request.row),
    dispatched: logs.filter((request) => request.dispatched).map((request) => request.row.event_id),
    claims: [...claims],
  });
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
