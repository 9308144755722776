import type { Db } from '../types';

/**
 * `pay_page_views`, written only by checkout: the first time each participant (by their current
 * address) opened their pay page. Later views change nothing, so a page that polls itself costs one
 * conflicting insert per poll and no new row. Read by SplitInsightsRepository.
 */
export class PayPageViewsRepository {
  constructor(private readonly db: Db) {}

  async recordFirstView(view: { participantId: string; email: string; splitId: string }): Promise<void> {
    await this.db
      .insertInto('pay_page_views')
      .values({ participant_id: view.participantId, email: view.email, split_id: view.splitId })
      .onConflict((oc) => oc.columns(['participant_id', 'email']).doNothing())
      .execute();
  }
}
