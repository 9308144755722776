import { sql } from 'kysely';
import type { SplitStatus } from '../schema/splits';
import type { Db } from '../types';

/**
 * The splits tables as the operators' tools see them: the reconciliation janitor, the support
 * CLI and the metrics gauges. Every split counts here, `creating` ones included (the API's
 * readers use SplitsRepository, which hides them). Read-only.
 */
export class SplitOperationsRepository {
  constructor(private readonly db: Db) {}

  /** A split by id, whatever its status. */
  find(splitId: string) {
    return this.db.selectFrom('splits').selectAll().where('id', '=', splitId).executeTakeFirst();
  }

  /** The participants as the support report shows them, in the order given. */
  participantsOverview(splitId: string) {
    return this.db
      .selectFrom('split_participants')
      .select(['id', 'email', 'amount', 'status', 'processor_payment_intent_id', 'last_error'])
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();
  }

  /**
   * Splits the projection shows in `capturing` or `canceling`, and the ones Temporal's visibility
   * named (which the projection may have moved on from), oldest change first.
   */
  stuckCandidates(options: { namedByTemporal: string[]; merchantId?: string }) {
    let rows = this.db
      .selectFrom('splits')
      .select(['id', 'merchant_id', 'status', 'updated_at'])
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['capturing', 'canceling']),
          ...(options.namedByTemporal.length ? [eb('id', 'in', options.namedByTemporal)] : []),
        ]),
      );
    if (options.merchantId) rows = rows.where('merchant_id', '=', options.merchantId);
    return rows.orderBy('updated_at').execute();
  }

  /** What the janitor compares with the processor: the split and its participants' holds, in order. */
  async janitorView(splitId: string) {
    const split = await this.db
      .selectFrom('splits')
      .select(['id', 'merchant_id', 'mode', 'status', 'processor_account_id'])
      .where('id', '=', splitId)
      .executeTakeFirst();
    if (!split) return null;
    const participants = await this.db
      .selectFrom('split_participants')
      .select(['id', 'status', 'processor_payment_intent_id'])
      .where('split_id', '=', split.id)
      .orderBy('position')
      .execute();
    return { split, participants };
  }

  /**
   * For each of `statuses`, how long (seconds) the split that has been in it longest has been there:
   * since its last history row moving it into that status. Statuses nobody is in are absent.
   */
  oldestInStatus(statuses: SplitStatus[]): Promise<{ status: SplitStatus; seconds: number }[]> {
    return sql<{ status: SplitStatus; seconds: number }>`
      SELECT s.status, extract(epoch FROM now() - min(entered.at))::float8 AS seconds
        FROM splits s
        CROSS JOIN LATERAL (
          SELECT h.created_at AS at FROM split_history h
           WHERE h.split_id = s.id AND h.to_status = s.status
           ORDER BY h.id DESC LIMIT 1
        ) entered
       WHERE s.status IN (${sql.join(statuses)})
       GROUP BY s.status
    `
      .execute(this.db)
      .then((result) => result.rows);
  }

  /** How many splits there are per status and mode. */
  countByStatusAndMode(): Promise<{ status: SplitStatus; mode: 'test' | 'live'; count: number }[]> {
    return this.db
      .selectFrom('splits')
      .select(['status', 'mode', sql<number>`count(*)::int`.as('count')])
      .groupBy(['status', 'mode'])
      .execute();
  }
}
