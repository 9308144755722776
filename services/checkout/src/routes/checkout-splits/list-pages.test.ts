import { createTeam, createUser, type Stack, seedSplits, startStack } from '@groupsplit/testing';
import { SPLIT_LIST_MESSAGES as L } from './schema';

/**
 * GET /api/checkout-splits with parameters: pages walked by cursor, filters and search
 * (docs/splits.md, "Listing"); without any, still the spec's whole array. Splits are seeded straight
 * into the projection (testing's seedSplits), each business its own, so counts are exact.
 */
describe('the paged splits list', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  type Page = { data: { id: string; order_reference: string; status: string; created_at: string }[] } & {
    has_more: boolean;
    next_cursor: string | null;
    previous_cursor: string | null;
  };

  async function business(count: number, options: Partial<Parameters<typeof seedSplits>[1]> = {}) {
    const team = await createTeam(stack.db);
    const seeded = await seedSplits(stack.db, { merchantId: team.merchant.id, count, ...options });
    return { team, ...seeded };
  }

  const list = async (token: string, query: string, headers: Record<string, string> = {}) => {
    const res = await stack.api.get(`/api/checkout-splits${query}`, { token, headers });
    expect(res.status).toBe(200);
    return res.body as Page;
  };

  /** Every page from the first, by next_cursor; with the pages' sizes. */
  async function walk(token: string, query: string, headers: Record<string, string> = {}) {
    const ids: string[] = [];
    const sizes: number[] = [];
    let page = await list(token, `?${query}`, headers);
    for (;;) {
      ids.push(...page.data.map((s) => s.id));
      sizes.push(page.data.length);
      if (!page.next_cursor) break;
      expect(page.has_more).toBe(true);
      page = await list(token, `?${query}&starting_after=${page.next_cursor}`, headers);
    }
    expect(page.has_more).toBe(false);
    return { ids, sizes };
  }

  const newestFirstIds = async (merchantId: string) =>
    (
      await stack.db
        .selectFrom('splits')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);

  it('answers no parameter with the whole array, exactly what walking every page gives', async () => {
    const { team } = await business(45);
    const whole = await stack.api.get('/api/checkout-splits', { token: team.owner.token });
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.body).toHaveLength(45);
    const pages: unknown[] = [];
    let page = await list(team.owner.token, '?limit=20');
    pages.push(...page.data);
    while (page.next_cursor) {
      page = await list(team.owner.token, `?limit=20&starting_after=${page.next_cursor}`);
      pages.push(...page.data);
    }
    // The pages add `organiser` (docs/dashboard.md, "Orders"); the spec's whole array stays as it was.
    expect(pages.every((item) => 'organiser' in (item as object))).toBe(true);
    expect(whole.body.some((item: object) => 'organiser' in item)).toBe(false);
    expect(pages.map(({ organiser: _organiser, ...item }: any) => item)).toEqual(whole.body);
  });

  it("names each order's organiser on the pages, and finds part of a name or address", async () => {
    const { team, reference } = await business(4);
    const buyer = await createUser(stack.db, { email: `amy.pond.${Date.now()}@example.test` });
    const hosted = await stack.db
      .updateTable('splits')
      .set({
        created_by: buyer.id,
        session_token: `tok-${Date.now()}`,
        session_context: JSON.stringify({ customer_email: null, customer_name: 'A. Pond', metadata: null }),
      })
      .where('order_reference', '=', reference(4))
      .returning('id')
      .executeTakeFirstOrThrow();
    await stack.db
      .updateTable('split_participants')
      .set({ email: buyer.email, name: 'Amy Pond' })
      .where('split_id', '=', hosted.id)
      .where('position', '=', 0)
      .execute();
    // Typed by the buyer for themself on the hosted page: wins over their share's name.
    const named = await stack.db
      .updateTable('splits')
      .set({
        session_context: JSON.stringify({
          customer_email: 'rory@example.test',
          customer_name: null,
          metadata: null,
          organiser_name: 'Rory Williams',
        }),
      })
      .where('order_reference', '=', reference(3))
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await list(team.owner.token, '?limit=10');
    const organisers = Object.fromEntries(page.data.map((item: any) => [item.id, item.organiser]));
    expect(organisers[hosted.id]).toEqual({ name: 'Amy Pond', email: buyer.email });
    expect(organisers[named.id]).toEqual({ name: 'Rory Williams', email: 'rory@example.test' });
    expect(page.data.filter((item: any) => item.organiser === null)).toHaveLength(2);

    for (const q of ['amy', 'POND.', 'my po']) {
      const found = await list(team.owner.token, `?q=${encodeURIComponent(q)}`);
      expect({ q, found: found.data.map((item) => item.id) }).toEqual({ q, found: [hosted.id] });
    }
    // Two characters: no part matches, only a reference's beginning.
    expect((await list(team.owner.token, '?q=my')).data).toEqual([]);
  });

  it('answers ?limit=50 with { data, has_more, next_cursor, previous_cursor } and walks every split exactly once', async () => {
    const { team } = await business(130);
    const first = await list(team.owner.token, '?limit=50');
    expect(Object.keys(first).sort()).toEqual(['data', 'has_more', 'next_cursor', 'previous_cursor']);
    expect(first).toMatchObject({ has_more: true, previous_cursor: null });
    expect(first.next_cursor).toEqual(expect.any(String));
    const { ids, sizes } = await walk(team.owner.token, 'limit=50');
    expect(sizes).toEqual([50, 50, 30]);
    expect(new Set(ids).size).toBe(130);
    expect(ids).toEqual(await newestFirstIds(team.merchant.id));
  });

  it('walks back with ending_before to the same pages, and says where the first page is', async () => {
    const { team } = await business(25);
    const token = team.owner.token;
    const first = await list(token, '?limit=10');
    const second = await list(token, `?limit=10&starting_after=${first.next_cursor}`);
    const third = await list(token, `?limit=10&starting_after=${second.next_cursor}`);
    expect(third).toMatchObject({ has_more: false, next_cursor: null });
    expect(third.data).toHaveLength(5);
    const backToSecond = await list(token, `?limit=10&ending_before=${third.previous_cursor}`);
    expect(backToSecond.data).toEqual(second.data);
    expect(backToSecond.has_more).toBe(true);
    expect(backToSecond.next_cursor).toEqual(expect.any(String));
    const backToFirst = await list(token, `?limit=10&ending_before=${backToSecond.previous_cursor}`);
    expect(backToFirst.data).toEqual(first.data);
    expect(backToFirst).toMatchObject({ has_more: false, previous_cursor: null });
    // Forward again from the page reached backwards.
    const forward = await list(token, `?limit=10&starting_after=${backToFirst.next_cursor}`);
    expect(forward.data).toEqual(second.data);
  });

  it('keeps a cursor valid and the walk exact while new splits are made', async () => {
    const { team } = await business(60);
    const token = team.owner.token;
    const before = await newestFirstIds(team.merchant.id);
    const first = await list(token, '?limit=20');
    const nextBefore = await list(token, `?limit=20&starting_after=${first.next_cursor}`);

    // Splits made during the walk, one batch per page read: each newer than everything listed.
    const seen = [...first.data.map((s) => s.id)];
    let cursor = first.next_cursor;
    let batches = 0;
    while (cursor) {
      const [page] = await Promise.all([
        list(token, `?limit=20&starting_after=${cursor}`),
        seedSplits(stack.db, { merchantId: team.merchant.id, count: 7, start: new Date(), stepMs: 1 }),
      ]);
      batches += 1;
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_cursor;
    }
    expect(batches).toBe(2);
    expect(seen).toEqual(before);

    // The cursor taken before the new splits still gives the same page.
    const nextAfter = await list(token, `?limit=20&starting_after=${first.next_cursor}`);
    expect(nextAfter.data).toEqual(nextBefore.data);
    // The new splits are on a fresh first page, newest first.
    const fresh = await list(token, '?limit=20');
    const now = await newestFirstIds(team.merchant.id);
    expect(now).toHaveLength(60 + 14);
    expect(fresh.data.map((s) => s.id)).toEqual(now.slice(0, 20));
    expect(fresh.data.slice(0, 14).every((s) => !before.includes(s.id))).toBe(true);
  });

  describe('filters and search', () => {
    let token: string;
    let merchantId: string;
    let reference: (n: number) => string;
    let prefix: string;
    const start = new Date('2026-10-01T00:00:00Z');

    beforeAll(async () => {
      // 40 splits an hour apart from 1 October; modes test/live alternate; statuses cycle through three.
      const seeded = await business(40, {
        modes: ['test', 'live'],
        statuses: ['pending', 'captured', 'canceled'],
        start,
        stepMs: 3_600_000,
      });
      token = seeded.team.finance.token;
      merchantId = seeded.team.merchant.id;
      reference = seeded.reference;
      prefix = seeded.prefix;
    });

    const refs = (page: Page) => page.data.map((s) => s.order_reference);
    const numbers = (predicate: (n: number) => boolean) =>
      Array.from({ length: 40 }, (_, i) => 40 - i)
        .filter(predicate)
        .map(reference);

    it('status, once or repeated', async () => {
      const captured = await list(token, '?limit=100&status=captured');
      expect(refs(captured)).toEqual(numbers((n) => n % 3 === 1));
      const two = await list(token, '?limit=100&status=captured&status=canceled');
      expect(refs(two)).toEqual(numbers((n) => n % 3 !== 0));
    });

    it('created[gte] (inclusive) and created[lt] (exclusive), as dates or date-times', async () => {
      const at = (n: number) => new Date(start.getTime() + n * 3_600_000).toISOString();
      const range = await list(token, `?limit=100&created[gte]=${at(5)}&created[lt]=${at(9)}`);
      expect(refs(range)).toEqual(numbers((n) => n >= 5 && n < 9));
      // Hours 1–23 of 1 October UTC, as a date.
      const day = await list(token, '?limit=100&created[gte]=2026-10-01&created[lt]=2026-10-02');
      expect(refs(day)).toEqual(numbers((n) => n <= 23));
      const offset = await list(token, `?limit=100&created[gte]=${encodeURIComponent('2026-10-01T02:00:00+01:00')}`);
      expect(refs(offset)).toEqual(numbers((n) => n >= 1));
    });

    it('mode, as a parameter or the X-Service-Mode header, and both when they agree', async () => {
      const live = await list(token, '?limit=100&mode=live');
      expect(refs(live)).toEqual(numbers((n) => n % 2 === 1));
      const header = await list(token, '?limit=100', { 'x-service-mode': 'live' });
      expect(refs(header)).toEqual(refs(live));
      const both = await list(token, '?limit=100&mode=test', { 'x-service-mode': 'test' });
      expect(refs(both)).toEqual(numbers((n) => n % 2 === 0));
    });

    it('q finds an order reference by its beginning, a participant by e-mail, a split and a session by id', async () => {
      const byReference = await list(token, `?q=${reference(7).toLowerCase()}`);
      expect(refs(byReference)).toEqual([reference(7)]);
      const byPrefix = await list(token, `?limit=100&q=${encodeURIComponent(`${prefix}-00001`)}`);
      expect(refs(byPrefix)).toEqual(numbers((n) => n >= 10 && n <= 19));
      const email = `${reference(12).toLowerCase()}-1@example.test`;
      const byEmail = await list(token, `?q=${encodeURIComponent(email.toUpperCase())}`);
      expect(refs(byEmail)).toEqual([reference(12)]);
      const split = byEmail.data[0]!;
      const byId = await list(token, `?q=${split.id.toUpperCase()}`);
      expect(byId.data.map((s) => s.id)).toEqual([split.id]);
      const bySession = await list(token, `?q=${prefix}-session-20`);
      expect(refs(bySession)).toEqual([reference(20)]);
      const none = await list(token, `?q=${encodeURIComponent('nobody@example.test')}`);
      expect(none).toEqual({ data: [], has_more: false, next_cursor: null, previous_cursor: null });
      // `%` and `_` are letters in a search, not wildcards.
      expect((await list(token, '?q=%25')).data).toEqual([]);
      expect((await list(token, `?q=${prefix.replace('-', '_')}`)).data).toEqual([]);
      // A blank search searches for nothing, and still answers a page.
      expect((await list(token, '?q=&limit=5')).data).toHaveLength(5);
    });

    it('finds nothing of another business, whatever the search', async () => {
      const other = await createTeam(stack.db);
      for (const q of [reference(7), `${reference(12).toLowerCase()}-1@example.test`, `${prefix}-session-20`]) {
        const page = await list(other.owner.token, `?q=${encodeURIComponent(q)}`);
        expect(page.data).toEqual([]);
      }
      const ours = await newestFirstIds(merchantId);
      const byId = await list(other.owner.token, `?q=${ours[0]}`);
      expect(byId.data).toEqual([]);
    });

    it('pages through filters: filters and cursors together', async () => {
      const { ids } = await walk(token, 'limit=3&mode=test&status=pending');
      const expected = numbers((n) => n % 2 === 0 && n % 3 === 0);
      expect(ids).toHaveLength(expected.length);
      const all = await list(token, '?limit=100&mode=test&status=pending');
      expect(all.data.map((s) => s.id)).toEqual(ids);
    });
  });

  it('answers a login in no business with an empty page', async () => {
    const loner = await createUser(stack.db);
    expect(await list(loner.token, '?limit=50')).toEqual({
      data: [],
      has_more: false,
      next_cursor: null,
      previous_cursor: null,
    });
  });

  describe('refusals, in the { error, code, details } shape', () => {
    let token: string;
    let cursor: string;
    beforeAll(async () => {
      const { team } = await business(3);
      token = team.owner.token;
      cursor = (await list(token, '?limit=1')).next_cursor!;
    });

    const cases: [string, () => string, string, string][] = [
      ['limit 0', () => '?limit=0', 'limit', L.limit],
      ['limit 101', () => '?limit=101', 'limit', L.limit],
      ['limit not a number', () => '?limit=lots', 'limit', L.limit],
      ['limit fractional', () => '?limit=2.5', 'limit', L.limit],
      ['limit repeated', () => '?limit=2&limit=3', 'limit', L.limit],
      ['a made-up cursor', () => '?starting_after=abc', 'starting_after', L.cursor],
      ['a cursor with an impossible date', () => `?ending_before=${impossibleCursor()}`, 'ending_before', L.cursor],
      ['both cursors', () => `?starting_after=${cursor}&ending_before=${cursor}`, 'ending_before', L.bothCursors],
      ['status creating (never shown)', () => '?status=creating', 'status.0', L.status],
      // A repeated parameter's detail names which one.
      ['status unknown', () => '?status=pending&status=paid', 'status.1', L.status],
      ['created not a date', () => '?created[gte]=yesterday', 'created[gte]', L.created],
      ['created without an offset', () => '?created[lt]=2026-10-01T10:00:00', 'created[lt]', L.created],
      ['an empty range', () => '?created[gte]=2026-10-02&created[lt]=2026-10-01', 'created[lt]', L.emptyRange],
      ['q too long', () => `?q=${'x'.repeat(201)}`, 'q', L.q],
    ];
    it.each(cases)('%s → 400', async (_name, query, field, message) => {
      const res = await stack.api.get(`/api/checkout-splits${query()}`, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'Validation failed',
        code: 'validation_failed',
        details: expect.arrayContaining([{ field, message }]),
      });
    });

    it('refuses a mode that differs from X-Service-Mode, and an unknown parameter with a suggestion', async () => {
      const conflict = await stack.api.get('/api/checkout-splits?mode=live', {
        token,
        headers: { 'x-service-mode': 'test' },
      });
      expect(conflict.status).toBe(400);
      expect(conflict.body).toMatchObject({
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field: 'mode', message: L.modeConflict }],
      });
      const unknown = await stack.api.get('/api/checkout-splits?limt=5', { token });
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([
        { field: 'limt', message: 'Unknown query parameter limt. Did you mean limit?' },
      ]);
    });
  });
});

/** A well-formed cursor naming 30 February, which no split was created on. */
function impossibleCursor() {
  return Buffer.from(JSON.stringify(['2026-02-30T10:00:00.000000Z', '00000000-0000-4000-8000-000000000000'])).toString(
    'base64url',
  );
}
