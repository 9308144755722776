/**
 * Figure 7: a finance export streams in constant memory (docs/exports.md). One business gets 100,000
 * orders.csv rows (50,000 splits of two participants) in one period and 1,000 rows in another, written
 * straight to the tables (the bench sets the world up; creating them through the workflow would take
 * hours). Each period is exported through the gateway as the dashboard does (bearer, X-Service-Mode),
 * read as it arrives and counted, never held whole by the bench. For each export the bench samples
 * the resident memory of the checkout process (which reads the cursor and writes the CSV) and of the
 * gateway (which passes it through) every 10 ms, after a full GC in both, and takes the peak. The
 * figure is the peak growth of the 100,000-row export minus that of the 1,000-row one, both measured
 * in this run: constant memory means about the same peak whatever the size.
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
/** What "about the same" allows: a batch of rows, buffers and allocator noise, far below what 100,000 rows take. */
const TARGET_GROWTH_BYTES = 32 * MiB;
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
    };
    // Warm-up: code paths compiled, pool connections open, in both processes.
    await measureExport(watched, shop.finance.token, small);
    const one = await measureExport(watched, shop.finance.token, small);
    const hundred = await measureExport(watched, shop.finance.token, big);
    if (one.rows !== SMALL_ROWS || hundred.rows !== BIG_ROWS) {
      throw new Error(`exported ${one.rows} and ${hundred.rows} rows, expected ${SMALL_ROWS} and ${BIG_ROWS}`);
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
    const extra = Object.fromEntries(
      WATCHED.map((name) => [name, hundred.growth[name]! - one.growth[name]!]),
    ) as Record<ServiceName, number>;
    const worst = Math.max(...WATCHED.map((name) => extra[name]));
    result.figures.push({
      id: 7,
      title: `Export of ${BIG_ROWS} rows: peak RSS growth beyond a ${SMALL_ROWS}-row export's`,
      value: WATCHED.map((name) => `${name} ${fixed(extra[name] / MiB, 1)} MiB`).join(', '),
      target: `< ${TARGET_GROWTH_BYTES / MiB} MiB`,
      pass: BIG_ROWS >= 100_000 ? worst < TARGET_GROWTH_BYTES : null,
      detail:
        `orders.csv through the gateway, ${Math.round((hundred.rows / hundred.ms) * 1000)} rows/s; ` +
        `RSS sampled every 10 ms after a full GC, both exports in this run`,
    });
  },
  { timeoutMs: 10 * 60_000 },
);
