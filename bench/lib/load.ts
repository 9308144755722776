/** Runs `task` for every item with at most `concurrency` in flight; results in item order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

/**
 * Closed-loop load: `concurrency` callers each issue `request` back to back until `durationMs`
 * has passed (requests in flight at the deadline finish). Returns the wall time taken.
 */
export async function runFor(
  options: { concurrency: number; durationMs: number },
  request: (sequence: number) => Promise<void>,
): Promise<{ wallMs: number; requests: number }> {
  const started = performance.now();
  const deadline = started + options.durationMs;
  let sequence = 0;
  const lane = async () => {
    while (performance.now() < deadline) await request(sequence++);
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  return { wallMs: performance.now() - started, requests: sequence };
}

/** Polls `read` every `intervalMs` until `done` holds; throws after `timeoutMs`. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { intervalMs: number; timeoutMs: number; what: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${options.what}: not done after ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}

/** A positive integer from the environment, else the default. */
export function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** A positive number (a rate, say 4.5 per second) from the environment, else the default. */
export function envPositive(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A comma-separated list of positive integers from the environment, else the default. */
export function envList(name: string, fallback: number[]): number[] {
  const values = (process.env[name] ?? '')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((v) => Number.isInteger(v) && v > 0);
  return values.length > 0 ? values : fallback;
}

/**
 * Open-loop load: starts `request` at a steady `ratePerSec` for `durationMs`, whether or not
 * earlier requests have answered, and measures each from the moment it was due (so a stall
 * shows in the latencies instead of silently lowering the rate). `ok` decides what counts.
 */
export async function runOpenLoop<T>(
  options: { ratePerSec: number; durationMs: number },
  request: (sequence: number) => Promise<T>,
  ok: (value: T) => boolean,
): Promise<{ samples: number[]; errors: number; errorExamples: string[]; wallMs: number }> {
  const intervalMs = 1000 / options.ratePerSec;
  const count = Math.floor(options.durationMs / intervalMs);
  const samples: number[] = [];
  const errorExamples: string[] = [];
  let errors = 0;
  const fail = (message: string) => {
    errors += 1;
    if (errorExamples.length < 3) errorExamples.push(message);
  };
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      request(i).then(
        (value) => {
          if (ok(value)) samples.push(performance.now() - due);
          else fail(`unexpected result: ${JSON.stringify(value).slice(0, 200)}`);
        },
        (error) => fail((error as Error).message),
      ),
    );
  }
  await Promise.all(inFlight);
  return { samples, errors, errorExamples, wallMs: performance.now() - started };
}
