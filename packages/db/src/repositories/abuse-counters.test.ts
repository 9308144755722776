import { randomUUID } from 'node:crypto';
import { AbuseCountersRepository, type AbuseCounterTableName } from './abuse-counters';
import { useTestDb } from './test-support/db';

/**
 * AbuseCountersRepository against the run's migrated Postgres database alone. Every key is new to the
 * test (`test:<uuid>`); a window or pause that has ended is set on the row rather than waited for.
 */
const db = useTestDb();
const HOUR = 3600_000;
const counters = (table: AbuseCounterTableName = 'pay_attempt_counters') => new AbuseCountersRepository(db(), table);
const key = () => `test:${randomUUID()}`;
const row = (key: string, table: AbuseCounterTableName = 'pay_attempt_counters') =>
  db()
    .selectFrom(table)
    .select(['count', 'streak', 'window_ends_at', 'paused_until'])
    .where('key', '=', key)
    .executeTakeFirst();
const setRow = (
  key: string,
  values: { window_ends_at?: Date; paused_until?: Date | null; count?: number; streak?: number },
  table: AbuseCounterTableName = 'pay_attempt_counters',
) => db().updateTable(table).set(values).where('key', '=', key).execute();
const ended = () => new Date(Date.now() - 1000);

describe('AbuseCountersRepository', () => {
  it('counts events in a fixed window, starting a new one when it ends, and pauses at the threshold', async () => {
    const k = key();
    const first = await counters().count(k, HOUR, { at: 3, forMs: 10 * HOUR });
    expect(first).toMatchObject({ count: 1, streak: 0, pausedUntil: null });
    expect(first.windowEndsAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(await counters().count(k, HOUR, { at: 3, forMs: 10 * HOUR })).toMatchObject({
      count: 2,
      windowEndsAt: first.windowEndsAt,
      pausedUntil: null,
    });
    const third = await counters().count(k, HOUR, { at: 3, forMs: 10 * HOUR });
    expect(third.count).toBe(3);
    expect(third.pausedUntil!.getTime()).toBeGreaterThan(Date.now() + 9 * HOUR);

    await setRow(k, { window_ends_at: ended() });
    const next = await counters().count(k, HOUR);
    expect(next.count).toBe(1);
    expect(next.windowEndsAt.getTime()).toBeGreaterThan(Date.now());
    // Without a threshold the pause already running stays.
    expect(next.pausedUntil).toEqual(third.pausedUntil);

    // A threshold of one pauses on the first event.
    expect((await counters().count(key(), HOUR, { at: 1, forMs: HOUR })).pausedUntil).toBeInstanceOf(Date);
  });

  it('counts every one of many concurrent events on a key', async () => {
    const k = key();
    await Promise.all(Array.from({ length: 8 }, () => counters().count(k, HOUR)));
    expect((await row(k))?.count).toBe(8);
  });

  it('counts failures in a row: the pauseAt-th pauses the key and starts a new streak', async () => {
    const k = key();
    expect(await counters().fail(k, 3, HOUR)).toMatchObject({ streak: 1, pausedUntil: null });
    expect(await counters().fail(k, 3, HOUR)).toMatchObject({ streak: 2, pausedUntil: null });
    const third = await counters().fail(k, 3, HOUR);
    expect(third.streak).toBe(0);
    expect(third.pausedUntil!.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    await counters().succeed(k);
    expect(await counters().fail(k, 3, HOUR)).toMatchObject({ streak: 1, pausedUntil: third.pausedUntil });
    const once = await counters().fail(key(), 1, HOUR);
    expect(once.streak).toBe(0);
    expect(once.pausedUntil).toBeInstanceOf(Date);
  });

  it('reserves failures up to the limit, pauses once the limit has failed, and hands a reservation back', async () => {
    const k = key();
    expect(await counters().reserveStreak(k, 2)).toBe(true);
    expect(await counters().reserveStreak(k, 2)).toBe(true);
    expect(await counters().reserveStreak(k, 2)).toBe(false);

    await counters().releaseStreak(k);
    expect((await row(k))?.streak).toBe(1);
    expect(await counters().reserveStreak(k, 2)).toBe(true);
    await counters().failReserved(k, 2, HOUR);
    expect(await row(k)).toMatchObject({ streak: 0, paused_until: expect.any(Date) });
    // Paused: nothing is reserved until the pause ends.
    expect(await counters().reserveStreak(k, 2)).toBe(false);
    await setRow(k, { paused_until: ended() });
    expect(await counters().reserveStreak(k, 2)).toBe(true);

    // Below the limit, a failure does not pause; a success ends the streak; a release never goes below zero.
    await counters().failReserved(k, 2, HOUR);
    expect((await row(k))!.paused_until!.getTime()).toBeLessThan(Date.now());
    await counters().succeed(k);
    await counters().releaseStreak(k);
    expect((await row(k))?.streak).toBe(0);
  });

  it('never lets concurrent reservations pass the limit, of failures or of a window', async () => {
    const streakKey = key();
    const streak = await Promise.all(Array.from({ length: 7 }, () => counters().reserveStreak(streakKey, 3)));
    expect(streak.filter(Boolean)).toHaveLength(3);
    const windowKey = key();
    const window = await Promise.all(Array.from({ length: 7 }, () => counters().reserveInWindow(windowKey, HOUR, 4)));
    expect(window.filter(Boolean)).toHaveLength(4);
    expect((await row(windowKey))?.count).toBe(4);
  });

  it('reserves events in a window up to the limit, a new window when it ends, none while paused', async () => {
    const k = key();
    expect(await counters().reserveInWindow(k, HOUR, 2)).toBe(true);
    expect(await counters().reserveInWindow(k, HOUR, 2)).toBe(true);
    expect(await counters().reserveInWindow(k, HOUR, 2)).toBe(false);

    // Handed back to the running window.
    await counters().releaseInWindow(k);
    expect((await row(k))?.count).toBe(1);
    expect(await counters().reserveInWindow(k, HOUR, 2)).toBe(true);

    // The limit reached in a live window pauses the key; the window's end does not lift the pause.
    await counters().reachedInWindow(k, 2, 10 * HOUR);
    const paused = (await row(k))?.paused_until;
    expect(paused!.getTime()).toBeGreaterThan(Date.now() + 9 * HOUR);
    await setRow(k, { window_ends_at: ended() });
    expect(await counters().reserveInWindow(k, HOUR, 2)).toBe(false);

    // Pause over, window over: a new window. A release into an ended window changes nothing.
    await setRow(k, { paused_until: ended() });
    expect(await counters().reserveInWindow(k, HOUR, 2)).toBe(true);
    expect((await row(k))?.count).toBe(1);
    await setRow(k, { window_ends_at: ended() });
    await counters().releaseInWindow(k);
    expect((await row(k))?.count).toBe(1);
  });

  it('pauses at the window’s limit only while the window runs and no pause does', async () => {
    const below = key();
    await counters().reserveInWindow(below, HOUR, 3);
    await counters().reachedInWindow(below, 3, HOUR);
    expect((await row(below))?.paused_until).toBeNull();

    const over = key();
    await counters().count(over, HOUR);
    await counters().count(over, HOUR);
    await setRow(over, { window_ends_at: ended() });
    await counters().reachedInWindow(over, 2, HOUR);
    expect((await row(over))?.paused_until).toBeNull();

    const pausedLong = key();
    await counters().count(pausedLong, HOUR);
    const long = new Date(Date.now() + 100 * HOUR);
    await setRow(pausedLong, { paused_until: long });
    await counters().reachedInWindow(pausedLong, 1, HOUR);
    expect((await row(pausedLong))?.paused_until).toEqual(long);
  });

  it('pauses for a time unless already paused longer, and answers which keys are paused now', async () => {
    const k = key();
    const free = key();
    const over = key();
    for (const each of [k, free, over]) await counters('sign_in_counters').count(each, HOUR);
    await counters('sign_in_counters').pauseFor(k, 10 * HOUR);
    const long = (await row(k, 'sign_in_counters'))?.paused_until;
    await counters('sign_in_counters').pauseFor(k, HOUR);
    expect((await row(k, 'sign_in_counters'))?.paused_until).toEqual(long);
    await counters('sign_in_counters').pauseFor(over, HOUR);
    await setRow(over, { paused_until: ended() }, 'sign_in_counters');

    const paused = await counters('sign_in_counters').pausedUntil([k, free, over, key()]);
    expect([...paused.entries()]).toEqual([[k, long]]);
    // The tables are separate: the same key in the other one is not paused.
    expect((await counters('pay_attempt_counters').pausedUntil([k])).size).toBe(0);
  });

  it('sweeps keys idle long past their window, never a paused one, up to the limit', async () => {
    const longAgo = new Date('2000-01-01T00:00:00Z');
    const idle = [key(), key(), key()];
    const pausedIdle = key();
    const recent = key();
    for (const each of [...idle, pausedIdle, recent]) await counters('sign_in_counters').count(each, HOUR);
    for (const each of [...idle, pausedIdle]) await setRow(each, { window_ends_at: longAgo }, 'sign_in_counters');
    await setRow(pausedIdle, { paused_until: new Date(Date.now() + HOUR) }, 'sign_in_counters');

    // Idle for ten years: only rows this test made so old.
    const tenYears = 10 * 365 * 24 * HOUR;
    expect(await counters('sign_in_counters').sweepIdle(tenYears, 1)).toBe(1);
    expect(await counters('sign_in_counters').sweepIdle(tenYears, 100)).toBeGreaterThanOrEqual(2);
    for (const each of idle) expect(await row(each, 'sign_in_counters')).toBeUndefined();
    expect(await row(pausedIdle, 'sign_in_counters')).toBeDefined();
    expect(await row(recent, 'sign_in_counters')).toBeDefined();
  });
});
