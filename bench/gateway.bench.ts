/**
 * The gateway under load, and figure 3.
 *
 * Reads, closed loop: a dashboard session read (GET /api/merchants/me) and an API-key server read
 * (GET /api/merchants/checkout/sessions/:token/status).
 *
 * Figure 3, `POST /api/merchants/checkout/sessions` through the gateway: 16 requests in flight
 * (closed loop), divided by pgbench's single-row INSERT rate at the same concurrency on the same
 * Postgres, measured right before and right after (their mean is the reference); then p99 at a
 * steady 200 requests/s (open loop). The session_create bucket allows 120 a minute per API key,
 * so requests rotate over a pool of keys of one merchant, each used at most USES_PER_KEY times:
 * the bench measures the service, every request still pays for the limiter's write, and a 429
 * counts as an error.
 *
 * The timed creations use a bare keep-alive client (lib/lean-client.ts): the load generator shares
 * the cores with the services, and fetch plus the OpenAPI check of every answer cost about as much
 * CPU per request as the gateway itself. The warm-up creations are checked.
 *
 * Each phase also reports the SQL statements and CPU time per request of the gateway and of the
 * service behind it (read from the processes themselves, idle rate subtracted).
 */
import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import { createSplitReadyMerchant } from '@groupsplit/testing';
import { fixed, percent } from './lib/figures';
import { runBench } from './lib/harness';
import { createLeanClient } from './lib/lean-client';
import { envInt, runFor, runOpenLoop } from './lib/load';
import { describeMachineCpu, machineCpuDelta, machineSnapshot } from './lib/machine-cpu';
import { recordOwnPauses } from './lib/pauses';
import { pgbenchInsertTps } from './lib/pgbench';
import { type ProbeReading, type ProcessStack, probeDelta, SERVICE_NAMES, type ServiceName } from './lib/process-stack';
import { Recorder, summarise } from './lib/stats';

const READ_CONCURRENCY = envInt('BENCH_CONCURRENCY', 20);
const DURATION_MS = envInt('BENCH_DURATION_MS', 5_000);
const CREATE_CONCURRENCY = 16;
const STEADY_RATE = 200;
const WARMUP_REQUESTS = 50;
/** Comfortably under the bucket's 120 a minute, so no key is ever limited. */
const USES_PER_KEY = 100;
const KEY_POOL = envInt('BENCH_KEY_POOL', 400);
const ALLOWED_DOMAIN = 'shop.bench.example';
/** Figure 3: session create ÷ pgbench single-row INSERT tps (was 15 % in the first round). */
const TARGET_SHARE = 0.1;
const TARGET_STEADY_P99_MS = 30;

async function createKeys(stack: ProcessStack, merchantId: string, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => generateApiKey('test'));
  await stack.db
    .insertInto('api_keys')
    .values(
      keys.map((key, i) => ({
        merchant_id: merchantId,
        name: `bench key ${i}`,
        mode: 'test',
        ...apiKeyRecordFields(key),
      })),
    )
    .execute();
  return keys;
}

const FRONT: ServiceName[] = ['gateway', 'merchants', 'checkout'];

/** Statements and CPU per request of the front services during `work`, less their idle rate. */
async function costOf(stack: ProcessStack, idle: Record<ServiceName, number>, work: () => Promise<number>) {
  const before = await stack.probe();
  const started = performance.now();
  const requests = await work();
  const elapsed = performance.now() - started;
  const delta = probeDelta(before, await stack.probe());
  return FRONT.filter((name) => delta[name].statements > 0 || delta[name].cpuMs > 0)
    .map((name) => {
      const statements = Math.max(0, delta[name].statements - idle[name] * elapsed) / Math.max(1, requests);
      return `${name} ${fixed(statements, 1)} SQL, ${fixed(delta[name].cpuMs / Math.max(1, requests), 2)} ms CPU`;
    })
    .join('; ');
}

/** Event-loop delay and GC of every service over the span since the previous probe. */
function describePauses(reading: Record<ServiceName, ProbeReading>, own: ProbeReading['pauses']): string {
  const line = (name: string, p: ProbeReading['pauses']) =>
    `${name} loop delay p99 ${fixed(p.loopDelayP99Ms, 1)} ms, max ${fixed(p.loopDelayMaxMs, 1)} ms; ` +
    `GC ${p.gcCount}× ${fixed(p.gcTotalMs, 1)} ms, max ${fixed(p.gcMaxMs, 1)} ms`;
  return [line('bench client', own), ...SERVICE_NAMES.map((name) => line(name, reading[name].pauses))].join(' · ');
}

/** Whole-machine CPU by process over `work` (/proc), as a note: where the two cores went. */
async function onMachine<T extends { requests: number }>(stack: ProcessStack, work: () => Promise<T>) {
  const named = new Map<number, string>([
    [process.pid, 'bench client'],
    ...SERVICE_NAMES.map((name) => [stack.pid(name), name] as const),
  ]);
  const temporalPort = stack.config.TEMPORAL_ADDRESS.split(':').pop();
  const before = machineSnapshot();
  const result = await work();
  const cpu = machineCpuDelta(before, machineSnapshot(), named, temporalPort);
  return { result, note: describeMachineCpu(cpu, result.requests) };
}

async function closedLoop(
  stack: ProcessStack,
  idle: Record<ServiceName, number>,
  name: string,
  concurrency: number,
  request: (sequence: number) => Promise<{ status: number }>,
  expected: number,
) {
  const recorder = new Recorder();
  const statuses = new Map<number, number>();
  let run = { wallMs: 0, requests: 0 };
  const cost = await costOf(stack, idle, async () => {
    run = await runFor({ concurrency, durationMs: DURATION_MS }, async (sequence) => {
      const res = await recorder.time(
        () => request(sequence),
        (r) => r.status === expected,
      );
      if (res) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    });
    return run.requests;
  });
  const byStatus = [...statuses].map(([status, n]) => `${status}x${n}`).join(', ');
  return {
    requests: run.requests,
    metric: recorder.summary(name, run.wallMs),
    notes: [`${name}: per request ${cost}; statuses ${byStatus}`, ...recorder.errorExamples.map((e) => `error: ${e}`)],
  };
}

runBench('gateway', async (stack, result) => {
  result.params = {
    readConcurrency: READ_CONCURRENCY,
    createConcurrency: CREATE_CONCURRENCY,
    durationMs: DURATION_MS,
    keyPool: KEY_POOL,
    usesPerKey: USES_PER_KEY,
    steadyRate: STEADY_RATE,
  };
  const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  await stack.db
    .updateTable('merchants')
    .set({ allowed_domain: ALLOWED_DOMAIN })
    .where('id', '=', shop.merchant.id)
    .execute();
  const keys = await createKeys(stack, shop.merchant.id, KEY_POOL);
  let keyUses = 0;
  /** The next key with budget left in its bucket. */
  const nextKey = () => keys[Math.floor(keyUses++ / USES_PER_KEY) % keys.length];
  const sessionBody = { amount: 60, return_url: `https://${ALLOWED_DOMAIN}/thanks` };
  // Checked against the OpenAPI document (warm-up and first session); the timed loops use the lean client.
  const createCheckedSession = () =>
    stack.api.post('/api/merchants/checkout/sessions', sessionBody, { apiKey: nextKey() });
  let lean = createLeanClient(stack.api.baseUrl);
  const createSession = () =>
    lean.post('/api/merchants/checkout/sessions', sessionBody, {
      'x-merchant-api-key': nextKey() as string,
      'x-forwarded-for': '198.51.100.7',
    });
  const session = await createCheckedSession();
  if (session.status !== 201) throw new Error(`session create answered ${session.status}: ${session.text}`);
  const sessionToken = session.body.token as string;

  // Background work of the front services (the gateway's limiter sweep, for one), per millisecond.
  const idleBefore = await stack.probe();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleDelta = probeDelta(idleBefore, await stack.probe());
  const idle = Object.fromEntries(Object.entries(idleDelta).map(([name, d]) => [name, d.statements / 2_000])) as Record<
    ServiceName,
    number
  >;

  // Reads.
  for (let i = 0; i < WARMUP_REQUESTS; i++) await stack.api.get('/api/merchants/me', { token: shop.owner.token });
  const me = await closedLoop(
    stack,
    idle,
    `GET /api/merchants/me (session), ${READ_CONCURRENCY} in flight`,
    READ_CONCURRENCY,
    () => stack.api.get('/api/merchants/me', { token: shop.owner.token }),
    200,
  );
  const statusPath = `/api/merchants/checkout/sessions/${sessionToken}/status`;
  for (let i = 0; i < WARMUP_REQUESTS; i++) await stack.api.get(statusPath, { apiKey: nextKey() });
  const status = await closedLoop(
    stack,
    idle,
    `GET .../sessions/:token/status (API key), ${READ_CONCURRENCY} in flight`,
    READ_CONCURRENCY,
    () => stack.api.get(statusPath, { apiKey: nextKey() }),
    200,
  );

  // Figure 3: session creation against pgbench, before and after.
  for (let i = 0; i < WARMUP_REQUESTS; i++) {
    const res = await createCheckedSession();
    if (res.status !== 201) throw new Error(`session create answered ${res.status}: ${res.text}`);
  }
  const seconds = Math.max(1, Math.round(DURATION_MS / 1000));
  const pgBefore = await pgbenchInsertTps(stack.db, stack.config.DATABASE_URL, {
    clients: CREATE_CONCURRENCY,
    seconds,
  });
  const createName = `POST /api/merchants/checkout/sessions (API key), ${CREATE_CONCURRENCY} in flight`;
  const { result: create, note: createMachine } = await onMachine(stack, () =>
    closedLoop(stack, idle, createName, CREATE_CONCURRENCY, createSession, 201),
  );
  const pgAfter = await pgbenchInsertTps(stack.db, stack.config.DATABASE_URL, { clients: CREATE_CONCURRENCY, seconds });
  // Fresh connections: the gateway closes ones idle past its keep-alive timeout while pgbench runs,
  // and reusing one at that moment would be a reset counted against the service.
  lean.close();
  lean = createLeanClient(stack.api.baseUrl);
  await stack.probe(); // starts the services' pause readings afresh
  const ownPauses = recordOwnPauses();
  const { result: steady, note: steadyMachine } = await onMachine(stack, async () => {
    const run = await runOpenLoop(
      { ratePerSec: STEADY_RATE, durationMs: DURATION_MS },
      createSession,
      (res) => res.status === 201,
    );
    return { ...run, requests: run.samples.length + run.errors };
  });
  const steadyPauses = describePauses(await stack.probe(), ownPauses());
  lean.close();
  const steadyMetric = summarise(`POST /api/merchants/checkout/sessions at a steady ${STEADY_RATE}/s`, steady.samples, {
    errors: steady.errors,
    wallMs: steady.wallMs,
  });

  result.metrics.push(me.metric, status.metric, create.metric, steadyMetric);
  result.notes.push(
    ...me.notes,
    ...status.notes,
    ...create.notes,
    `${createName}: ${createMachine}`,
    `steady ${STEADY_RATE}/s: ${steadyMachine}`,
    `steady ${STEADY_RATE}/s, pauses in each process: ${steadyPauses}`,
    ...steady.errorExamples.map((e) => `error: ${e}`),
  );
  const pgTps = (pgBefore.tps + pgAfter.tps) / 2;
  result.notes.push(
    `pgbench one-row INSERT, ${CREATE_CONCURRENCY} clients: ${fixed(pgBefore.tps, 0)} tps before, ${fixed(pgAfter.tps, 0)} after (${pgBefore.command})`,
    `API keys used: ${Math.ceil(keyUses / USES_PER_KEY)} of ${KEY_POOL}, at most ${USES_PER_KEY} requests each`,
  );
  const share = create.metric.opsPerSec === null ? null : create.metric.opsPerSec / pgTps;
  const errors = create.metric.errors + steadyMetric.errors;
  result.figures.push({
    id: 3,
    title: `POST /api/merchants/checkout/sessions, ${CREATE_CONCURRENCY} in flight ÷ pgbench INSERT tps`,
    value:
      `${fixed(create.metric.opsPerSec, 0)} req/s ÷ ${fixed(pgTps, 0)} tps = ${percent(share)}, ` +
      `${errors} errors; p99 ${steadyMetric.p99} ms at a steady ${STEADY_RATE}/s`,
    target: `≥ ${percent(TARGET_SHARE)}, 0 errors; p99 < ${TARGET_STEADY_P99_MS} ms at ${STEADY_RATE}/s`,
    pass:
      share !== null &&
      steadyMetric.p99 !== null &&
      share >= TARGET_SHARE &&
      errors === 0 &&
      steadyMetric.p99 < TARGET_STEADY_P99_MS,
    detail:
      `${DURATION_MS} ms per phase; pgbench -n -c ${CREATE_CONCURRENCY} -j 2 -T ${seconds} before and after ` +
      `(${fixed(pgBefore.tps, 0)} / ${fixed(pgAfter.tps, 0)} tps); keys rotated, ≤ ${USES_PER_KEY} requests per key`,
  });
});
