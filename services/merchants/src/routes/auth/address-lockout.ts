import { AbuseCountersRepository, type AppError, type Db, retryLater, sha256Hex } from '@groupsplit/shared';
import type { Context } from 'koa';

const HOUR_MS = 60 * 60_000;

/**
 * Wrong sign-in codes counted per e-mail address across codes, whatever the source address
 * (docs/rate-limits.md, "Sign-in codes per address"): the per-code limit of 5 restarts with every
 * new code, and the per-IP bucket with every new address, so neither stops a guesser who has both.
 */
export const ADDRESS_WRONG_CODES = { points: 10, windowMs: HOUR_MS, lockMs: HOUR_MS } as const;

/**
 * An address with no wrong code for this long after its window (and not locked) is deleted by the
 * next wrong codes, a hundred at a time, so the table does not grow for ever; longer than the
 * window and the lock, so no limit is shortened by it.
 */
export const ADDRESS_COUNTER_SWEEP_IDLE_MS = 24 * HOUR_MS;

export const ADDRESS_LOCKED_MESSAGE = 'Too many wrong codes for this address.';

const keyOf = (email: string) => `email:${sha256Hex(email)}`;

/** Wrong codes (`email:`) and codes sent (`sends:`) per address, in one table of merchants. */
const counters = (db: Db) => new AbuseCountersRepository(db, 'sign_in_failure_counters');

/** The 429 for a locked address, saying when to try again (and `Retry-After`), or null. */
export async function addressLocked(ctx: Context, db: Db, email: string): Promise<AppError | null> {
  const key = keyOf(email);
  const until = (await counters(db).pausedUntil([key])).get(key);
  if (!until) return null;
  return retryLater(ctx, until, (wait) => `${ADDRESS_LOCKED_MESSAGE} Try again in ${wait}.`);
}

/**
 * Counts one wrong code for the address. True for the one wrong code that locked it (exactly one
 * caller sees it, the row lock orders them), so the owner is told and the lock-out recorded once.
 */
export async function countWrongCode(db: Db, email: string): Promise<boolean> {
  const { points, windowMs, lockMs } = ADDRESS_WRONG_CODES;
  const [counted] = await Promise.all([
    counters(db).count(keyOf(email), windowMs, { at: points, forMs: lockMs }),
    counters(db).sweepIdle(ADDRESS_COUNTER_SWEEP_IDLE_MS),
  ]);
  return counted.count === points;
}

/** The lock-out's audit row (append-only table). */
export async function recordLockout(db: Db, email: string, clientIp: string) {
  await db
    .insertInto('sign_in_lockouts')
    .values({
      email,
      wrong_codes: ADDRESS_WRONG_CODES.points,
      locked_until: new Date(Date.now() + ADDRESS_WRONG_CODES.lockMs),
      client_ip: clientIp,
    })
    .execute();
}

export const CODE_SENDS_MESSAGE =
  'Too many sign-in codes for this address. Use the latest code we sent, or try again in';

/**
 * Counts one sign-in code sent to the address, whoever asked (an inbox is not to be flooded from
 * many source addresses), and answers the 429 once more than `perHour` were asked for in the hour:
 * `Retry-After` and the message say when the next can be sent. No code is made or sent then.
 */
export async function countCodeSend(ctx: Context, db: Db, email: string, perHour: number): Promise<AppError | null> {
  const [counted] = await Promise.all([
    counters(db).count(`sends:${sha256Hex(email)}`, HOUR_MS),
    counters(db).sweepIdle(ADDRESS_COUNTER_SWEEP_IDLE_MS),
  ]);
  if (counted.count <= perHour) return null;
  return retryLater(ctx, counted.windowEndsAt, (wait) => `${CODE_SENDS_MESSAGE} ${wait}.`);
}
