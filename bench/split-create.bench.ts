/**
 * Figure 2: dashboard split creation. `POST /api/checkout-splits` through the gateway with a
 * dashboard session, 2 participants of £10, 8 requests in flight, emulator latency 0. Each
 * answer waits for both holds (the spec's create rule), so this is the whole creation path:
 * gateway, checkout, the split workflow's start, its projection writes and both holds, and the
 * invitation e-mails being queued.
 */
import { createSplitReadyMerchant, postSplit, uniqueEmail } from '@groupsplit/testing';
import { sql } from 'kysely';
import { startBareEngine } from './lib/bare-engine';
import { againstFloor, fixed } from './lib/figures';
import { runBench } from './lib/harness';
import { describeProfile, meanProfile, profileHistory } from './lib/history';
import { findInfraProcesses, infraDelta, postgresOwnDelta, readInfraCpu, readPostgresOwnCpu } from './lib/infra-cpu';
import { envInt, mapConcurrent } from './lib/load';
import { type ProcessStack, probeDelta } from './lib/process-stack';
import { profileWindow } from './lib/profile-window';
import { Recorder } from './lib/stats';

const SPLITS = envInt('BENCH_CREATE_SPLITS', 80);
const CONCURRENCY = envInt('BENCH_CREATE_CONCURRENCY', 8);
/** Figure 2: our creation rate ÷ the bare update-with-start rate, both at 8 in flight. */
const TARGET_SHARE = 0.6;
const TARGET_P99_MS = 500;
/** Figure 9: our processes' CPU per split ÷ the infrastructure's (Temporal + Postgres). */
const TARGET_CPU_RATIO = 1;
/** Our processes in the CPU ratio: the emulator stands in for the processor, merchants is not on the path. */
const OURS = ['gateway', 'checkout', 'worker'] as const;

/**
 * Invitations of this merchant's splits whose sending has ended, on either path: checkout's first
 * attempt (sent or suppressed) or the e-mail workflow's log. Read from the database because the mail
 * server keeps only its newest 500 messages.
 */
async function invitationsDone(stack: ProcessStack, merchantId: string) {
  const { rows } = await sql<{ done: number }>`
    SELECT count(*)::int AS done FROM split_participants p JOIN splits s ON s.id = p.split_id
     WHERE s.merchant_id = ${merchantId}
       AND (EXISTS (SELECT 1 FROM email_first_attempts f WHERE f.id = p.id AND f.status IN ('sent', 'suppressed'))
            OR EXISTS (SELECT 1 FROM emails e WHERE e.id = p.id AND e.status <> 'sending'))
  `.execute(stack.db);
  return rows[0]!.done;
}

/** Waits until `count` of the merchant's invitations have been sent. */
async function waitForInvitations(stack: ProcessStack, merchantId: string, count: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await invitationsDone(stack, merchantId);
    if (done >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${done} of ${count} invitations were sent`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

runBench('split-create', async (stack, result) => {
  result.params = { splits: SPLITS, concurrency: CONCURRENCY, participants: 2 };
  const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  const create = (index: number) =>
    postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `BENCH-CREATE-${index}`,
      participants: [
        { email: uniqueEmail('bench'), amountMinor: 1000 },
        { email: uniqueEmail('bench'), amountMinor: 1000 },
      ],
    });
  // Warm-up: connections, code paths and the first workflow tasks, and its invitations sent.
  await mapConcurrent(Array.from({ length: CONCURRENCY }), CONCURRENCY, (_, i) => create(-1 - i));
  await waitForInvitations(stack, shop.merchant.id, 2 * CONCURRENCY);

  // The engine's floor, measured before and after ours (the reference is the mean): update-with-start
  // of a bare workflow that runs one local activity, at the same concurrency, after the same warm-up.
  const bare = await startBareEngine();
  await bare.open(CONCURRENCY, CONCURRENCY);
  const bareBefore = await bare.open(SPLITS, CONCURRENCY);

  const recorder = new Recorder();
  const infra = await findInfraProcesses(stack.db);
  const before = await stack.probe();
  const infraBefore = readInfraCpu(infra);
  const postgresBefore = await readPostgresOwnCpu(stack.db);
  const loadGeneratorBefore = process.cpuUsage();
  const profiled = profileWindow('split-create');
  const started = performance.now();
  await mapConcurrent(Array.from({ length: SPLITS }), CONCURRENCY, (_, i) =>
    recorder.time(
      () => create(i),
      (res) => res.status === 201,
    ),
  );
  const wallMs = performance.now() - started;
  // The invitations go out after the answers; a split's cost includes them, so wait for the last
  // one to reach the mail server, then read every process before the reads below add their own.
  await waitForInvitations(stack, shop.merchant.id, 2 * (CONCURRENCY + SPLITS));
  profiled.end();
  const cost = probeDelta(before, await stack.probe());
  const infraCost = infraDelta(infraBefore, readInfraCpu(infra));
  // This database's backends only: the server is shared with other runs on this machine.
  const postgresOwn = postgresOwnDelta(postgresBefore, await readPostgresOwnCpu(stack.db));
  const loadGenerator = process.cpuUsage(loadGeneratorBefore);
  const bareAfter = await bare.open(SPLITS, CONCURRENCY);
  await bare.stop();
  const sample = await stack.db
    .selectFrom('splits')
    .select('id')
    .where('merchant_id', '=', shop.merchant.id)
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
  const profile = meanProfile(
    await Promise.all(
      sample.map((s) => profileHistory(stack.temporal.client, `split:${s.id}`, { fromMs: 0, toMs: Date.now() })),
    ),
  );
  const metric = recorder.summary(`POST /api/checkout-splits, 2 participants, ${CONCURRENCY} in flight`, wallMs);
  result.metrics.push(metric);
  result.notes.push(...recorder.errorExamples.map((e) => `error: ${e}`));
  const perSplit = (n: number) => fixed(n / Math.max(1, metric.count), 1);
  result.notes.push(
    'per split: ' +
      Object.entries(cost)
        .map(([name, c]) => `${name} ${perSplit(c.statements)} SQL statements, ${perSplit(c.cpuMs)} ms CPU`)
        .join('; '),
  );
  const serviceCpuMs = Object.values(cost).reduce((sum, c) => sum + c.cpuMs, 0);
  const infraCpuMs = Object.values(infraCost).reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
  const loadGeneratorMs = (loadGenerator.user + loadGenerator.system) / 1000;
  result.notes.push(
    'per split, infrastructure CPU: ' +
      Object.entries(infraCost)
        .map(([name, ms]) => `${name} ${ms === null ? 'not readable' : `${perSplit(ms)} ms`}`)
        .join('; ') +
      ` (not found: ${['temporal', 'postgres', 'mail'].filter((n) => !(n in infraCost)).join(', ') || 'none'})`,
  );
  result.notes.push(
    `per split, CPU of the whole system: services ${perSplit(serviceCpuMs)} ms + infrastructure ${perSplit(infraCpuMs)} ms = ${perSplit(serviceCpuMs + infraCpuMs)} ms` +
      ` (the bench's own load generator: ${perSplit(loadGeneratorMs)} ms)`,
  );
  if (profile) result.notes.push(`per split, workflow history to pending: ${describeProfile(profile)}`);
  const bareRuns = [bareBefore, bareAfter].map((run) =>
    run.recorder.summary(`bare update-with-start + 1 local activity, ${CONCURRENCY} in flight`, run.wallMs),
  );
  result.metrics.push(...bareRuns);
  const bareRate = bareRuns.reduce((sum, m) => sum + (m.opsPerSec ?? 0), 0) / bareRuns.length;
  const floor = againstFloor(metric, bareRate, { share: TARGET_SHARE, p99Ms: TARGET_P99_MS }, ' splits/s');
  result.figures.push({
    id: 2,
    title: `dashboard split creation ÷ bare update-with-start, ${CONCURRENCY} in flight`,
    ...floor,
    pass: floor.pass === true && bareRuns.every((m) => m.errors === 0),
    detail:
      `${metric.count} splits after ${CONCURRENCY} warm-up, emulator latency 0; bare workflow before/after ` +
      `${bareRuns.map((m) => `${fixed(m.opsPerSec, 1)}/s p99 ${m.p99} ms`).join(' / ')} (bench/bare/workflow.ts)`,
  });

  // Figure 9: our processes' CPU per split ÷ the infrastructure's, per process.
  const infraOfEngine = (infraCost.temporal ?? Number.NaN) + postgresOwn;
  const ratios = OURS.map((name) => [name, cost[name].cpuMs / infraOfEngine] as const);
  const oursTotal = OURS.reduce((sum, name) => sum + cost[name].cpuMs, 0);
  const totalRatio = oursTotal / infraOfEngine;
  result.notes.push(
    `capacity inputs, CPU ms per split: ${OURS.map((name) => `${name} ${perSplit(cost[name].cpuMs)}`).join(', ')}, ` +
      `temporal ${perSplit(infraCost.temporal ?? Number.NaN)}, postgres ${perSplit(postgresOwn)} (this database's ` +
      `backends; the whole server ${perSplit(infraCost.postgres ?? Number.NaN)})`,
  );
  result.figures.push({
    id: 9,
    title: 'our CPU per split ÷ the infrastructure’s (Temporal + Postgres)',
    value: `${ratios.map(([name, ratio]) => `${name} ${fixed(ratio)}`).join(' · ')} · total ${fixed(totalRatio)}`,
    target: `total ≤ ${fixed(TARGET_CPU_RATIO, 1)}`,
    pass: Number.isFinite(totalRatio) ? totalRatio <= TARGET_CPU_RATIO : null,
    detail:
      `per split: ${OURS.map((name) => `${name} ${perSplit(cost[name].cpuMs)} ms`).join(', ')} ÷ temporal ` +
      `${perSplit(infraCost.temporal ?? Number.NaN)} ms + postgres ${perSplit(postgresOwn)} ms (this database's backends) ` +
      '(/proc/<pid>/stat utime+stime over the creation phase, invitations included; emulator and merchants left out)',
  });
});
