import { type AppError, tooManyRequests } from '@groupsplit/core';
import type { Context } from 'koa';

/**
 * The 429 of a brake that lifts at `until` (the pay step's card-testing limits, a sign-in lock):
 * `{ error, code: 'rate_limited' }` like every other 429, `Retry-After` in seconds, and the
 * message saying when to try again in whole minutes (rounded up), which pages show as it is.
 */
export function retryLater(ctx: Context, until: Date, message: (wait: string) => string): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  ctx.set('Retry-After', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(message(`${minutes} minute${minutes === 1 ? '' : 's'}`), 'rate_limited');
}
