/**
 * Reads until `done` holds, and fails naming `what` and the last value read. Tests wait on a
 * condition like this, never on time: the timeout is only the point at which to give up.
 */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Reads until `check` (a Jest expectation) passes, and fails with that expectation's own message once
 * `timeoutMs` has gone by: Playwright's auto-waiting `expect` for the playwright-core tests. A page that
 * a background request, a poll or a reload can redraw is asserted this way, never with a one-shot read
 * taken the moment after some other element appeared. Only the read is repeated, never an action.
 */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
