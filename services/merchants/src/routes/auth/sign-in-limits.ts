import {
  AbuseCountersRepository,
  type AppError,
  type Db,
  retryLater,
  SignInCodesRepository,
  sha256Hex,
} from '@groupsplit/shared';
import type { Context } from 'koa';
import type { SignInAddress } from './email-address';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Wrong sign-in codes (docs/rate-limits.md, "Sign-in codes per address"), counted so that they slow whoever sends
 * them and never lock the owner of an address out:
 *
 * - per code: five wrong tries from the connection that asked for it and the code is dead (sign-in-codes.ts,
 *   `MAX_WRONG_CODES`); a new code has five of its own, which nobody else's wrong codes use up;
 * - per address and connection: the first five wrong codes in an hour cost nothing, then each one makes
 *   that connection wait before it may try that address again: 1, 2, 4, 8, 16, 32 minutes, then 60;
 * - per connection, across addresses: the twentieth wrong code in an hour pauses the connection for an hour;
 * - per address, across connections: the tenth wrong code in an hour puts the address under guard for an
 *   hour (extended by each further wrong code): the owner is e-mailed once and the attack recorded
 *   (`sign_in_attacks`), and only the connection that asked for the address's current code may enter a
 *   code. So a code the owner asks for, at once or later, is theirs to enter, five tries included.
 */
export const SIGN_IN_LIMITS = {
  perPair: { freeWrongCodes: 5, windowMs: HOUR_MS, firstWaitMs: MINUTE_MS, longestWaitMs: HOUR_MS },
  perConnection: { points: 20, windowMs: HOUR_MS, pauseMs: HOUR_MS },
  perAddress: { points: 10, windowMs: HOUR_MS, guardMs: HOUR_MS },
} as const;

/**
 * A key with no event for this long after its window (and not paused) is deleted by the next events, a
 * hundred at a time, so the table does not grow for ever; longer than every window and pause, so no
 * limit is shortened by it.
 */
export const SIGN_IN_COUNTER_SWEEP_IDLE_MS = 24 * HOUR_MS;

export const SIGN_IN_LIMIT_MESSAGES = {
  pair: 'Too many wrong codes for this address from your connection.',
  connection: 'Too many wrong codes from your connection.',
  guarded: 'Too many wrong codes for this address from other connections. Ask for a new code here, or try again in',
} as const;

const keys = (email: SignInAddress, ip: string) => {
  const address = sha256Hex(email);
  return {
    pair: `pair:${address}:${sha256Hex(ip)}`,
    connection: `wrong-ip:${sha256Hex(ip)}`,
    address: `email:${address}`,
    sends: `sends:${address}`,
  };
};

/** Wrong codes and codes sent, per address, connection and both, in one table of merchants. */
const counters = (db: Db) => new AbuseCountersRepository(db, 'sign_in_counters');

/** How long the connection waits after its `wrong`-th wrong code for one address in the window. */
export function pairWaitMs(wrong: number): number {
  const { freeWrongCodes, firstWaitMs, longestWaitMs } = SIGN_IN_LIMITS.perPair;
  if (wrong <= freeWrongCodes) return 0;
  return Math.min(firstWaitMs * 2 ** (wrong - freeWrongCodes - 1), longestWaitMs);
}

/**
 * The 429 for a code that may not be entered now, or null: the connection waits after its wrong codes
 * for this address, or is paused after its wrong codes for any, or the address is under guard and this
 * connection did not ask for its current code. Read before the code is looked at, so a right code from a
 * connection held back is refused too (otherwise the limits would only slow the guessing).
 */
export async function signInRefusal(ctx: Context, db: Db, email: SignInAddress): Promise<AppError | null> {
  const ip = ctx.state.principal.ip as string;
  const key = keys(email, ip);
  const paused = await counters(db).pausedUntil([key.pair, key.connection, key.address]);
  const pair = paused.get(key.pair);
  if (pair) return retryLater(ctx, pair, (wait) => `${SIGN_IN_LIMIT_MESSAGES.pair} Try again in ${wait}.`);
  const connection = paused.get(key.connection);
  if (connection) {
    return retryLater(ctx, connection, (wait) => `${SIGN_IN_LIMIT_MESSAGES.connection} Try again in ${wait}.`);
  }
  const guarded = paused.get(key.address);
  if (guarded && !(await askedForCurrentCode(db, email, ip))) {
    return retryLater(ctx, guarded, (wait) => `${SIGN_IN_LIMIT_MESSAGES.guarded} ${wait}.`);
  }
  return null;
}

/** Whether this connection asked for the address's current code (the owner, as far as we can tell). */
async function askedForCurrentCode(db: Db, email: SignInAddress, ip: string): Promise<boolean> {
  const row = await new SignInCodesRepository(db).requestedIp(email);
  // A code made before the connection was recorded: nobody can show they asked for it.
  return row?.requested_ip === ip;
}

/**
 * Counts one wrong code against the connection and address together, the connection and the address,
 * and starts the connection's wait. Returns when the address's guard ends if this wrong code put it
 * under guard (exactly one caller per window sees it: the row lock orders them), so the owner is told
 * and the attack recorded once; null otherwise.
 */
export async function countWrongCode(db: Db, email: SignInAddress, ip: string): Promise<Date | null> {
  const key = keys(email, ip);
  const { perPair, perConnection, perAddress } = SIGN_IN_LIMITS;
  const repo = counters(db);
  const [pair, , address] = await Promise.all([
    repo.count(key.pair, perPair.windowMs),
    repo.count(key.connection, perConnection.windowMs, { at: perConnection.points, forMs: perConnection.pauseMs }),
    repo.count(key.address, perAddress.windowMs, { at: perAddress.points, forMs: perAddress.guardMs }),
    repo.sweepIdle(SIGN_IN_COUNTER_SWEEP_IDLE_MS),
  ]);
  const wait = pairWaitMs(pair.count);
  if (wait > 0) await repo.pauseFor(key.pair, wait);
  return address.count === perAddress.points ? address.pausedUntil : null;
}

/**
 * The attack's audit row (append-only table), and whether it is the first of this guard: at most one
 * row per address while a guard lasts, so the owner gets one e-mail however long the attack goes on.
 */
export async function recordAttack(db: Db, email: SignInAddress, clientIp: string, guardedUntil: Date) {
  return new SignInCodesRepository(db).recordAttack({
    email,
    wrongCodes: SIGN_IN_LIMITS.perAddress.points,
    guardedUntil,
    clientIp,
  });
}

export const CODE_SENDS_MESSAGE =
  'Too many sign-in codes for this address. Use the latest code we sent, or try again in';

/**
 * Counts one sign-in code sent to the address, whoever asked (an inbox is not to be flooded from
 * many source addresses), and answers the 429 once more than `perHour` were asked for in the hour:
 * `Retry-After` and the message say when the next can be sent. No code is made or sent then.
 */
export async function countCodeSend(
  ctx: Context,
  db: Db,
  email: SignInAddress,
  perHour: number,
): Promise<AppError | null> {
  const [counted] = await Promise.all([
    counters(db).count(keys(email, '').sends, HOUR_MS),
    counters(db).sweepIdle(SIGN_IN_COUNTER_SWEEP_IDLE_MS),
  ]);
  if (counted.count <= perHour) return null;
  return retryLater(ctx, counted.windowEndsAt, (wait) => `${CODE_SENDS_MESSAGE} ${wait}.`);
}
