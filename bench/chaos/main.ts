/**
 * The chaos run (bench/chaos/README.md; started by `npm run chaos`, which prepares Postgres,
 * Temporal and mail): the services as separate processes, 500 splits through both paths under
 * every fault at once, then the invariants once the system is quiet. Prints one line of figures
 * and exits non-zero when any invariant breaks.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FALLBACK_LOGS } from '@groupsplit/checkout';
import { SplitHistoryRepository, SplitOperationsRepository, SplitsRepository } from '@groupsplit/shared';
import { emulatorControl, refuseCaptureWrites } from '@groupsplit/testing';
import { SUPPORT_REFUSED, splitWorkflowId, supportCompensateUpdate } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/client';
import { envInt, mapConcurrent } from '../lib/load';
import { SERVICE_NAMES, startProcessStack } from '../lib/process-stack';
import { summarise } from '../lib/stats';
import { engineFaultCount, startEngineFaults } from './engine-faults';
import { noFaults, serviceApplicationName, startFaults } from './faults';
import { ChaosHttp } from './http';
import { checkInvariants } from './invariants';
import { waitUntilQuiet } from './quiet';
import { startChaosReceiver } from './receiver';
import { createShops } from './setup';
import { describeTimelines, timelinesOf } from './task-timeline';
import { emptyRecord, planSplits, runSplit, type SplitRecord } from './workload';

const SPLITS = envInt('CHAOS_SPLITS', 500);
const CONCURRENCY = envInt('CHAOS_CONCURRENCY', 100);
const SHOPS = envInt('CHAOS_SHOPS', 4);
/**
 * Workers polling the task queue: two, the fewest production runs (deploy/kubernetes/worker: at least two
 * replicas, at most one unavailable at a time). CHAOS_WORKERS=1 leaves the queue with no worker while the one
 * killed starts again, which no single failure does in production.
 */
const WORKERS = envInt('CHAOS_WORKERS', 2);
/** The processor client's limit in this run; injected timeouts wait a second past it. */
const PROCESSOR_TIMEOUT_MS = envInt('CHAOS_PROCESSOR_TIMEOUT_MS', 3_000);
const DEADLINE = Number(process.env.CHAOS_DEADLINE ?? Date.now() + 19 * 60_000);
/** Kept for the quiet phase and the checks: new splits stop starting when less than this is left. */
const RESERVE_MS = 5 * 60_000;
/** Every script's waits end here, leaving half the reserve for the quiet phase and the checks. */
const SCRIPTS_DEADLINE = DEADLINE - RESERVE_MS / 2;
/** A refund child, or a split workflow, slower than this has its time summed apart in the report (task-timeline.ts). */
const SLOW_REFUND_MS = 60_000;
const SLOW_SPLIT_MS = 10 * 60_000;

/** `npm run chaos -- --hog`: one core taken by a busy loop for the whole run (README, "A CPU hog"). */
const HOG = process.argv.includes('--hog') || process.env.CHAOS_HOG === '1';

const started = Date.now();
const log = (line: string) => console.log(`[chaos +${Math.round((Date.now() - started) / 1000)}s] ${line}`);

/** How often checkout answered through each of its degraded paths, from its logs (every life of it). */
function countFallbacks(logDir: string | undefined) {
  const counts = Object.fromEntries(Object.keys(FALLBACK_LOGS).map((name) => [name, 0])) as Record<
    keyof typeof FALLBACK_LOGS,
    number
  >;
  if (!logDir) return counts;
  for (const file of readdirSync(logDir).filter((name) => name.startsWith('checkout-'))) {
    const text = readFileSync(path.join(logDir, file), 'utf8');
    for (const [name, message] of Object.entries(FALLBACK_LOGS))
      counts[name as keyof typeof FALLBACK_LOGS] += text.split(message).length - 1;
  }
  return counts;
}

/**
 * Support compensates a split waiting for support, through the Update the Temporal UI and the CLI
 * send. Asked again (same update id, so one action) while the worker is being killed or the workflow
 * is still retrying by itself; a refusal other than "not waiting yet" is final. The split shows as
 * stuck from the first refused write, and the workflow waits for support only once that write's own
 * retries are spent: under the hog that took past the 5 minutes this once allowed (a run on
 * 7 December 2026 gave up 20 s before the split was ready), so support keeps asking until the
 * scripts' deadline.
 */
async function compensateBySupport(
  stack: Awaited<ReturnType<typeof startProcessStack>>,
  splitId: string,
  deadline: number,
) {
  const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
  for (;;) {
    try {
      await handle.executeUpdate(supportCompensateUpdate, {
        updateId: `chaos-compensate-${splitId}`,
        args: [{ actor: 'support:chaos', reason: 'chaos: the projection refuses the capture' }],
      });
      return;
    } catch (error) {
      // An earlier try was taken and the split has moved on (its answer was lost to a worker kill).
      const row = await new SplitOperationsRepository(stack.db).find(splitId);
      if (row && row.status !== 'capturing') return;
      const cause = error instanceof Error ? error.cause : null;
      const refused = cause instanceof ApplicationFailure && cause.type === SUPPORT_REFUSED ? cause.message : null;
      if (refused && !refused.includes('not waiting for support')) throw new Error(`compensate refused: ${refused}`);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/**
 * A process that spins on one core until the run's deadline (or until it is killed with the run's
 * process group): the services, Temporal and Postgres share what is left.
 */
function startCpuHog() {
  const hog = spawn(process.execPath, ['-e', `const end = ${DEADLINE}; while (Date.now() < end) {}`], {
    stdio: 'ignore',
  });
  const from = Date.now();
  log(`CPU hog on one core (pid ${hog.pid}) until the run's deadline`);
  let stopped = false;
  return () => {
    if (stopped || hog.exitCode !== null || hog.signalCode !== null) return;
    stopped = true;
    // What it got: on a machine other work also loads, a busy loop gets its share of the cores, not a whole one.
    const cpuMs = hogCpuMs(hog.pid);
    if (cpuMs !== null)
      console.log(`  CPU hog: ${(cpuMs / 1000).toFixed(0)} s of CPU in ${((Date.now() - from) / 1000).toFixed(0)} s`);
    hog.kill('SIGKILL');
  };
}

/** utime + stime of a process (Linux), in ms; null where /proc cannot be read. */
function hogCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * The services as production runs them: compiled by `npm run build` into the run's folder and started with
 * plain `node` (docs/deploy.md, "The build"). From source, tsx's loader made every worker start about 2 s
 * longer under the hog, and the worker restarts every 10 s. CHAOS_FROM_SOURCE=1 keeps the sources.
 */
function buildServices(runDir: string): string | undefined {
  if (process.env.CHAOS_FROM_SOURCE === '1') return undefined;
  const out = path.join(runDir, 'dist');
  const build = spawnSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs'), '--out', out], {
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  return out;
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.WORKFLOW_BUNDLE_PATH) {
    console.error('Run the chaos run through `npm run chaos`, which prepares Postgres, Temporal and mail.');
    process.exit(2);
  }
  // Every service's whole output, kept with the run's folder when the run fails (run.mjs).
  if (process.env.CHAOS_RUN_DIR && !process.env.BENCH_SERVICE_LOG_DIR) {
    process.env.BENCH_SERVICE_LOG_DIR = path.join(process.env.CHAOS_RUN_DIR, 'logs');
    mkdirSync(process.env.BENCH_SERVICE_LOG_DIR, { recursive: true });
  }
  const built = buildServices(process.env.CHAOS_RUN_DIR ?? path.join(__dirname, '..', '..', '.data', 'chaos-build'));
  log(built ? `services built into ${built}` : 'services run from source (CHAOS_FROM_SOURCE=1)');
  const stopHog = HOG ? startCpuHog() : () => undefined;
  process.once('exit', stopHog);
  const secrets = new Map<string, string>();
  const receiver = await startChaosReceiver({ secrets, firstAttemptFailureRate: 0.2 });
  const stack = await startProcessStack(
    {
      STRIPE_TIMEOUT_MS: String(PROCESSOR_TIMEOUT_MS),
      // Nine attempts in about 47 minutes instead of 47 hours: an event the receiver refused while
      // it was down is retried within a minute, as the real schedule does within an hour.
      WEBHOOK_RETRY_TIME_SCALE: '60',
      // The closing janitor pass reads each shop's splits unpaced, so it ends inside the run's wait for it.
      JANITOR_READS_PER_SECOND_PER_ACCOUNT: '1000',
    },
    {
      perService: (name) => ({ PGAPPNAME: name === 'emulator' ? 'processor-emulator' : serviceApplicationName(name) }),
      built,
      workers: WORKERS,
    },
  );
  const http = new ChaosHttp(stack.urls.gateway);
  // The run's own event loop times every answer: its delays count in them (a cancel's answer, above all).
  const clientDelay = monitorEventLoopDelay({ resolution: 20 });
  clientDelay.enable();
  const control = (method: string, p: string, body?: unknown) => emulatorControl(stack, method, p, body);
  const operations = new SplitOperationsRepository(stack.db);
  let records: SplitRecord[] = [];
  let exitCode = 1;
  try {
    const shops = await createShops(stack, SHOPS, receiver.urlFor);
    for (const shop of shops) secrets.set(shop.merchantId, shop.webhookSecret);
    log(
      `stack up (${SERVICE_NAMES.join(', ')} as processes, ${WORKERS} worker${WORKERS === 1 ? '' : 's'}); ${SHOPS} businesses; ${SPLITS} splits, ${CONCURRENCY} at a time`,
    );

    // CHAOS_FAULTS=0: the same workload with no faults, a baseline for how long it takes.
    const faults = (process.env.CHAOS_FAULTS === '0' ? noFaults : startFaults)({
      stack,
      http,
      receiver,
      control,
      processorTimeoutMs: PROCESSOR_TIMEOUT_MS,
      gatewayRestartAtMs: 90_000,
      checkoutRestartAtMs: 180_000,
      receiverDownAtMs: 120_000,
      log,
    });
    // On the Temporal cluster (CHAOS_TEMPORAL=cluster), faults on Temporal's own processes and Postgres too.
    const engineFaults =
      process.env.TEMPORAL_CLUSTER_STATE && process.env.CHAOS_FAULTS !== '0'
        ? startEngineFaults({ stateFile: process.env.TEMPORAL_CLUSTER_STATE, http, log, firstAtMs: 20_000 })
        : null;
    const plans = planSplits(SPLITS);
    let done = 0;
    records = await mapConcurrent(plans, CONCURRENCY, async (plan) => {
      if (Date.now() > DEADLINE - RESERVE_MS) {
        return emptyRecord(plan, 'not started (time)');
      }
      const record = await runSplit(
        {
          http,
          shops,
          control,
          readSplit: async (splitId) => {
            // Every status, `creating` included: the operators' view, not the API's.
            const split = await operations.find(splitId);
            if (!split) return null;
            const participants = await new SplitsRepository(stack.db).participantsOf(splitId);
            const stuck = await new SplitHistoryRepository(stack.db).waitedForSupport(splitId);
            return { status: split.status, stuck, participants };
          },
          sessionClaimed: async (token) => {
            const session = await stack.db
              .selectFrom('checkout_sessions')
              .select('split_claimed_by')
              .where('token', '=', token)
              .executeTakeFirst();
            return Boolean(session?.split_claimed_by);
          },
          refuseCaptureWrite: async (participantId) => {
            await refuseCaptureWrites(stack, participantId);
          },
          supportCompensate: (splitId) => compensateBySupport(stack, splitId, SCRIPTS_DEADLINE),
          expireAfterMs: 45_000,
          scriptsDeadline: SCRIPTS_DEADLINE,
          authoriseSpreadMs: 10_000,
        },
        plan,
      );
      done += 1;
      if (done % 50 === 0) log(`${done}/${SPLITS} splits finished their script`);
      return record;
    });
    log('workload done; stopping the faults');
    await faults.stop();
    await engineFaults?.stop();
    log(`faults: ${JSON.stringify(faults.tally)}`);
    const workerStart = timing('worker start to ready', faults.workerStartMs);
    log(`a restarted worker's start to ready: ${JSON.stringify(workerStart)}`);
    if (engineFaults) log(`engine faults: ${JSON.stringify(engineFaults.tally)}`);

    // A split whose script broke off (its error is reported) may rightly stay pending for days.
    const expectedToFinish = records.filter((r) => r.splitId && r.errors.length === 0).map((r) => r.splitId!);
    const quiet = await waitUntilQuiet({ stack, splitIds: expectedToFinish, deadline: DEADLINE - 60_000, log });
    log(`quiet: ${JSON.stringify(quiet)}`);
    const report = await checkInvariants({
      db: stack.db,
      urls: stack.urls,
      temporal: stack.temporal.client,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      records,
      events: receiver.events,
    });
    for (const problem of receiver.problems.slice(0, 5)) report.fail('event the spec rules out', problem);
    if (http.counts.unexplained5xx > 0) report.fail('unexplained 5xx', `${http.counts.unexplained5xx}`);
    report.check('unexplained 5xx');
    report.check('script error');
    report.check('engine fault not done');
    for (const failure of engineFaults?.tally.failures ?? []) report.fail('engine fault not done', failure);
    for (const record of records) {
      for (const error of record.errors)
        report.fail('script error', `${record.splitId ?? record.orderReference}: ${error}`);
      if (record.outcome.startsWith('not started'))
        report.fail('script error', `split ${record.plan.index} not started in time`);
    }

    const t = faults.tally;
    const v = (name: string) => report.violations[name]?.count ?? 0;
    const figures = {
      splits: records.filter((r) => r.splitId).length,
      faults_injected:
        t.processorErrors +
        t.processorTimeouts +
        t.workerKills +
        t.serviceRestarts +
        t.terminateRounds +
        t.receiverFailures +
        t.receiverOutages +
        (engineFaults ? engineFaultCount(engineFaults.tally) : 0),
      kills: t.workerKills,
      ...(engineFaults ? { engine_faults: engineFaultCount(engineFaults.tally) } : {}),
      double_captures: v('double capture') + v('captured before every participant authorised'),
      lost_events: v('lost event') + v('duplicate event') + v('event the spec rules out') + v('outbox not drained'),
      ledger_mismatches:
        v('ledger mismatch') +
        v('fee mismatch') +
        v('refunds exceed the capture') +
        v('hold not captured, refunded or released') +
        v('projection failure not compensated'),
      unexplained_5xx: http.counts.unexplained5xx,
    };
    const line = Object.entries(figures)
      .map(([k, n]) => `${k.replace(/_/g, ' ')} ${n}`)
      .join(' · ');
    console.log(`\nChaos run${HOG ? ' (a CPU hog on one core)' : ''}`);
    console.log(`  faults: ${JSON.stringify(t)}`);
    if (engineFaults) console.log(`  engine faults: ${JSON.stringify(engineFaults.tally)}`);
    console.log(
      `  http: ${http.counts.requests} requests; ${http.counts.restart5xx} failed during deliberate restarts; ${http.counts.designed503} designed 503s sent again (cancel_not_confirmed); by status ${JSON.stringify(Object.fromEntries(http.counts.byStatus))}`,
    );
    clientDelay.disable();
    const ns = (value: number) => Math.round(value / 1e6);
    const clientLag = { p99: ns(clientDelay.percentile(99)), max: ns(clientDelay.max) };
    const cancels = { ...cancelTimes(http.cancelAnswerMs, records), clientLag };
    console.log(
      `  cancels: each answer p50 ${cancels.answer.p50} ms, p99 ${cancels.answer.p99} ms, max ${cancels.answer.max} ms (${cancels.answer.n} requests); ` +
        `confirmed (first ask to last answer) p50 ${cancels.confirmed.p50} ms, p99 ${cancels.confirmed.p99} ms, max ${cancels.confirmed.max} ms (${cancels.confirmed.n} splits); ` +
        `this client's own event-loop delay, in every answer time: p99 ${clientLag.p99} ms, max ${clientLag.max} ms`,
    );
    const refunds = refundTimes(records);
    console.log(
      `  server refunds: first ask to final answer p50 ${refunds.settled.p50} ms, p99 ${refunds.settled.p99} ms, max ${refunds.settled.max} ms (${refunds.settled.n} keys); ` +
        `${refunds.inProgressAnswers} refund_in_progress answers asked again`,
    );
    // Where the time went (task-timeline.ts): read while Temporal is still up.
    const timelines = {
      refunds: await timelinesOf(stack.temporal.client, 'refundWorkflow', SLOW_REFUND_MS),
      splits: await timelinesOf(stack.temporal.client, 'splitWorkflow', SLOW_SPLIT_MS),
    };
    console.log(`  ${describeTimelines('refund children', timelines.refunds, SLOW_REFUND_MS)}`);
    console.log(`  ${describeTimelines('split workflows', timelines.splits, SLOW_SPLIT_MS)}`);
    console.log(
      `  workflow tasks lost held per worker kill: ${((timelines.splits.all.tasksLostHeld + timelines.refunds.all.tasksLostHeld) / Math.max(1, t.workerKills)).toFixed(1)}`,
    );
    const fallbacks = countFallbacks(process.env.BENCH_SERVICE_LOG_DIR);
    console.log(`  outcomes: ${JSON.stringify(report.counts)}`);
    console.log(`  checkout's degraded answers (not failures): ${JSON.stringify(fallbacks)}`);
    for (const [name, { count, examples }] of Object.entries(report.violations)) {
      console.log(`  ${count === 0 ? 'ok  ' : 'FAIL'} ${name}: ${count}`);
      for (const example of examples) console.log(`         ${example}`);
    }
    for (const line of http.unexplained.slice(0, 10)) console.log(`  unexplained: ${line}`);
    for (const mismatch of http.contractMismatches.slice(0, 5)) console.log(`  OpenAPI mismatch: ${mismatch}`);
    console.log(`\n${line}`);
    const broken = report.broken;
    exitCode = broken.length === 0 ? 0 : 1;
    console.log(
      broken.length === 0
        ? 'PASS: every invariant held'
        : `FAIL: ${broken.map(([n, { count }]) => `${n} ${count}`).join('; ')}`,
    );

    const outDir = path.resolve(__dirname, '..', 'results');
    mkdirSync(outDir, { recursive: true });
    const outFile = path.join(outDir, `chaos-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      outFile,
      `${JSON.stringify({ figures, hog: HOG, cancels, refunds, timelines, workerStart, faults: t, engineFaults: engineFaults?.tally ?? null, http: { ...http.counts, byStatus: Object.fromEntries(http.counts.byStatus), unexplained: http.unexplained }, counts: report.counts, fallbacks, violations: report.violations, quiet, records }, null, 2)}\n`,
    );
    log(`results written to ${outFile}`);
  } finally {
    stopHog();
    await receiver.close();
    await stack.stop();
  }
  process.exit(exitCode);
}

main().catch((error) => {
  console.error('[chaos] failed:', error);
  process.exit(1);
});

const timing = (name: string, samples: number[]) => {
  const { count, p50, p99, max } = summarise(name, samples);
  const ms = (value: number | null) => Math.round(value ?? 0);
  return { n: count, p50: ms(p50), p99: ms(p99), max: ms(max) };
};

/**
 * How long a server refund keeps its merchant waiting under the chaos load: from a key's first ask
 * to its final answer, sent again on each 409 refund_in_progress (a refund still running holds the
 * next one of the order). The workload gives up, and records an error, after 5 minutes.
 */
function refundTimes(records: { refundSettledMs: number[]; refundInProgressAnswers: number }[]) {
  return {
    settled: timing(
      'server refund settled',
      records.flatMap((r) => r.refundSettledMs),
    ),
    inProgressAnswers: records.reduce((sum, r) => sum + r.refundInProgressAnswers, 0),
  };
}

/** Figure 14's bound read under the chaos load: each cancel request's answer time, and each split's wait to confirmation. */
function cancelTimes(answerMs: number[], records: { cancelConfirmedMs?: number }[]) {
  return {
    answer: timing('cancel answer', answerMs),
    confirmed: timing(
      'cancel confirmed',
      records.flatMap((r) => (r.cancelConfirmedMs === undefined ? [] : [r.cancelConfirmedMs])),
    ),
  };
}
