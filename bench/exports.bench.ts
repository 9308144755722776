/**
 * Figure 7: a finance export streams in constant memory (docs/exports.md). One business gets 100,000
 * orders.csv rows (50,000 splits of two participants) in one period and 1,000 rows in another, written
 * straight to the tables (the bench sets the world up; creating them through the workflow would take
 * hours). Each period is exported through the gateway as the dashboard does (bearer, X-Service-Mode),
 * read as it arrives and counted, never held whole by the bench.
 *
 * What an export holds is the live heap: the 100,000-row export is run once more while the checkout
 * process (which reads the cursor and writes the CSV) and the gateway (which passes it through) are
 * made to collect garbage and report their heap every 250 ms. The figure is the peak of that live heap
 * during the export minus before it: constant memory means it does not grow with the rows.
 *
 * Peak resident memory of exports that are left to collect on their own (1,000 and 100,000 rows) is
 * reported beside it. It is not the figure: it also counts garbage V8 has not yet reclaimed, which
 * its heap-growing policy lets reach a multiple of the live heap before a full collection (bench
 * README, figure 7), whatever the export's size.
 */
import { createSplitReadyMerchant } from '@groupsplit/testing';
import { sql } from 'kysely';
import { measureExport, seed, type Watched } from './lib/exports';
import { fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { envInt } from './lib/load';
import type { ServiceName } from './lib/process-stack';
import { summarise } from './lib/stats';

const BIG_ROWS = envInt('BENCH_EXPORT_ROWS', 100_000);
const SMALL_ROWS = 1_000;
const MiB = 1024 ** 2;
/** What "constant" allows: a batch of rows and its CSV text, far below the 31 MiB that 100,000 rows take. */
const TARGET_LIVE_GROWTH_BYTES = 8 * MiB;
/** The same as a ratio: the export's peak live heap within 20 % of the process's live heap before it. */
const TARGET_LIVE_RATIO = 1.2;
const WATCHED: ServiceName[] = ['checkout', 'gateway'];

runBench(
  'exports',
  async (stack, result) => {
    result.params = { rows: BIG_ROWS, smallRows: SMALL_ROWS };
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const big = { from: '2026-01-01', to: '2026-01-31' };
    const small = { from: '2026-03-01', to: '2026-03-01' };
    const seeding = performance.now();
    // In slices, so one statement never holds the whole set.
    for (let done = 0; done < BIG_ROWS; done += 20_000) {
      const start = new Date(Date.parse('2026-01-05T00:00:00Z') + done * 1000).toISOString();
      await seed(stack.db, shop, Math.min(20_000, BIG_ROWS - done), start, `BENCH-BIG-${done}`);
    }
    await seed(stack.db, shop, SMALL_ROWS, '2026-03-01T09:00:00Z', 'BENCH-SMALL');
    await sql`ANALYZE splits, split_participants`.execute(stack.db);
    result.notes.push(`seeded ${BIG_ROWS + SMALL_ROWS} rows in ${fixed((performance.now() - seeding) / 1000, 1)} s`);

    const watched: Watched = {
      gateway: stack.urls.gateway,
      pids: Object.fromEntries(WATCHED.map((name) => [name, stack.pid(name)])),
      collect: async () => {
        await Promise.all(WATCHED.map((name) => stack.memory(name, { collect: true })));
      },
      liveHeap: async () => {
        const readings = await Promise.all(WATCHED.map((name) => stack.memory(name, { collect: true })));
        return Object.fromEntries(WATCHED.map((name, at) => [name, readings[at]!.main.heapUsed]));
      },
    };
    // Warm-up: code paths compiled, pool connections open, in both processes.
    await measureExport(watched, shop.finance.token, small);
    const one = await measureExport(watched, shop.finance.token, small);
    const hundred = await measureExport(watched, shop.finance.token, big);
    const sampled = await measureExport(watched, shop.finance.token, big, { sampleLive: true });
    if (one.rows !== SMALL_ROWS || hundred.rows !== BIG_ROWS || sampled.rows !== BIG_ROWS) {
      throw new Error(
        `exported ${one.rows}, ${hundred.rows} and ${sampled.rows} rows, expected ${SMALL_ROWS} and ${BIG_ROWS}`,
      );
    }

    result.metrics.push(
      { ...summarise(`orders.csv ${SMALL_ROWS} rows`, [one.ms]), opsPerSec: Math.round((one.rows / one.ms) * 1000) },
      {
        ...summarise(`orders.csv ${BIG_ROWS} rows`, [hundred.ms]),
        opsPerSec: Math.round((hundred.rows / hundred.ms) * 1000),
      },
    );
    for (const [label, run] of [
      [`${SMALL_ROWS} rows`, one],
      [`${BIG_ROWS} rows`, hundred],
    ] as const) {
      result.notes.push(
        `${label}: ${fixed(run.bytes / MiB, 1)} MiB in ${fixed(run.ms / 1000, 2)} s (${Math.round((run.rows / run.ms) * 1000)} rows/s); ` +
          WATCHED.map(
            (name) =>
              `${name} RSS ${fixed(run.before[name]! / MiB, 1)} → peak ${fixed(run.peak[name]! / MiB, 1)} MiB (+${fixed(run.growth[name]! / MiB, 1)})`,
          ).join(', '),
      );
    }
    const extra = WATCHED.map((name) => `${name} +${fixed((hundred.growth[name]! - one.growth[name]!) / MiB, 1)} MiB`);
    result.notes.push(
      `peak RSS growth of the ${BIG_ROWS}-row export beyond the ${SMALL_ROWS}-row one's, collecting on its own: ${extra.join(', ')}`,
    );
    const worst = Math.max(...WATCHED.map((name) => sampled.liveGrowth[name]!));
    const worstRatio = Math.max(...WATCHED.map((name) => sampled.liveRatio[name]!));
    result.figures.push({
      id: 7,
      title: `Export of ${BIG_ROWS} rows: peak live heap during the export ÷ live heap before it`,
      value: WATCHED.map(
        (name) => `${name} ${fixed(sampled.liveRatio[name]!, 3)} (+${fixed(sampled.liveGrowth[name]! / MiB, 1)} MiB)`,
      ).join(', '),
      target: `≤ ${TARGET_LIVE_RATIO} and < ${TARGET_LIVE_GROWTH_BYTES / MiB} MiB`,
      pass:
        BIG_ROWS >= 100_000 && sampled.liveSamples >= 5
          ? worstRatio <= TARGET_LIVE_RATIO && worst < TARGET_LIVE_GROWTH_BYTES
          : null,
      detail:
        `orders.csv through the gateway; heap after a full GC, ${sampled.liveSamples} readings during the export ` +
        `(${fixed(sampled.ms / 1000, 1)} s with the collections), both sides in this export; peak RSS left to the ` +
        `collector: ${extra.join(', ')}`,
    });
  },
  { timeoutMs: 10 * 60_000 },
);
