import { createTeam, type Stack, seedSplits, startStack } from '@groupsplit/testing';
import { createGroupsplitClient } from './client';
import { allSplits, splitPages } from './pages';

/** The async iterators over the splits list's pages, against the real gateway. */
describe('splitPages and allSplits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('follows next_cursor page by page, only as far as the loop asks, with the filters kept', async () => {
    const team = await createTeam(stack.db);
    const { reference } = await seedSplits(stack.db, {
      merchantId: team.merchant.id,
      count: 230,
      modes: ['test', 'live'],
      statuses: ['pending', 'captured'],
    });
    const requests: string[] = [];
    const client = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      bearer: team.owner.token,
      fetchOptions: {
        fetch: (request: Request) => {
          requests.push(new URL(request.url).search);
          return fetch(request);
        },
      },
    });

    const sizes: number[] = [];
    for await (const page of splitPages(client)) sizes.push(page.data.length);
    expect(sizes).toEqual([100, 100, 30]);
    expect(requests).toHaveLength(3);
    expect(requests[1]).toContain('starting_after=');

    const all: string[] = [];
    for await (const split of allSplits(client, { limit: 40 })) all.push(split.order_reference);
    expect(all).toEqual(Array.from({ length: 230 }, (_, i) => reference(230 - i)));

    // Filters go with every page: test mode (even numbers) and captured (odd numbers) never meet.
    const none: unknown[] = [];
    for await (const split of allSplits(client, { mode: 'test', status: ['captured'] })) none.push(split);
    expect(none).toEqual([]);
    const both: string[] = [];
    for await (const split of allSplits(client, { mode: 'live', status: ['captured', 'pending'], limit: 50 })) {
      both.push(split.order_reference);
    }
    expect(both).toEqual(all.filter((_, i) => (230 - i) % 2 === 1));

    // Stopping early makes no further request.
    requests.length = 0;
    for await (const page of splitPages(client, { limit: 10 })) {
      expect(page.data).toHaveLength(10);
      break;
    }
    expect(requests).toHaveLength(1);
  });
});
