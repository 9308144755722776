import { AbuseCountersRepository, AppError, type Db, retryLater, sha256Hex } from '@groupsplit/shared';
import type { Context } from 'koa';

const MINUTE_MS = 60_000;

/**
 * Card-testing brakes on the pay step (docs/rate-limits.md, "Card testing"), beyond the spec's
 * Limits table. One checkout yields up to 20 pay tokens, each a card form on the merchant's
 * processor account, so attempts are limited per token and per client address, and declines pause
 * first the token and then the address.
 */
export const PAY_ATTEMPT_LIMITS = {
  /** Authorise attempts per pay token, whatever their outcome. */
  perToken: { points: 10, windowMs: 10 * MINUTE_MS },
  /** Authorise attempts per client address, across every token. */
  perAddress: { points: 30, windowMs: 60 * MINUTE_MS },
  /** Declined cards in a row that pause a token, and for how long. */
  tokenDeclines: { inARow: 5, pauseMs: 30 * MINUTE_MS },
  /** Declined cards from one address in an hour that pause the address, and for how long. */
  addressDeclines: { points: 15, windowMs: 60 * MINUTE_MS, pauseMs: 60 * MINUTE_MS },
  /**
   * A key with no attempt for this long after its window (and not paused) is deleted by the next
   * attempts, a hundred at a time: the table, which holds client addresses, stays the size of a
   * day's traffic. Longer than every window and pause above, so no limit is shortened by it.
   */
  sweepIdleMs: 24 * 60 * MINUTE_MS,
} as const;

export const PAY_LIMIT_MESSAGES = {
  tokenPaused: 'Too many declined cards for this share.',
  tokenAttempts: 'Too many payment attempts for this share.',
  addressPaused: 'Too many declined cards from your connection.',
  addressAttempts: 'Too many payment attempts from your connection.',
} as const;

/**
 * The 3-D Secure return (`GET /pay/:token/return`, docs/rate-limits.md "The 3-D Secure return"): a return
 * for a share still waiting on its bank asks the processor about the hold, so returns are limited per
 * token and per client address. A participant comes back once or twice; a page reloaded a few times fits.
 */
export const RETURN_LIMITS = {
  perToken: { points: 10, windowMs: 10 * MINUTE_MS },
  perAddress: { points: 30, windowMs: 60 * MINUTE_MS },
} as const;

export const RETURN_LIMIT_MESSAGES = {
  token: 'Too many returns from your bank for this share.',
  address: 'Too many returns from your bank from your connection.',
} as const;

/** The 429 of a limit, saying when to try again (shared `retryLater`). */
const limited = (ctx: Context, message: string, until: Date) =>
  retryLater(ctx, until, (wait) => `${message} Please try again in ${wait}.`);

const keys = (token: string, ip: string) => ({
  token: `token:${sha256Hex(token)}`,
  address: `ip:${ip}`,
  addressDeclines: `ip-declines:${ip}`,
});

/**
 * Runs one authorise attempt within the limits: counts it, refuses it with 429 while a limit is
 * reached, and records a decline (a 402 from `attempt`) or a success against the token and address.
 *
 * Declines are reserved before the processor is asked (docs/rate-limits.md, "Card testing"): each
 * attempt takes one place in the token's streak of declines and one in the address's hourly count of
 * declines, each in one SQL statement, and the attempt is refused when either is full, counting the
 * attempts still waiting on the processor. So concurrent attempts get exactly the documented numbers
 * (five 402s on one token, fifteen from one address) instead of all passing a check made before any
 * of them was declined. A place is kept by a decline, ends the streak on a success, and is handed
 * back on any other outcome (a 400, a 404, a 409, a processor failure).
 */
export async function withinPayAttemptLimits<T>(
  ctx: Context,
  db: Db,
  token: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const counters = new AbuseCountersRepository(db, 'pay_attempt_counters');
  const key = keys(token, ctx.state.principal.ip);
  const limits = PAY_ATTEMPT_LIMITS;
  const [tokenCount, addressCount, pauses] = await Promise.all([
    counters.count(key.token, limits.perToken.windowMs),
    counters.count(key.address, limits.perAddress.windowMs),
    counters.pausedUntil([key.token, key.addressDeclines]),
    counters.sweepIdle(limits.sweepIdleMs),
  ]);
  const tokenPause = pauses.get(key.token);
  const addressPause = pauses.get(key.addressDeclines);
  if (tokenPause) throw limited(ctx, PAY_LIMIT_MESSAGES.tokenPaused, tokenPause);
  if (addressPause) throw limited(ctx, PAY_LIMIT_MESSAGES.addressPaused, addressPause);
  if (tokenCount.count > limits.perToken.points) {
    throw limited(ctx, PAY_LIMIT_MESSAGES.tokenAttempts, tokenCount.windowEndsAt);
  }
  if (addressCount.count > limits.perAddress.points) {
    throw limited(ctx, PAY_LIMIT_MESSAGES.addressAttempts, addressCount.windowEndsAt);
  }
  await reserveDeclines(ctx, counters, key);
  let outcome: 'declined' | 'succeeded' | 'other' = 'other';
  try {
    const result = await attempt();
    outcome = 'succeeded';
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 402) outcome = 'declined';
    throw error;
  } finally {
    await settleDeclines(counters, key, outcome);
  }
}

/**
 * Takes this attempt's place among the token's and the address's declines, or throws the 429 of the
 * pause that a full count stands for (its end as recorded, or a whole pause from now while the
 * attempts that filled it are still waiting on the processor).
 */
async function reserveDeclines(ctx: Context, counters: AbuseCountersRepository, key: ReturnType<typeof keys>) {
  const { tokenDeclines, addressDeclines } = PAY_ATTEMPT_LIMITS;
  const refused = async (pauseKey: string, message: string, pauseMs: number) => {
    const until = (await counters.pausedUntil([pauseKey])).get(pauseKey) ?? new Date(Date.now() + pauseMs);
    return limited(ctx, message, until);
  };
  if (!(await counters.reserveStreak(key.token, tokenDeclines.inARow))) {
    throw await refused(key.token, PAY_LIMIT_MESSAGES.tokenPaused, tokenDeclines.pauseMs);
  }
  const { points, windowMs, pauseMs } = addressDeclines;
  if (!(await counters.reserveInWindow(key.addressDeclines, windowMs, points))) {
    await counters.releaseStreak(key.token);
    throw await refused(key.addressDeclines, PAY_LIMIT_MESSAGES.addressPaused, pauseMs);
  }
}

/** Resolves the places `reserveDeclines` took, by what the attempt came to. */
async function settleDeclines(
  counters: AbuseCountersRepository,
  key: ReturnType<typeof keys>,
  outcome: 'declined' | 'succeeded' | 'other',
) {
  const { tokenDeclines, addressDeclines } = PAY_ATTEMPT_LIMITS;
  if (outcome === 'declined') {
    await Promise.all([
      counters.failReserved(key.token, tokenDeclines.inARow, tokenDeclines.pauseMs),
      counters.reachedInWindow(key.addressDeclines, addressDeclines.points, addressDeclines.pauseMs),
    ]);
    return;
  }
  // A success ends the token's run of declines; the address's hourly count of declines keeps only declines.
  await Promise.all([
    outcome === 'succeeded' ? counters.succeed(key.token) : counters.releaseStreak(key.token),
    counters.releaseInWindow(key.addressDeclines),
  ]);
}

/**
 * Counts one 3-D Secure return against its token and the client's address (in `pay_attempt_counters`,
 * beside the attempts, under keys of their own) and throws the 429 while either limit is reached.
 */
export async function withinReturnLimits(ctx: Context, db: Db, token: string): Promise<void> {
  const counters = new AbuseCountersRepository(db, 'pay_attempt_counters');
  const [tokenCount, addressCount] = await Promise.all([
    counters.count(`return-token:${sha256Hex(token)}`, RETURN_LIMITS.perToken.windowMs),
    counters.count(`return-ip:${ctx.state.principal.ip}`, RETURN_LIMITS.perAddress.windowMs),
    counters.sweepIdle(PAY_ATTEMPT_LIMITS.sweepIdleMs),
  ]);
  if (tokenCount.count > RETURN_LIMITS.perToken.points) {
    throw limited(ctx, RETURN_LIMIT_MESSAGES.token, tokenCount.windowEndsAt);
  }
  if (addressCount.count > RETURN_LIMITS.perAddress.points) {
    throw limited(ctx, RETURN_LIMIT_MESSAGES.address, addressCount.windowEndsAt);
  }
}
