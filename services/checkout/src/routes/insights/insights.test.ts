import {
  createTeam,
  createUser,
  type SeededParticipant,
  type Stack,
  seedSplit,
  startStack,
  type TestUser,
} from '@groupsplit/testing';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Every split of the known dataset is created on a day of October 2026, whatever today is. */
const BASE = new Date('2026-10-10T09:00:00.000Z');
const at = (ms: number) => new Date(BASE.getTime() + ms);

/** A participant who held at `held` and was captured at `captured` after the split's creation. */
const paid = (amount: number, createdAt: Date, held: number, captured: number): SeededParticipant => ({
  amount,
  authorisedAt: new Date(createdAt.getTime() + held),
  capturedAt: new Date(createdAt.getTime() + captured),
});

/**
 * Insights on a known dataset (docs/dashboard.md, Insights): splits in every ending, with their times,
 * shares and reminders written straight into the projection, and the figures asserted exactly.
 */
describe('GET /api/checkout-splits/insights', () => {
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;
  let stranger: TestUser;
  let other: Awaited<ReturnType<typeof createTeam>>;

  const insights = (query: string, token: string = team.owner.token, mode = 'test') =>
    stack.api.get(`/api/checkout-splits/insights${query}`, { token, headers: { 'x-service-mode': mode } });

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    team = await createTeam(stack.db);
    stranger = await createUser(stack.db);
    const merchantId = team.merchant.id;
    const day = (n: number) => at(n * DAY);
    const seen = (createdAt: Date) => ({ viewed: { at: new Date(createdAt.getTime() + 5 * MIN) } });
    const seeds = [
      // Four finished groups: fully paid after 1 h, 2 h, 4 h and 10 h; everyone opened their page.
      {
        status: 'captured',
        createdAt: day(0),
        participants: [
          { ...paid(1000, day(0), 10 * MIN, HOUR), ...seen(day(0)) },
          // Reminded twice (the last at 15 min), held at 20 min: an authorisation after a reminder.
          {
            ...paid(2000, day(0), 20 * MIN, 55 * MIN),
            ...seen(day(0)),
            reminders: { count: 2, lastRemindedAt: at(15 * MIN) },
          },
        ],
      },
      {
        status: 'captured',
        createdAt: day(1),
        participants: [{ ...paid(1500, day(1), 30 * MIN, 2 * HOUR), ...seen(day(1)) }],
      },
      {
        status: 'refunded',
        createdAt: day(2),
        participants: [{ ...paid(3000, day(2), HOUR, 4 * HOUR), ...seen(day(2)), status: 'refunded' }],
      },
      {
        status: 'partially_refunded',
        createdAt: day(3),
        participants: [
          { ...paid(1200, day(3), HOUR, 9 * HOUR), ...seen(day(3)) },
          { ...paid(1200, day(3), 2 * HOUR, 10 * HOUR), ...seen(day(3)), status: 'refunded' },
        ],
      },
      // Expired: one held (released since), one opened the page and never held though reminded once.
      {
        status: 'canceled',
        cancelReason: 'expired',
        createdAt: day(4),
        participants: [
          { amount: 1000, status: 'canceled', authorisedAt: at(4 * DAY + HOUR), ...seen(day(4)) },
          { amount: 1000, status: 'canceled', ...seen(day(4)), reminders: { count: 1, lastRemindedAt: at(5 * DAY) } },
        ],
      },
      // Cancelled by the business before anyone held: one opened the page; one was replaced after the person
      // they replaced had opened it (that view is not theirs); one never opened it.
      {
        status: 'canceled',
        createdAt: day(5),
        participants: [
          { amount: 2000, status: 'canceled', ...seen(day(5)) },
          { amount: 2000, status: 'canceled', viewed: { at: at(5 * DAY), email: 'replaced@example.test' } },
          { amount: 2000, status: 'canceled' },
        ],
      },
      // Still open: one opened and held, one reminded three times and has not opened the page.
      {
        status: 'pending',
        createdAt: day(6),
        participants: [
          { amount: 1000, authorisedAt: at(6 * DAY + HOUR), ...seen(day(6)) },
          { amount: 1000, reminders: { count: 3, lastRemindedAt: at(6 * DAY + 2 * HOUR) } },
        ],
      },
      { status: 'creation_failed', createdAt: day(7), participants: [{ amount: 1000, status: 'canceled' }] },
      // Never counted: still placing its holds.
      { status: 'creating', createdAt: day(8), participants: [{ amount: 5000, ...seen(day(8)) }] },
    ] as const;
    for (const seed of seeds) await seedSplit(stack.db, { merchantId, ...seed, participants: [...seed.participants] });
    // Outside the scope: live mode, before the period, another business.
    await seedSplit(stack.db, {
      merchantId,
      mode: 'live',
      status: 'captured',
      createdAt: day(1),
      participants: [paid(9900, day(1), MIN, 2 * MIN)],
    });
    await seedSplit(stack.db, {
      merchantId,
      status: 'pending',
      createdAt: at(-30 * DAY),
      participants: [{ amount: 100 }],
    });
    other = await createTeam(stack.db);
    await seedSplit(stack.db, {
      merchantId: other.merchant.id,
      status: 'captured',
      createdAt: day(1),
      participants: [paid(4400, day(1), MIN, 2 * MIN)],
    });
  }, 120_000);
  afterAll(() => stack.stop());

  it('answers the exact figures of the known dataset for October', async () => {
    const res = await insights('?from=2026-10-01&to=2026-10-31');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mode: 'test',
      // UK days: 1 October starts at midnight BST; 1 November, after the clocks went back, at midnight GMT.
      from: '2026-09-30T23:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
      groups: { started: 8, finished: 4, open: 1, expired: 1, cancelled: 1, failed: 1, finished_share: 0.5 },
      // percentile_cont over 1 h, 2 h, 4 h, 10 h: the median halfway between 2 h and 4 h; p90 at 2.7 of 3 steps.
      time_to_paid: { median_seconds: 10_800, p90_seconds: 29_520 },
      drop_off: { invited: 14, opened: 10, held: 8, unfinished: { groups: 2, invited: 5, opened: 3, held: 1 } },
      reminders: { sent: 6, people_reminded: 3, held_after_reminder: 1 },
      average_group_size: 1.75,
      // 20,900p over 14 shares = 1,492.86p, shown as pounds.
      average_share: '14.93',
    });
  });

  it('counts one day on its own (from = to = that day)', async () => {
    const res = await insights('?from=2026-10-10&to=2026-10-10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      from: '2026-10-09T23:00:00.000Z',
      to: '2026-10-10T23:00:00.000Z',
      groups: { started: 1, finished: 1, finished_share: 1 },
      time_to_paid: { median_seconds: 3600, p90_seconds: 3600 },
      drop_off: { invited: 2, opened: 2, held: 2 },
      reminders: { sent: 2, people_reminded: 1, held_after_reminder: 1 },
      average_group_size: 2,
      average_share: '15.00',
    });
  });

  it('answers zeros and nulls for a period without splits', async () => {
    const res = await insights('?from=2025-01-01&to=2025-01-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mode: 'test',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-01-02T00:00:00.000Z',
      groups: { started: 0, finished: 0, open: 0, expired: 0, cancelled: 0, failed: 0, finished_share: null },
      time_to_paid: { median_seconds: null, p90_seconds: null },
      drop_off: { invited: 0, opened: 0, held: 0, unfinished: { groups: 0, invited: 0, opened: 0, held: 0 } },
      reminders: { sent: 0, people_reminded: 0, held_after_reminder: 0 },
      average_group_size: null,
      average_share: null,
    });
  });

  it('reads the mode asked: live counts only the live split', async () => {
    const res = await insights('?from=2026-10-01&to=2026-10-31', team.owner.token, 'live');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'live', groups: { started: 1, finished: 1 }, average_share: '99.00' });
  });

  it('takes timestamps too, `to` excluded', async () => {
    const res = await insights(`?from=${at(DAY).toISOString()}&to=${at(2 * DAY).toISOString()}`);
    expect(res.body).toMatchObject({ groups: { started: 1, finished: 1 }, time_to_paid: { median_seconds: 7200 } });
  });

  it("counts a day as a UK day: a split made at 00:30 BST on 1 September is 1 September's", async () => {
    await seedSplit(stack.db, {
      merchantId: other.merchant.id,
      status: 'pending',
      createdAt: new Date('2026-08-31T23:30:00.000Z'),
      participants: [{ amount: 1000 }],
    });
    const started = async (day: string) =>
      (await insights(`?from=${day}&to=${day}`, other.owner.token)).body.groups.started as number;
    expect([await started('2026-08-31'), await started('2026-09-01')]).toEqual([0, 1]);
  });

  it('counts a participant as opened the first time their pay page or pay lookup answers them', async () => {
    const split = await seedSplit(stack.db, {
      merchantId: other.merchant.id,
      status: 'pending',
      createdAt: at(20 * DAY),
      participants: [{ amount: 1000 }, { amount: 1000 }, { amount: 1000 }],
    });
    const [first, second] = split.participants;
    const opened = async () =>
      (await insights('?from=2026-10-01&to=2026-10-31', other.owner.token)).body.drop_off as {
        invited: number;
        opened: number;
      };
    expect(await opened()).toMatchObject({ invited: 4, opened: 0 });
    // The hosted page, twice (it polls itself): one view. A merchant's own page reads the pay lookup.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${stack.urls.gateway}/pay/${first!.payToken}`);
      expect(page.status).toBe(200);
    }
    expect((await stack.api.get(`/api/checkout-splits/pay/${second!.payToken}`)).status).toBe(200);
    expect(await opened()).toMatchObject({ invited: 4, opened: 2 });
    const rows = await stack.db.selectFrom('pay_page_views').selectAll().where('split_id', '=', split.id).execute();
    expect(rows.map((r) => r.email).sort()).toEqual([first!.email, second!.email].sort());
  });

  it('is open to every role of the business, and to nobody outside it', async () => {
    for (const role of ['admin', 'finance', 'member'] as const) {
      const res = await insights('?from=2026-10-01&to=2026-10-31', team[role].token);
      expect([role, res.status, res.body.groups?.started]).toEqual([role, 200, 8]);
    }
    expect((await insights('?from=2026-10-01&to=2026-10-31', stranger.token)).status).toBe(404);
    const anonymous = await stack.api.get('/api/checkout-splits/insights');
    expect(anonymous.status).toBe(401);
  });

  it('refuses a period that is reversed, too long or not a date, and unknown parameters', async () => {
    expect((await insights('?from=2026-10-31&to=2026-10-01')).body).toMatchObject({
      error: '`from` must be before `to`',
      code: 'invalid_period',
    });
    expect((await insights('?from=2024-01-01&to=2026-10-01')).body).toMatchObject({
      error: 'The period is at most 366 days',
      code: 'invalid_period',
    });
    const notADate = await insights('?from=yesterday');
    expect([notADate.status, notADate.body.code]).toEqual([400, 'validation_failed']);
    const unknown = await insights('?since=2026-10-01');
    expect([unknown.status, unknown.body.code]).toEqual([400, 'validation_failed']);
  });
});
