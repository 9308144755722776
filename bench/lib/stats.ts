/** One measured quantity, as the runner prints and stores it. Latencies in milliseconds. */
export type Metric = {
  name: string;
  count: number;
  errors: number;
  /** Completed operations per second of wall time; null where a rate means nothing. */
  opsPerSec: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
};

/** Nearest-rank percentile of ascending samples. */
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export function summarise(
  name: string,
  samplesMs: number[],
  options: { errors?: number; wallMs?: number } = {},
): Metric {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((sum, v) => sum + v, 0) / sorted.length : null;
  return {
    name,
    count: sorted.length,
    errors: options.errors ?? 0,
    opsPerSec: options.wallMs ? round((sorted.length / options.wallMs) * 1000) : null,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? null),
    mean: round(mean),
  };
}

/** Records latencies and failures of one kind of operation. */
export class Recorder {
  readonly samples: number[] = [];
  errors = 0;
  readonly errorExamples: string[] = [];

  /** Times `operation`; a throw or a false result counts as an error (its latency is not kept). */
  async time<T>(operation: () => Promise<T>, ok: (value: T) => boolean = () => true): Promise<T | undefined> {
    const started = performance.now();
    try {
      const value = await operation();
      if (ok(value)) this.samples.push(performance.now() - started);
      else this.fail(`unexpected result: ${JSON.stringify(value).slice(0, 200)}`);
      return value;
    } catch (error) {
      this.fail((error as Error).message);
      return undefined;
    }
  }

  fail(message: string) {
    this.errors += 1;
    if (this.errorExamples.length < 3) this.errorExamples.push(message);
  }

  summary(name: string, wallMs?: number): Metric {
    return summarise(name, this.samples, { errors: this.errors, wallMs });
  }
}
