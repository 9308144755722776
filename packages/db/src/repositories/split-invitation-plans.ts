import { sql, type UpdateObject } from 'kysely';
import type { InvitationPlan } from '../schema/checkout';
import type { Database, Db } from '../types';

/** A due plan, with what its split's rows say now (null: no split row, the workflow never opened one). */
export type DueInvitationPlan = {
  split_id: string;
  plan: InvitationPlan;
  due_at: Date;
  split: {
    merchant_id: string;
    status: string;
    order_reference: string;
    authorization_expires_at: Date;
    group_token: string | null;
  } | null;
};

/**
 * Every query of `split_invitation_plans` (written only by checkout): a new split's invitations as
 * planned before its workflow started (docs/splits.md, "Invitations"), settled once they are sent or
 * have nothing left to send.
 */
export class SplitInvitationPlansRepository {
  constructor(private readonly db: Db) {}

  /**
   * Plans a split's invitations, due at `dueAt` unless a request sends them first. A later plan for the
   * same split (a retry joining the creation, an orphaned hosted claim taken up) replaces one not yet settled:
   * the request that starts the workflow is the last to plan before it.
   */
  async plan(splitId: string, plan: InvitationPlan, dueAt: Date): Promise<void> {
    await this.db
      .insertInto('split_invitation_plans')
      .values({ split_id: splitId, plan: JSON.stringify(plan), due_at: dueAt })
      .onConflict((oc) =>
        oc
          .column('split_id')
          .doUpdateSet({ plan: (eb) => eb.ref('excluded.plan'), due_at: (eb) => eb.ref('excluded.due_at') })
          .where('split_invitation_plans.settled_at', 'is', null),
      )
      .execute();
  }

  /** The invitations are sent, or there is nothing to send (creation failed, the split moved on). */
  async settle(splitId: string): Promise<void> {
    await this.updateUnsettled([splitId], { settled_at: sql`now()` });
  }

  /** Drops an unsettled plan: its workflow never started, and a later try may plan the same split id afresh. */
  async forget(splitId: string): Promise<void> {
    await this.db
      .deleteFrom('split_invitation_plans')
      .where('split_id', '=', splitId)
      .where('settled_at', 'is', null)
      .execute();
  }

  /** Makes unsettled plans due now: the requests waiting on their creations are about to end (a stopping checkout). */
  async makeDue(splitIds: readonly string[]): Promise<void> {
    await this.updateUnsettled(splitIds, { due_at: sql`now()` });
  }

  /** One update of the plans of `splitIds` not yet settled (a settled plan stays as it is). */
  private async updateUnsettled(
    splitIds: readonly string[],
    set: UpdateObject<Database, 'split_invitation_plans'>,
  ): Promise<void> {
    if (splitIds.length === 0) return;
    await this.db
      .updateTable('split_invitation_plans')
      .set(set)
      .where('split_id', 'in', splitIds)
      .where('settled_at', 'is', null)
      .execute();
  }

  /** Unsettled plans whose due time has passed, oldest first, with their splits as they stand. */
  async due(limit: number): Promise<DueInvitationPlan[]> {
    const rows = await this.db
      .selectFrom('split_invitation_plans as p')
      .leftJoin('splits as s', 's.id', 'p.split_id')
      .select([
        'p.split_id',
        'p.plan',
        'p.due_at',
        's.merchant_id',
        's.status',
        's.order_reference',
        's.authorization_expires_at',
        's.group_token',
      ])
      .where('p.settled_at', 'is', null)
      .where('p.due_at', '<=', sql<Date>`now()`)
      .orderBy('p.due_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      split_id: row.split_id,
      plan: row.plan,
      due_at: row.due_at,
      split:
        row.merchant_id === null
          ? null
          : {
              merchant_id: row.merchant_id,
              status: row.status!,
              order_reference: row.order_reference!,
              authorization_expires_at: row.authorization_expires_at!,
              group_token: row.group_token,
            },
    }));
  }

  /** A plan as stored (tests and support read it). */
  find(splitId: string) {
    return this.db.selectFrom('split_invitation_plans').selectAll().where('split_id', '=', splitId).executeTakeFirst();
  }
}
