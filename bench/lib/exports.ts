import { readFileSync } from 'node:fs';
import type { createSplitReadyMerchant } from '@groupsplit/testing';
import { type Kysely, sql } from 'kysely';

/**
 * The pieces of the exports bench (exports.bench.ts, figure 6): seeding export rows straight into the
 * tables, and one export read as it arrives while the serving processes' memory is sampled.
 */
export type Shop = Awaited<ReturnType<typeof createSplitReadyMerchant>>;

/** `rows` rows: rows / 2 captured splits of two £10 shares, created one a second from `start`. */
export async function seed(db: Kysely<any>, shop: Shop, rows: number, start: string, label: string) {
  const splits = rows / 2;
  const account = shop.accounts.test as string;
  await sql`
    WITH made AS (
      INSERT INTO splits (id, merchant_id, mode, created_by, order_reference, currency, status, total_amount,
        customer_fee_total, merchant_fee_total, application_fee_total, merchant_fee_bps, processor_account_id,
        authorization_expires_at, created_at)
      SELECT gen_random_uuid(), ${shop.merchant.id}::uuid, 'test', ${shop.owner.id}::uuid, ${label}::text || '-' || n, 'gbp', 'captured',
        2000, 40, 60, 100, 300, ${account}::text, ${start}::timestamptz + interval '7 days',
        ${start}::timestamptz + n * interval '1 second'
      FROM generate_series(1, ${splits}::int) AS n
      RETURNING id, created_at
    )
    INSERT INTO split_participants (id, split_id, position, email, amount, customer_fee, merchant_fee, status,
      processor_payment_intent_id, processor_charge_id, pay_token, captured_at, created_at)
    SELECT gen_random_uuid(), made.id, p, 'payer' || p || '-' || made.id || '@bench.example', 1000, 20, 30, 'captured',
      'pi_' || md5(made.id::text || p), 'ch_' || md5(made.id::text || p), md5(random()::text || made.id::text || p),
      made.created_at + interval '1 minute', made.created_at
    FROM made, generate_series(0, 1) AS p`.execute(db);
}

/** Resident memory now (VmRSS), in bytes. */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

/** Streams one export through the gateway, counting rows and bytes as they arrive, while sampling each watched process's RSS. */
export type Watched = {
  /** The gateway's base URL. */
  gateway: string;
  /** The processes whose memory is sampled, by name. */
  pids: Record<string, number>;
  /** A full GC in each of them. */
  collect: () => Promise<void>;
  /** Each one's live heap: a full GC, then the main isolate's heapUsed, in bytes. */
  liveHeap: () => Promise<Record<string, number>>;
};

/** How often the live heap is read during an export that samples it (each read is a full GC). */
const LIVE_SAMPLE_EVERY_MS = 250;

/**
 * `sampleLive` also reads each process's live heap (after a full GC) every LIVE_SAMPLE_EVERY_MS while
 * the export runs: what the export really holds, apart from garbage the collector has not yet
 * reclaimed (which peak RSS counts). The forced collections slow the export and cap its RSS, so
 * the RSS figures come from exports that do not sample.
 */
export async function measureExport(
  watched: Watched,
  token: string,
  period: { from: string; to: string },
  { sampleLive = false } = {},
) {
  // A full GC in each watched process first, so each run starts from what is live.
  await watched.collect();
  const liveBefore = sampleLive ? await watched.liveHeap() : {};
  const livePeak: Record<string, number> = { ...liveBefore };
  const readings: Promise<void>[] = [];
  const live = sampleLive
    ? setInterval(() => {
        readings.push(
          watched.liveHeap().then((heaps) => {
            for (const [name, used] of Object.entries(heaps)) livePeak[name] = Math.max(livePeak[name] ?? 0, used);
          }),
        );
      }, LIVE_SAMPLE_EVERY_MS)
    : undefined;
  const { pids } = watched;
  const names = Object.keys(pids);
  const before = Object.fromEntries(names.map((name) => [name, rssOf(pids[name] as number)]));
  const peak = { ...before };
  const sample = () => {
    for (const name of names) peak[name] = Math.max(peak[name] as number, rssOf(pids[name] as number));
  };
  const sampler = setInterval(sample, 10);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${watched.gateway}/api/merchants/exports/orders.csv?from=${period.from}&to=${period.to}`, {
      headers: { authorization: `Bearer ${token}`, 'x-service-mode': 'test' },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      // Native search: a byte-by-byte loop in JS cost the bench seconds per 100,000 rows.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
  } finally {
    clearInterval(sampler);
    clearInterval(live);
  }
  const ms = performance.now() - started;
  sample();
  await Promise.all(readings);
  const growth = Object.fromEntries(names.map((name) => [name, (peak[name] as number) - (before[name] as number)]));
  const liveGrowth = Object.fromEntries(
    Object.keys(liveBefore).map((name) => [name, (livePeak[name] as number) - (liveBefore[name] as number)]),
  );
  // Peak live heap during the export ÷ live heap just before it, both read in this export: 1.0 is constant.
  const liveRatio = Object.fromEntries(
    Object.keys(liveBefore).map((name) => [name, (livePeak[name] as number) / (liveBefore[name] as number)]),
  );
  return { rows: lines - 1, bytes, ms, before, peak, growth, liveSamples: readings.length, liveGrowth, liveRatio };
}
