import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * With BENCH_CPU_PROF=<dir>, a bench marks the phase it measures, so `bench/profile-summary.ts` reads
 * only those samples of each service's profile (a whole profile is mostly start-up: tsx compiling
 * every file, the bundle loading). The times are CLOCK_MONOTONIC microseconds, the clock V8 stamps
 * its profiles with (`process.hrtime`).
 */
export function profileWindow(label: string) {
  const dir = process.env.BENCH_CPU_PROF;
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  return {
    end() {
      if (!dir) return;
      mkdirSync(dir, { recursive: true });
      const toUs = Number(process.hrtime.bigint() / 1000n);
      appendFileSync(path.join(dir, 'windows.jsonl'), `${JSON.stringify({ label, fromUs, toUs })}\n`);
    },
  };
}
