import type { GroupsplitClient } from './client';
import { unwrap } from './errors';
import type { components, paths } from './schema';

/** The parameters of `GET /api/checkout-splits` (every one optional), cursors aside. */
export type SplitListQuery = Omit<
  NonNullable<paths['/api/checkout-splits']['get']['parameters']['query']>,
  'starting_after' | 'ending_before'
>;
export type SplitPage = components['schemas']['SplitPage'];
export type SplitSummary = components['schemas']['SplitSummary'];

/**
 * Every page of a business's splits, newest first, for `query`'s filters: each `GET
 * /api/checkout-splits` is made only when the loop asks for the next page, following `next_cursor`
 * until it is null (docs/splits.md, "Listing"). `limit` is the page size (default 100, the most).
 * Splits made while the loop runs are not in it (they are newer than its first page); none is listed twice.
 *
 * ```ts
 * for await (const page of splitPages(dashboard, { status: ['captured'] })) console.log(page.data.length);
 * ```
 */
export async function* splitPages(client: GroupsplitClient, query: SplitListQuery = {}): AsyncGenerator<SplitPage> {
  let startingAfter: string | undefined;
  for (;;) {
    const answer = unwrap(
      await client.GET('/api/checkout-splits', {
        params: { query: { limit: 100, ...query, ...(startingAfter ? { starting_after: startingAfter } : {}) } },
      }),
    );
    // With a parameter (limit always is one) the answer is a page, never the whole array.
    if (Array.isArray(answer)) throw new Error('GET /api/checkout-splits answered the whole list, not a page');
    yield answer;
    if (!answer.next_cursor) return;
    startingAfter = answer.next_cursor;
  }
}

/** Every split of `splitPages`, one at a time. */
export async function* allSplits(client: GroupsplitClient, query: SplitListQuery = {}): AsyncGenerator<SplitSummary> {
  for await (const page of splitPages(client, query)) yield* page.data;
}
