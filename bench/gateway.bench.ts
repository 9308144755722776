/**
 * Gateway throughput and latency for two authenticated reads, under closed-loop load:
 * a dashboard session read (GET /api/merchants/me) and an API-key server read
 * (GET /api/merchants/checkout/sessions/:token/status). Also counts the SQL statements each
 * request costs across gateway and service (the gateway has no credential cache).
 */
import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import { createSplitReadyMerchant, type Stack } from '@groupsplit/testing';
import { runBench } from './lib/harness';
import { envInt, runFor } from './lib/load';
import { countStatements, idleStatementRate, installQueryCounter } from './lib/query-counter';
import { Recorder } from './lib/stats';

installQueryCounter();

const CONCURRENCY = envInt('BENCH_CONCURRENCY', 20);
const DURATION_MS = envInt('BENCH_DURATION_MS', 5_000);
const WARMUP_REQUESTS = 50;
/**
 * The status route is in the 120-per-minute-per-key server_ops bucket. Requests rotate over
 * this many keys so the bench measures serving, not 429s (each request still pays the limiter).
 */
const KEY_POOL = envInt('BENCH_KEY_POOL', 60);
const ALLOWED_DOMAIN = 'shop.bench.example';

async function createKeys(stack: Stack, merchantId: string, count: number): Promise<string[]> {
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

async function measure(
  name: string,
  idleRatePerMs: number,
  request: (sequence: number) => Promise<{ status: number }>,
) {
  for (let i = 0; i < WARMUP_REQUESTS; i++) await request(i);
  const recorder = new Recorder();
  const statuses = new Map<number, number>();
  let run = { wallMs: 0, requests: 0 };
  const statements = await countStatements(async () => {
    run = await runFor({ concurrency: CONCURRENCY, durationMs: DURATION_MS }, async (sequence) => {
      const res = await recorder.time(
        () => request(sequence),
        (r) => r.status === 200,
      );
      if (res) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    });
  }, idleRatePerMs);
  const byStatus = [...statuses].map(([status, n]) => `${status}x${n}`).join(', ');
  return {
    metric: recorder.summary(name, run.wallMs),
    note: `${name}: ${(statements / Math.max(1, run.requests)).toFixed(1)} SQL statements per request; statuses ${byStatus}`,
    errorExamples: recorder.errorExamples,
  };
}

runBench('gateway', async (stack, result) => {
  result.params = { concurrency: CONCURRENCY, durationMs: DURATION_MS, keyPool: KEY_POOL };
  const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  await stack.db
    .updateTable('merchants')
    .set({ allowed_domain: ALLOWED_DOMAIN })
    .where('id', '=', shop.merchant.id)
    .execute();
  const keys = await createKeys(stack, shop.merchant.id, KEY_POOL);
  const session = await stack.api.post(
    '/api/merchants/checkout/sessions',
    { amount: 60, return_url: `https://${ALLOWED_DOMAIN}/thanks` },
    { apiKey: keys[0] },
  );
  if (session.status !== 201) throw new Error(`session create answered ${session.status}: ${session.text}`);
  const sessionToken = session.body.token as string;

  const idleRate = await idleStatementRate(3_000);
  result.notes.push(`idle background: ${(idleRate * 1000).toFixed(1)} SQL statements/s (subtracted below)`);

  const me = await measure('GET /api/merchants/me (session)', idleRate, () =>
    stack.api.get('/api/merchants/me', { token: shop.owner.token }),
  );
  const status = await measure('GET .../sessions/:token/status (API key)', idleRate, (sequence) =>
    stack.api.get(`/api/merchants/checkout/sessions/${sessionToken}/status`, {
      apiKey: keys[sequence % keys.length],
    }),
  );
  for (const run of [me, status]) {
    result.metrics.push(run.metric);
    result.notes.push(run.note, ...run.errorExamples.map((e) => `error: ${e}`));
  }
});
