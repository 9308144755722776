/**
 * Figure 8: authorisation against the engine's floor. `POST
 * /api/checkout-splits/pay/:token/authorise` (pm_card_visa, emulator latency 0) on open splits, 20
 * in flight, divided by the rate of a bare update on an open bare workflow (bench/bare/workflow.ts)
 * on the same Temporal server at the same concurrency, measured before and after ours (the mean).
 * Each split is authorised by its first participant only, so no capture runs during the phase: what
 * is measured is the authorisation path (gateway, checkout, the processor call, the workflow update
 * and its projection write).
 */
import { authoriseShare, createSplitReadyMerchant, postSplit, uniqueEmail } from '@groupsplit/testing';
import { startBareEngine } from './lib/bare-engine';
import { againstFloor, fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { findInfraProcesses, infraDelta, postgresOwnDelta, readInfraCpu, readPostgresOwnCpu } from './lib/infra-cpu';
import { envInt, mapConcurrent } from './lib/load';
import { probeDelta } from './lib/process-stack';
import { profileWindow } from './lib/profile-window';
import { Recorder } from './lib/stats';

const SPLITS = envInt('BENCH_AUTHORISE_SPLITS', 200);
const CONCURRENCY = envInt('BENCH_AUTHORISE_CONCURRENCY', 20);
const WARMUP = 20;
const TARGET_SHARE = 0.5;
const TARGET_P99_MS = 300;

type SplitCreated = { id: string; participants: { payToken: string }[] };

runBench(
  'authorise',
  async (stack, result) => {
    result.params = { splits: SPLITS, concurrency: CONCURRENCY, participants: 2, emulatorLatencyMs: 0 };
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const tokens = await mapConcurrent(Array.from({ length: SPLITS + WARMUP }), 8, async (_, i) => {
      const res = await postSplit(stack, shop.owner.token, {
        merchantId: shop.merchant.id,
        orderReference: `BENCH-AUTHORISE-${i}`,
        participants: [
          { email: uniqueEmail('bench'), amountMinor: 1000 },
          { email: uniqueEmail('bench'), amountMinor: 1000 },
        ],
      });
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
      return (res.body as SplitCreated).participants[0]!.payToken;
    });
    const authorise = (token: string) => authoriseShare(stack, token);
    await mapConcurrent(tokens.slice(0, WARMUP), CONCURRENCY, authorise);

    const bare = await startBareEngine();
    const bareRound = async () => {
      const opened = await bare.open(SPLITS, 8);
      const completed = await bare.complete(opened.ids, CONCURRENCY);
      return completed.recorder.summary(`bare update on an open workflow, ${CONCURRENCY} in flight`, completed.wallMs);
    };
    await bareRound(); // warm-up
    const bareBefore = await bareRound();

    const recorder = new Recorder();
    const infra = await findInfraProcesses(stack.db);
    const probeBefore = await stack.probe();
    const infraBefore = readInfraCpu(infra);
    const postgresBefore = await readPostgresOwnCpu(stack.db);
    const profiled = profileWindow('authorise');
    const started = performance.now();
    await mapConcurrent(tokens.slice(WARMUP), CONCURRENCY, (token) =>
      recorder.time(
        () => authorise(token),
        (res) => res.status === 200,
      ),
    );
    const metric = recorder.summary(
      `POST /api/checkout-splits/pay/:token/authorise, ${CONCURRENCY} in flight`,
      performance.now() - started,
    );
    profiled.end();
    // Where an authorisation's CPU goes: every process over the measured phase, per authorisation.
    const cost = probeDelta(probeBefore, await stack.probe());
    const infraCost = infraDelta(infraBefore, readInfraCpu(infra));
    const postgresOwn = postgresOwnDelta(postgresBefore, await readPostgresOwnCpu(stack.db));
    const per = (ms: number | null) => fixed((ms ?? Number.NaN) / Math.max(1, metric.count), 1);
    result.notes.push(
      'per authorisation, CPU ms: ' +
        Object.entries(cost)
          .map(([name, c]) => `${name} ${per(c.cpuMs)} (${per(c.statements)} SQL)`)
          .join(', ') +
        `, temporal ${per(infraCost.temporal ?? null)}, postgres ${per(postgresOwn)} (this database)`,
    );
    const bareAfter = await bareRound();
    await bare.stop();

    result.metrics.push(metric, bareBefore, bareAfter);
    result.notes.push(...recorder.errorExamples.map((e) => `error: ${e}`));
    const bareRate = ((bareBefore.opsPerSec ?? 0) + (bareAfter.opsPerSec ?? 0)) / 2;
    result.figures.push({
      id: 8,
      title: `authorisation ÷ bare update on an open workflow, ${CONCURRENCY} in flight`,
      ...againstFloor(metric, bareRate, { share: TARGET_SHARE, p99Ms: TARGET_P99_MS }),
      detail:
        `${metric.count} splits' first participants after ${WARMUP} warm-up, emulator latency 0; bare before/after ` +
        `${fixed(bareBefore.opsPerSec, 1)}/s p99 ${bareBefore.p99} ms / ${fixed(bareAfter.opsPerSec, 1)}/s p99 ${bareAfter.p99} ms`,
    });
  },
  // Its own bound (BENCH_AUTHORISE_TIMEOUT_MS, 5 minutes): on the cluster at load 25+ the 200 authorisations
  // took longer than that.
  { timeoutMs: Number(process.env.BENCH_AUTHORISE_TIMEOUT_MS ?? 5 * 60_000) },
);
