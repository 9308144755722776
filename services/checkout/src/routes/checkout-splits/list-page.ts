import type { SplitsRepository } from '@groupsplit/shared';
import { presentSplitPage } from './presenters';
import { SPLIT_LIST_LIMIT, type SplitListQuery } from './schema';

type ListMode = Parameters<SplitsRepository['pageForMerchant']>[1]['mode'];

/** Which way a list page walks: back from `ending_before`, or on from a cursor or the start. */
export const listWalk = (query: SplitListQuery) => ({
  backwards: Boolean(query.ending_before),
  fromCursor: Boolean(query.starting_after ?? query.ending_before),
});

/**
 * One page of a business's splits in `mode`, filtered and walked as `query` asks, each item with its
 * organiser: the dashboard's list and the server's read answer the same items.
 */
export async function businessSplitPage(
  splits: SplitsRepository,
  merchantId: string,
  mode: ListMode,
  query: SplitListQuery,
) {
  const page = await splits.pageForMerchant(
    merchantId,
    {
      mode,
      statuses: query.status,
      createdGte: query['created[gte]'],
      createdLt: query['created[lt]'],
      q: query.q,
      includeCreating: query.include === 'creating',
    },
    { limit: query.limit ?? SPLIT_LIST_LIMIT.default, after: query.starting_after, before: query.ending_before },
  );
  const [participants, creators] = await Promise.all([
    splits.participantsBySplit(page.rows.map((s) => s.id)),
    splits.creatorEmails(page.rows.map((s) => s.created_by)),
  ]);
  return presentSplitPage(page, participants, listWalk(query), creators);
}
