/**
 * Figure 5: open splits held by one worker. N splits of 2 participants are created through the
 * API and left pending, so each one's workflow waits on its expiry timer in the one worker process
 * (its own process, so its memory is its own). The hold is shortened so that the expiries come
 * within the bench: a pilot of a few splits measures the creation rate, then checkout is restarted
 * with HOLD_TTL_MS long enough for all N to be open at once before the first expires. Reported:
 * the worker's RSS once all N are open (and its peak), then how late each split became `canceled`
 * after its `authorization_expires_at`.
 */
import { createSplitReadyMerchant, postSplit, uniqueEmail } from '@groupsplit/testing';
import { fixed, percent } from './lib/figures';
import { runBenchOn } from './lib/harness';
import { describeExpiryDelays, expiryDelay } from './lib/history';
import { envInt, envPositive, mapConcurrent, pollUntil } from './lib/load';
import {
  idleCpu,
  janitorSweepCost,
  janitorSweepsDuring,
  readStorage,
  storagePerSplit,
  visibilityAgainstProjection,
  waitForNoJanitorSweep,
} from './lib/open-split-costs';
import { useFileBackedTemporal } from './lib/own-temporal';
import { type ProcessStack, startProcessStack } from './lib/process-stack';
import { profileWindow } from './lib/profile-window';
import { Recorder, summarise } from './lib/stats';
import { describeGrowth, describeSample, sampleWorkerMemory, type WorkerMemorySample } from './lib/worker-memory';

const SPLITS = envInt('BENCH_OPEN_SPLITS', 300);
const CONCURRENCY = envInt('BENCH_OPEN_SPLITS_CONCURRENCY', 8);
/**
 * Splits opened per second at most (0: as fast as they go). The expiries come at the rate the splits
 * were opened, as in production seven days on, so a run meant to measure expiry lateness opens them no
 * faster than the stack can expire them: an expiry costs more than a creation (bench/README.md).
 */
const RATE_PER_SECOND = envPositive('BENCH_OPEN_SPLITS_RATE', 0);
const PILOT = Math.min(20, SPLITS);
const TARGET_RSS_BYTES = 1024 ** 3;
/** The issue's figure is for this many splits; a smaller run reports its numbers but no PASS. */
const ISSUE_SCALE = 10_000;
const TARGET_LATENESS_MS = 60_000;
const MiB = 1024 ** 2;
/** The idle window: a minute holds one run of each 1-minute schedule (e-mail, webhook and session sweeps). */
const IDLE_WINDOW_MS = envInt('BENCH_OPEN_SPLITS_IDLE_MS', 60_000);
/** Figure 10: while the splits wait, worker + Temporal + Postgres use at most 5 % of one core in total. */
const TARGET_IDLE_CORE_SHARE = 0.05;
/**
 * Time kept in the hold for the janitor: waiting out a scheduled sweep before the idle window, then
 * one sweep measured on its own (bench/history/2026-11.md, "Figure 10 and the janitor"). Up to 1,000 splits a sweep.
 */
const JANITOR_ALLOWANCE_MS = envInt('BENCH_OPEN_SPLITS_JANITOR_MS', 2 * Math.min(SPLITS, 1000) * 150 + 10_000);
/** The schedule's interval (JANITOR_INTERVAL): a sweep's CPU, spread over it, is part of what idle splits cost. */
const JANITOR_INTERVAL_MS = 15 * 60_000;
/** How long the end's visibility reading waits for a late expiry wave to finish. */
const SETTLE_LIMIT_MS = envInt('BENCH_OPEN_SPLITS_SETTLE_MS', 20 * 60_000);

type Shop = Awaited<ReturnType<typeof createSplitReadyMerchant>>;

function createSplits(
  stack: ProcessStack,
  shop: Shop,
  count: number,
  label: string,
  { paced = false, onCreated = () => {} }: { paced?: boolean; onCreated?: (created: number) => void } = {},
) {
  const recorder = new Recorder();
  const ids: string[] = [];
  const startedAt = performance.now();
  const run = mapConcurrent(Array.from({ length: count }), CONCURRENCY, async (_, i) => {
    const due = paced ? startedAt + (i * 1000) / RATE_PER_SECOND : 0;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    const res = await recorder.time(
      () =>
        postSplit(stack, shop.owner.token, {
          merchantId: shop.merchant.id,
          orderReference: `BENCH-OPEN-${label}-${i}`,
          participants: [
            { email: uniqueEmail('bench'), amountMinor: 1000 },
            { email: uniqueEmail('bench'), amountMinor: 1000 },
          ],
        }),
      (r) => r.status === 201,
    );
    if (res?.status === 201) {
      ids.push(res.body.id as string);
      onCreated(ids.length);
    }
  });
  return run.then(() => ({ recorder, ids }));
}

/** Lateness quantiles of one slice of the splits, in expiry order (a backlog shows as later slices being later). */
function latenessBySlice(rows: { expires: number; lateMs: number }[], slices: number) {
  const sorted = [...rows].sort((a, b) => a.expires - b.expires);
  const size = Math.ceil(sorted.length / slices);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i += size) {
    const m = summarise(
      'slice',
      sorted.slice(i, i + size).map((r) => r.lateMs),
    );
    parts.push(`${fixed((m.p50 ?? 0) / 1000, 1)}/${fixed((m.max ?? 0) / 1000, 1)}`);
  }
  return parts.join(' · ');
}

/** The worker's resident and peak resident memory, from /proc. */
async function workerMemory(stack: ProcessStack) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${stack.pid('worker')}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** How many expiries' histories are read for each of the latest and the median. */
const DELAY_SAMPLE = 10;

/**
 * Where the time went for the latest expiries, against those around the median, read from their
 * histories: a timer the server fired late, workflow tasks that waited for the worker, or tasks
 * that ran long or timed out and were retried.
 */
async function whereLatenessWent(
  stack: ProcessStack,
  canceled: { id: string; authorization_expires_at: Date; updated_at: Date }[],
): Promise<string> {
  const byLateness = [...canceled].sort(
    (a, b) =>
      a.updated_at.getTime() -
      a.authorization_expires_at.getTime() -
      (b.updated_at.getTime() - b.authorization_expires_at.getTime()),
  );
  const middle = Math.max(0, Math.floor(byLateness.length / 2) - DELAY_SAMPLE / 2);
  const read = (rows: typeof canceled) =>
    Promise.all(
      rows.map((r) => expiryDelay(stack.temporal.client, `split:${r.id}`, r.authorization_expires_at.getTime())),
    );
  const latest = await read(byLateness.slice(-DELAY_SAMPLE));
  const median = await read(byLateness.slice(middle, middle + DELAY_SAMPLE));
  return (
    `where expiry lateness went, from histories: the ${latest.length} latest: ${describeExpiryDelays(latest)}; ` +
    `${median.length} around the median: ${describeExpiryDelays(median)}`
  );
}

/** The stack on a file-backed Temporal of its own, so an open split's bytes on disk can be read. */
async function startOnFileBackedTemporal() {
  const temporal = await useFileBackedTemporal();
  // One merchant holds every split: its janitor reads are not held to one account's pace (5/s) here.
  const stack = await startProcessStack({ JANITOR_READS_PER_SECOND_PER_ACCOUNT: '1000' });
  return { ...stack, stop: () => stack.stop().finally(temporal.stop) };
}

runBenchOn(
  'open-splits',
  startOnFileBackedTemporal,
  async (stack, result) => {
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });

    // Pilot, with the default hold: how fast can splits be opened here, now?
    const pilotStarted = performance.now();
    const pilot = await createSplits(stack, shop, PILOT, 'pilot');
    const ratePerMs = pilot.ids.length / (performance.now() - pilotStarted);
    await mapConcurrent(pilot.ids, CONCURRENCY, (id) =>
      stack.api.post(`/api/checkout-splits/${id}/cancel`, {}, { token: shop.owner.token }),
    );

    const openingRatePerMs = RATE_PER_SECOND > 0 ? Math.min(ratePerMs, RATE_PER_SECOND / 1000) : ratePerMs;
    const holdMs = envInt(
      'BENCH_OPEN_SPLITS_HOLD_MS',
      Math.ceil((SPLITS / openingRatePerMs) * 1.2 + 25_000 + IDLE_WINDOW_MS + JANITOR_ALLOWANCE_MS),
    );
    await stack.restart('checkout', { HOLD_TTL_MS: String(holdMs) });
    result.params = {
      splits: SPLITS,
      concurrency: CONCURRENCY,
      participants: 2,
      holdMs,
      ratePerSecond: RATE_PER_SECOND,
    };

    const memoryBefore = await workerMemory(stack);
    const storageBefore = await readStorage(stack);
    // The worker's memory at every tenth of the splits opened: linear growth or a plateau.
    const samples: WorkerMemorySample[] = [await sampleWorkerMemory(stack, 0)];
    const sampling: Promise<void>[] = [];
    const step = Math.max(1, Math.floor(SPLITS / 10));
    const started = performance.now();
    const created = await createSplits(stack, shop, SPLITS, 'held', {
      paced: RATE_PER_SECOND > 0,
      onCreated: (n) => {
        if (n % step === 0 && n < SPLITS) {
          sampling.push(
            sampleWorkerMemory(stack, n).then((sample) => {
              samples.push(sample);
              // Printed as it comes, so a run stopped by its time limit still leaves its curve.
              console.log(`[open-splits] worker memory at ${describeSample(sample)}`);
            }),
          );
        }
      },
    });
    const openedMs = performance.now() - started;
    await Promise.all(sampling);
    const open = await stack.db
      .selectFrom('splits')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('authorization_expires_at').as('first')])
      .where('id', 'in', created.ids.length ? created.ids : ['00000000-0000-0000-0000-000000000000'])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const memoryOpen = await workerMemory(stack);
    const sampleOpen = await sampleWorkerMemory(stack, created.ids.length);
    samples.push(sampleOpen);
    samples.sort((a, b) => a.open - b.open);
    const storage = storagePerSplit(storageBefore, await readStorage(stack), created.ids.length);
    const visibleOpen = await visibilityAgainstProjection(stack, shop.merchant.id);
    // Idle: a moment for the last invitations and projection writes, then a window with nothing asked,
    // between two of the janitor's scheduled sweeps.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sweepsRunningAtStart = await waitForNoJanitorSweep(stack);
    const idleProfiled = profileWindow('idle');
    const idleFrom = Date.now();
    const idle = await idleCpu(stack, IDLE_WINDOW_MS);
    const sweepsInWindow = await janitorSweepsDuring(stack, idleFrom, Date.now());
    idleProfiled.end();
    const idleTotalMs = (idle.worker ?? Number.NaN) + (idle.temporal ?? Number.NaN) + (idle.postgres ?? Number.NaN);
    const steadyShare = idleTotalMs / idle.elapsedMs;
    // The janitor's sweep, measured on its own and spread over its interval, is the rest of the idle cost.
    const sweep = await janitorSweepCost(stack, shop.merchant.id);
    const sweepCpuMs = (sweep.worker ?? Number.NaN) + (sweep.temporal ?? Number.NaN) + sweep.postgres;
    const janitorShare = sweepCpuMs / JANITOR_INTERVAL_MS;
    const idleShare = steadyShare + janitorShare;
    const perExamined = (ms: number | null) => fixed((ms ?? Number.NaN) / Math.max(1, sweep.result.examined), 1);
    const cachedDelta = (sampleOpen.cached ?? Number.NaN) - (samples[0]!.cached ?? Number.NaN);
    const perCachedMiB = (sampleOpen.rss - samples[0]!.rss) / cachedDelta / MiB;
    const half = samples.find((s) => s.open >= created.ids.length / 2) ?? samples[0]!;
    const allOpenAtOnce = Number(open.n) === SPLITS;
    result.metrics.push(created.recorder.summary(`create split (${CONCURRENCY} in flight)`, openedMs));
    result.notes.push(
      `pilot: ${PILOT} splits at ${fixed(ratePerMs * 1000, 1)}/s; hold shortened to ${fixed(holdMs / 1000, 0)} s`,
      `${created.ids.length} of ${SPLITS} created in ${fixed(openedMs / 1000, 1)} s; ${open.n} pending at once ` +
        `(first expiry ${open.first ? new Date(open.first).toISOString() : '-'})`,
      `worker RSS ${fixed(memoryBefore.rss / MiB, 0)} MiB before, ${fixed(memoryOpen.rss / MiB, 0)} MiB with them open`,
      ...created.recorder.errorExamples.map((e) => `error: ${e}`),
      ...samples.map((sample) => `worker memory at ${describeSample(sample)}`),
      `worker growth ${describeGrowth(samples[0]!, sampleOpen)}`,
      `worker growth, second half ${describeGrowth(half, sampleOpen)}`,
    );
    result.params.maxCachedWorkflows = process.env.WORKER_MAX_CACHED_WORKFLOWS ?? 'default';

    // Expiry: wait until every split is canceled, or 60 s (and a margin) past the last expiry.
    const last = await stack.db
      .selectFrom('splits')
      .select((eb) => eb.fn.max('authorization_expires_at').as('last'))
      .where('id', 'in', created.ids)
      .executeTakeFirstOrThrow();
    const giveUpAt = new Date(last.last!).getTime() + TARGET_LATENESS_MS + 30_000;
    const profiled = profileWindow('expiry');
    let peakRss = memoryOpen.rss;
    for (;;) {
      const memory = await workerMemory(stack);
      peakRss = Math.max(peakRss, memory.rss);
      const waiting = await stack.db
        .selectFrom('splits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('id', 'in', created.ids)
        .where('status', '!=', 'canceled')
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) === 0 || Date.now() > giveUpAt) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    profiled.end();
    const cpuAtOpen = sampleOpen.cpuMs;
    const rows = await stack.db
      .selectFrom('splits')
      .select(['id', 'status', 'authorization_expires_at', 'updated_at'])
      .where('id', 'in', created.ids)
      .execute();
    const canceled = rows.filter((r) => r.status === 'canceled');
    const lateness = canceled.map((r) => r.updated_at.getTime() - r.authorization_expires_at.getTime());
    const notCanceled = rows.length - canceled.length;
    const lateMetric = summarise('canceled after authorization_expires_at', lateness, { errors: notCanceled });
    result.metrics.push(lateMetric);
    const tooLate = lateness.filter((ms) => ms > TARGET_LATENESS_MS).length;
    const memoryEnd = await workerMemory(stack);
    const sampleEnd = await sampleWorkerMemory(stack, 0);
    const firstExpiry = Math.min(...rows.map((r) => r.authorization_expires_at.getTime()));
    const lastCanceled = Math.max(...canceled.map((r) => r.updated_at.getTime()));
    result.notes.push(
      `expiry wave: ${canceled.length} canceled over ${fixed((lastCanceled - firstExpiry) / 1000, 0)} s; worker CPU ` +
        `${fixed((sampleEnd.cpuMs - cpuAtOpen) / Math.max(1, canceled.length), 1)} ms per expiry; lateness p50/max (s) ` +
        `by expiry order, in fifths: ${latenessBySlice(
          canceled.map((r) => ({
            expires: r.authorization_expires_at.getTime(),
            lateMs: r.updated_at.getTime() - r.authorization_expires_at.getTime(),
          })),
          5,
        )}`,
      `worker memory after every expiry: ${describeSample(sampleEnd).replace(/^0 open: /, '')}`,
    );
    result.notes.push(await whereLatenessWent(stack, canceled));
    result.notes.push(
      `expiry: ${canceled.length} canceled, ${notCanceled} not canceled by ${new Date(giveUpAt).toISOString()}, ` +
        `${tooLate} more than ${TARGET_LATENESS_MS / 1000} s late; worker RSS peak ${fixed(Math.max(peakRss, memoryEnd.peak) / MiB, 0)} MiB`,
    );
    const withinTargets =
      allOpenAtOnce &&
      created.recorder.errors === 0 &&
      memoryOpen.rss < TARGET_RSS_BYTES &&
      notCanceled === 0 &&
      tooLate === 0;
    // Visibility is compared with the projection once nothing is changing: counted while expiries still
    // run (a late wave), the two differ by whatever is in flight between them. The lateness above is
    // already measured; this only waits, up to the settling limit, for the wave to end.
    await pollUntil(
      () =>
        stack.db
          .selectFrom('splits')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('id', 'in', created.ids)
          .where('status', '!=', 'canceled')
          .executeTakeFirstOrThrow(),
      (row) => Number(row.n) === 0,
      { intervalMs: 2_000, timeoutMs: SETTLE_LIMIT_MS, what: 'every split canceled' },
    ).catch(() => undefined);
    const visibleEnd = await visibilityAgainstProjection(stack, shop.merchant.id);
    const share = (ms: number | null) => percent((ms ?? Number.NaN) / idle.elapsedMs);
    const kib = (bytes: number | null) =>
      bytes === null ? 'not measured (Temporal in memory)' : `${fixed(bytes / 1024, 1)} KiB`;
    result.notes.push(
      `capacity inputs, per open split (2 participants): Temporal SQLite ${kib(storage.temporal)}, our split tables ` +
        `${kib(storage.splitTables)} (whole database ${kib(storage.database)}); worker ${fixed(perCachedMiB, 3)} MiB ` +
        `of RSS per cached workflow (${fixed(cachedDelta, 0)} cached)`,
      `idle with ${open.n} open, over ${fixed(idle.elapsedMs / 1000, 1)} s: worker ${share(idle.worker)}, temporal ` +
        `${share(idle.temporal)}, postgres ${share(idle.postgres)} of one core (the whole Postgres server, other ` +
        `databases' work included: ${share(idle.postgresServer)}); the worker by thread: ` +
        `${idle.workerThreads.map(([name, ms]) => `${name} ${share(ms)}`).join(', ') || 'none busy'}`,
      `janitor: one sweep examined ${sweep.result.examined} splits in ${fixed(sweep.elapsedMs / 1000, 1)} s ` +
        `(${perExamined(sweep.elapsedMs)} ms each; ${sweep.result.findings} findings, ${sweep.result.errors} errors); CPU ` +
        `per split examined: worker ${perExamined(sweep.worker)} ms, temporal ${perExamined(sweep.temporal)} ms, ` +
        `postgres ${perExamined(sweep.postgres)} ms, emulator (standing in for Stripe) ${perExamined(sweep.emulator)} ms; ` +
        `spread over its ${JANITOR_INTERVAL_MS / 60_000} minutes: ${percent(janitorShare)} of one core. Scheduled sweeps ` +
        `running when the idle window was due: ${sweepsRunningAtStart} after waiting; overlapping it: ${sweepsInWindow}`,
      `visibility ${visibleOpen.visible} running pending splitWorkflow vs projection ${visibleOpen.projected} pending once open; ` +
        `${visibleEnd.visible} vs ${visibleEnd.projected} at the end`,
    );
    result.figures.push({
      id: 10,
      title: `idle CPU of worker + Temporal + Postgres while ${open.n} splits wait`,
      value:
        `${percent(idleShare)} of one core: between janitor sweeps ${percent(steadyShare)} (worker ${share(idle.worker)}, ` +
        `temporal ${share(idle.temporal)}, postgres ${share(idle.postgres)}) + the janitor's sweep spread over its interval ${percent(janitorShare)}`,
      target: `≤ ${percent(TARGET_IDLE_CORE_SHARE)} of one core at ${ISSUE_SCALE} open`,
      pass: SPLITS >= ISSUE_SCALE && Number.isFinite(idleShare) ? idleShare <= TARGET_IDLE_CORE_SHARE : null,
      detail:
        `${SPLITS < ISSUE_SCALE ? `scaled-down run (${idleShare <= TARGET_IDLE_CORE_SHARE ? 'within' : 'outside'} the target at this size); ` : ''}` +
        `/proc/<pid>/stat over ${fixed(idle.elapsedMs / 1000, 1)} s, 2 s after the last creation and no scheduled ` +
        `janitor sweep running; then one sweep (${sweep.result.examined} splits) measured apart`,
    });
    result.figures.push({
      id: 11,
      title: 'Temporal visibility agrees with the projection on pending splits',
      value:
        `open: ${visibleOpen.visible} running vs ${visibleOpen.projected} pending; ` +
        `end: ${visibleEnd.visible} vs ${visibleEnd.projected}`,
      target: 'equal at both readings',
      pass: visibleOpen.visible === visibleOpen.projected && visibleEnd.visible === visibleEnd.projected,
      detail: `count(${visibleOpen.query.replace(/'[0-9a-f-]{36}'/g, "'…'")}) against splits.status = 'pending'`,
    });
    result.figures.push({
      id: 5,
      title: 'open splits held by one worker',
      value:
        `${open.n} pending (2 participants), worker RSS ${fixed(memoryOpen.rss / MiB, 0)} MiB; ` +
        `canceled max ${fixed((lateMetric.max ?? Number.NaN) / 1000, 1)} s after expiry, ${notCanceled + tooLate} late or missing`,
      target: `${ISSUE_SCALE} pending, RSS < 1024 MiB; each canceled within ${TARGET_LATENESS_MS / 1000} s of its expiry`,
      // Below the issue's scale the numbers are reported, but they cannot pass its figure.
      pass: SPLITS >= ISSUE_SCALE ? withinTargets : null,
      detail:
        `${SPLITS < ISSUE_SCALE ? `scaled-down run (${withinTargets ? 'within' : 'outside'} the targets at this size); ` : ''}worker in its own process; hold ${fixed(holdMs / 1000, 0)} s; ${SPLITS} created in ${fixed(openedMs / 1000, 0)} s ` +
        `at ${CONCURRENCY} in flight${RATE_PER_SECOND > 0 ? `, paced at ${RATE_PER_SECOND}/s` : ''}; lateness p50 ${lateMetric.p50} ms, p99 ${lateMetric.p99} ms`,
    });
  },
  { timeoutMs: envInt('BENCH_OPEN_SPLITS_TIMEOUT_MS', 5 * 60_000 + SPLITS * 600) },
);
