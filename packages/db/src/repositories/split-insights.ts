import { sql } from 'kysely';
import type { Db } from '../types';

/** One business, one mode, the splits created in `[from, to)`. */
export type InsightsScope = { merchantId: string; mode: 'test' | 'live'; from: Date; to: Date };

/** What the dashboard's Insights page shows, as counts and pence (the route shapes it for the API). */
export type SplitInsights = {
  started: number;
  finished: number;
  open: number;
  expired: number;
  cancelled: number;
  failed: number;
  /** Seconds from the split's creation to its last capture, over the finished groups; null with none. */
  medianSecondsToPaid: number | null;
  p90SecondsToPaid: number | null;
  invited: number;
  opened: number;
  held: number;
  unfinishedGroups: number;
  unfinishedInvited: number;
  unfinishedOpened: number;
  unfinishedHeld: number;
  remindersSent: number;
  peopleReminded: number;
  heldAfterReminder: number;
  /** Pence, unrounded; null with no participant. */
  averageSharePence: number | null;
};

type Row = { [K in keyof SplitInsights]: string | number | null };

/**
 * The figures of the Insights page, read in one statement from the splits projection, the worker's
 * reminder rows and checkout's pay-page views, never from a second store. Every split of the scope counts but
 * `creating` ones (shown nowhere, as in SplitsRepository). How a group ended:
 *   finished   captured, partially_refunded or refunded (everyone paid; later refunds do not undo it)
 *   open       pending or capturing
 *   expired    canceled because its holds lapsed (the status row's reason, as SplitsRepository.cancelReason reads it)
 *   cancelled  any other canceled, or canceling
 *   failed     creation_failed or capture_failed
 * Fully paid is the last participant's `captured_at`. A participant "opened" their pay page when
 * `pay_page_views` has their first view under their current address (a replaced participant's new
 * person starts unopened). A participant "held" once `authorised_at` is
 * set (it stays set through capture, refund or a cancel that released the hold). A reminder row is
 * written only while its participant is pending, so an authorisation after the row's last reminder
 * is an authorisation after a reminder. The scope's filter is an index scan (`splits_merchant`).
 */
export class SplitInsightsRepository {
  constructor(private readonly db: Db) {}

  async forPeriod(scope: InsightsScope): Promise<SplitInsights> {
    const result = await sql<Row>`
      WITH period AS (
        SELECT s.id, s.created_at,
          CASE
            WHEN s.status IN ('captured', 'partially_refunded', 'refunded') THEN 'finished'
            WHEN s.status IN ('pending', 'capturing') THEN 'open'
            WHEN s.status = 'canceled' AND EXISTS (
              SELECT 1 FROM split_history h
              WHERE h.split_id = s.id AND h.kind = 'status' AND h.to_status = 'canceled'
                AND h.detail ->> 'reason' = 'expired'
            ) THEN 'expired'
            WHEN s.status IN ('canceled', 'canceling') THEN 'cancelled'
            ELSE 'failed'
          END AS outcome
        FROM splits s
        WHERE s.merchant_id = ${scope.merchantId} AND s.mode = ${scope.mode}
          AND s.created_at >= ${scope.from} AND s.created_at < ${scope.to}
          AND s.status <> 'creating'
      ), people AS (
        SELECT p.split_id, p.amount, p.authorised_at, p.captured_at, r.reminder_count, r.last_reminded_at,
          period.outcome, period.created_at AS split_created_at,
          EXISTS (
            SELECT 1 FROM pay_page_views v WHERE v.participant_id = p.id AND v.email = p.email
          ) AS opened
        FROM split_participants p
        JOIN period ON period.id = p.split_id
        LEFT JOIN checkout_participant_reminders r ON r.participant_id = p.id
      ), paid AS (
        SELECT EXTRACT(EPOCH FROM max(captured_at) - min(split_created_at))::float8 AS seconds
        FROM people WHERE outcome = 'finished'
        GROUP BY split_id
      )
      SELECT
        (SELECT count(*) FROM period) AS "started",
        (SELECT count(*) FROM period WHERE outcome = 'finished') AS "finished",
        (SELECT count(*) FROM period WHERE outcome = 'open') AS "open",
        (SELECT count(*) FROM period WHERE outcome = 'expired') AS "expired",
        (SELECT count(*) FROM period WHERE outcome = 'cancelled') AS "cancelled",
        (SELECT count(*) FROM period WHERE outcome = 'failed') AS "failed",
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM paid) AS "medianSecondsToPaid",
        (SELECT percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) FROM paid) AS "p90SecondsToPaid",
        (SELECT count(*) FROM people) AS "invited",
        (SELECT count(*) FROM people WHERE opened) AS "opened",
        (SELECT count(*) FROM people WHERE authorised_at IS NOT NULL) AS "held",
        (SELECT count(*) FROM period WHERE outcome IN ('expired', 'cancelled')) AS "unfinishedGroups",
        (SELECT count(*) FROM people WHERE outcome IN ('expired', 'cancelled')) AS "unfinishedInvited",
        (SELECT count(*) FROM people WHERE outcome IN ('expired', 'cancelled') AND opened) AS "unfinishedOpened",
        (SELECT count(*) FROM people WHERE outcome IN ('expired', 'cancelled') AND authorised_at IS NOT NULL)
          AS "unfinishedHeld",
        (SELECT coalesce(sum(reminder_count), 0) FROM people) AS "remindersSent",
        (SELECT count(*) FROM people WHERE reminder_count IS NOT NULL) AS "peopleReminded",
        (SELECT count(*) FROM people WHERE authorised_at > last_reminded_at) AS "heldAfterReminder",
        (SELECT avg(amount) FROM people) AS "averageSharePence"
    `.execute(this.db);
    const row = result.rows[0] as Row;
    const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));
    const figures = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, numberOrNull(value)])) as Record<
      keyof SplitInsights,
      number | null
    >;
    const count = (key: keyof SplitInsights) => figures[key] ?? 0;
    return {
      started: count('started'),
      finished: count('finished'),
      open: count('open'),
      expired: count('expired'),
      cancelled: count('cancelled'),
      failed: count('failed'),
      medianSecondsToPaid: figures.medianSecondsToPaid,
      p90SecondsToPaid: figures.p90SecondsToPaid,
      invited: count('invited'),
      opened: count('opened'),
      held: count('held'),
      unfinishedGroups: count('unfinishedGroups'),
      unfinishedInvited: count('unfinishedInvited'),
      unfinishedOpened: count('unfinishedOpened'),
      unfinishedHeld: count('unfinishedHeld'),
      remindersSent: count('remindersSent'),
      peopleReminded: count('peopleReminded'),
      heldAfterReminder: count('heldAfterReminder'),
      averageSharePence: figures.averageSharePence,
    };
  }
}
