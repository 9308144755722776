/** What `within` answers when the time ran out first. */
export const TIMED_OUT = Symbol('timed out');

/**
 * `promise`'s value, or TIMED_OUT once `ms` have passed, whichever comes first; the timer is cleared
 * either way. The promise runs on after a time-out, and a failure it has then is ignored.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    const outcome = await Promise.race([promise, timeout]);
    if (outcome === TIMED_OUT) promise.catch(() => undefined);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
