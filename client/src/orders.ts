import type { GroupsplitClient } from './client';
import { unwrap } from './errors';
import type { components, paths } from './schema';

/*
 * Your server's reads of its orders, with the API key (docs/splits.md, "The server's reads"):
 * `GET /api/merchants/checkout/splits` and `GET /api/merchants/checkout/splits/{id}`. Each answers the
 * dashboard's list item or detail, with `merchant_fee` and `net_amount` (what reaches you after our fee).
 */

/** The parameters of `GET /api/merchants/checkout/splits` (every one optional). */
export type CheckoutSplitListQuery = NonNullable<paths['/api/merchants/checkout/splits']['get']['parameters']['query']>;
/** One order as `GET /api/merchants/checkout/splits/{id}` answers it. */
export type SplitDetail = components['schemas']['SplitDetail'];

/**
 * One page of your orders in the key's mode, newest first: `{ data, has_more, next_cursor, previous_cursor }`.
 *
 * ```ts
 * const page = await listCheckoutSplits(server, { status: ['captured'], limit: 50 });
 * for (const order of page.data) console.log(order.order_reference, order.net_amount);
 * ```
 */
export async function listCheckoutSplits(
  client: GroupsplitClient,
  query: CheckoutSplitListQuery = {},
): Promise<components['schemas']['SplitPage']> {
  return unwrap(await client.GET('/api/merchants/checkout/splits', { params: { query } }));
}

/** One of your orders in full (404 `Not found` for another business's, the other mode's, or none). */
export async function retrieveCheckoutSplit(client: GroupsplitClient, id: string): Promise<SplitDetail> {
  return unwrap(await client.GET('/api/merchants/checkout/splits/{id}', { params: { path: { id } } }));
}

/**
 * Every page of your orders for `query`'s filters, fetched as the loop asks, following `next_cursor`
 * until it is null (`limit` is the page size, default 100).
 */
export async function* checkoutSplitPages(
  client: GroupsplitClient,
  query: Omit<CheckoutSplitListQuery, 'starting_after' | 'ending_before'> = {},
): AsyncGenerator<components['schemas']['SplitPage']> {
  let startingAfter: string | undefined;
  for (;;) {
    const page = await listCheckoutSplits(client, {
      limit: 100,
      ...query,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    yield page;
    if (!page.next_cursor) return;
    startingAfter = page.next_cursor;
  }
}

/** Every order of `checkoutSplitPages`, one at a time. */
export async function* allCheckoutSplits(
  client: GroupsplitClient,
  query: Omit<CheckoutSplitListQuery, 'starting_after' | 'ending_before'> = {},
): AsyncGenerator<components['schemas']['SplitSummary']> {
  for await (const page of checkoutSplitPages(client, query)) yield* page.data;
}
