import { writeFileSync } from 'node:fs';
import { type Stack, startStack } from '@groupsplit/testing';
import type { Metric } from './stats';

export type BenchResult = {
  bench: string;
  params: Record<string, number | string>;
  metrics: Metric[];
  notes: string[];
};

export type BenchBody = (stack: Stack, result: BenchResult) => Promise<void>;

/**
 * Runs one benchmark file: starts the in-process stack (the environment comes from
 * bench/run.mjs), runs `body`, writes the result where the runner asked, and exits.
 */
export function runBench(bench: string, body: BenchBody, options: { timeoutMs?: number } = {}) {
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

  const result: BenchResult = { bench, params: {}, metrics: [], notes: [] };
  (async () => {
    const stack = await startStack();
    try {
      await body(stack, result);
    } finally {
      await stack.stop();
    }
    writeFileSync(resultFile, JSON.stringify(result));
    for (const metric of result.metrics) console.log(`[${bench}] ${JSON.stringify(metric)}`);
    process.exit(0);
  })().catch((error) => {
    console.error(`[${bench}] failed:`, error);
    process.exit(1);
  });
}
