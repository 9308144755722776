import { writeFileSync } from 'node:fs';
import type { Figure } from './figures';
import { type ProcessStack, startProcessStack } from './process-stack';
import type { Metric } from './stats';

export type BenchResult = {
  bench: string;
  params: Record<string, number | string>;
  metrics: Metric[];
  figures: Figure[];
  notes: string[];
};

export type BenchBody = (stack: ProcessStack, result: BenchResult) => Promise<void>;

/**
 * Runs one benchmark file: starts the stack as separate processes (the environment comes from
 * bench/run.mjs; `env` adds to it), runs `body`, writes the result where the runner asked, and exits.
 */
export function runBench(
  bench: string,
  body: BenchBody,
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
) {
  runBenchOn(bench, () => startProcessStack(options.env), body, options);
}

/** As runBench, on a stack of the bench's own making (the replicas bench's two of each service). */
export function runBenchOn<S extends { stop: () => Promise<void> }>(
  bench: string,
  startStack: () => Promise<S>,
  body: (stack: S, result: BenchResult) => Promise<void>,
  options: { timeoutMs?: number } = {},
) {
  const resultFile = process.env.BENCH_RESULT_FILE;
  if (!resultFile || !process.env.DATABASE_URL || !process.env.WORKFLOW_BUNDLE_PATH) {
    console.error('Run benchmarks through `npm run bench`, which prepares Postgres, Temporal and mail.');
    process.exit(2);
  }
  // Bounded even if something hangs: the runner's own limit is the backstop for this one.
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const guard = setTimeout(() => {
    console.error(`[${bench}] did not finish within ${timeoutMs} ms`);
    process.exit(3);
  }, timeoutMs);
  guard.unref();

  const result: BenchResult = { bench, params: {}, metrics: [], figures: [], notes: [] };
  (async () => {
    const stack = await startStack();
    try {
      await body(stack, result);
    } finally {
      await stack.stop();
    }
    writeFileSync(resultFile, JSON.stringify(result));
    for (const metric of result.metrics) console.log(`[${bench}] ${JSON.stringify(metric)}`);
    for (const figure of result.figures) console.log(`[${bench}] figure ${JSON.stringify(figure)}`);
    process.exit(0);
  })().catch((error) => {
    console.error(`[${bench}] failed:`, error);
    process.exit(1);
  });
}
