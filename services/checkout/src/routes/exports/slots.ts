/**
 * How many finance exports one checkout process streams at once. Each holds a pool connection (its
 * cursor's transaction) for as long as its client reads, so unbounded exports could take every
 * connection from the pay pages and the API. Beyond this, an export is refused with 429 and
 * `Retry-After` (docs/exports.md, "Limits").
 */
export const EXPORTS_AT_ONCE = 2;

/** Seconds a refused export is told to wait: a 100,000-row file takes about 4 s to stream. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** A counter of running exports in this process; `take()` gives a release function, or null when all are in use. */
export class ExportSlots {
  private running = 0;

  constructor(private readonly capacity = EXPORTS_AT_ONCE) {}

  take(): (() => void) | null {
    if (this.running >= this.capacity) return null;
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }
}
