/**
 * Outbound webhooks, and figure 4. A local receiver stands in for the merchant's endpoint and
 * verifies every POST's signature against the merchant's secret (a POST that does not verify is
 * an error). Each event is written to the outbox in its own transaction (`recordEvent`) and handed
 * to `dispatchWebhookEvents` after commit, as every writer does.
 *
 * - Latency: events one at a time, from the write to the signed POST arriving.
 * - Figure 4: EVENTS events written by CONCURRENCY writers as fast as they can; the rate is events
 *   over the time from the first write to the last POST arriving. The reference is a bare loop in
 *   the same run: the same number of POSTs to the same receiver with the same concurrency, each
 *   body serialised and signed the same way and sent with the same HTTP client (`safeFetch`), but
 *   no outbox, no workflow and no delivery log. It runs before and after; the mean is the reference.
 */
import { randomUUID } from 'node:crypto';
import {
  buildWebhookEnvelope,
  recordEvent,
  safeFetch,
  serializeWebhookEnvelope,
  signWebhookPayload,
  splitEventData,
  verifyWebhookSignature,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@groupsplit/shared';
import { createTeamWithWebhooks, startWebhookReceiver } from '@groupsplit/testing';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { fixed, percent } from './lib/figures';
import { runBench } from './lib/harness';
import { envInt, mapConcurrent } from './lib/load';
import type { ProcessStack } from './lib/process-stack';
import { profiled, selfDelta, selfProbe } from './lib/self-probe';
import { Recorder, summarise } from './lib/stats';

const EVENTS = envInt('BENCH_WEBHOOK_EVENTS', 300);
const CONCURRENCY = envInt('BENCH_WEBHOOK_CONCURRENCY', 20);
const LATENCY_EVENTS = envInt('BENCH_WEBHOOK_LATENCY_EVENTS', 30);
const ARRIVAL_TIMEOUT_MS = 120_000;
const TARGET_RATE = 300;
const TARGET_SHARE = 0.25;

function paidEventData() {
  const participant = (email: string) => ({ id: randomUUID(), email, amountPence: 1000, status: 'captured' });
  return splitEventData({
    split: { id: randomUUID(), status: 'captured', orderReference: 'BENCH', currency: 'gbp', totalAmountPence: 2000 },
    participants: [participant('a@example.test'), participant('b@example.test')],
    session: null,
  });
}

/**
 * The merchant's endpoint: records when each event id first arrived with a valid signature. The
 * secret exists only once the endpoint is configured, so it is set afterwards.
 */
async function signedReceiver() {
  const receiver = await startWebhookReceiver();
  let secret = '';
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const counts = { badSignature: 0, duplicates: 0 };
  receiver.reply((request) => {
    const id = request.headers[WEBHOOK_EVENT_ID_HEADER.toLowerCase()] as string;
    const header = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string | undefined;
    if (!verifyWebhookSignature({ rawBody: request.rawBody, header, secret }).ok) counts.badSignature += 1;
    else if (arrivals.has(id)) counts.duplicates += 1;
    else {
      arrivals.set(id, performance.now());
      waiters.get(id)?.();
      waiters.delete(id);
    }
    return { status: 200, body: 'ok' };
  });
  const arrived = (id: string) =>
    new Promise<number>((resolve, reject) => {
      const at = arrivals.get(id);
      if (at !== undefined) return resolve(at);
      const timer = setTimeout(() => reject(new Error(`event ${id} did not arrive signed`)), ARRIVAL_TIMEOUT_MS);
      waiters.set(id, () => {
        clearTimeout(timer);
        resolve(arrivals.get(id)!);
      });
    });
  return {
    url: receiver.url,
    arrived,
    counts,
    close: receiver.close,
    useSecret: (value: string) => {
      secret = value;
    },
  };
}

type Receiver = Awaited<ReturnType<typeof signedReceiver>>;

/** One event through the outbox: written in a transaction, then handed to dispatch after commit. */
async function writeEvent(stack: ProcessStack, merchantId: string): Promise<string> {
  const eventId = await stack.db.transaction().execute((trx) =>
    recordEvent(trx, {
      merchantId,
      mode: 'test',
      type: 'checkout_split.paid',
      data: paidEventData(),
      dedupeKey: `bench:${randomUUID()}`,
    }),
  );
  if (!eventId) throw new Error('event not recorded');
  await dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [eventId]);
  return eventId;
}

async function latencyRound(stack: ProcessStack, receiver: Receiver, merchantId: string) {
  const recorder = new Recorder();
  for (let i = 0; i < LATENCY_EVENTS; i++) {
    const started = performance.now();
    try {
      const eventId = await writeEvent(stack, merchantId);
      recorder.samples.push((await receiver.arrived(eventId)) - started);
    } catch (error) {
      recorder.fail((error as Error).message);
    }
  }
  return recorder;
}

/** EVENTS events written by CONCURRENCY writers; the rate runs to the last signed arrival. */
async function outboxRound(stack: ProcessStack, receiver: Receiver, merchantId: string) {
  const started = performance.now();
  const written = await mapConcurrent(Array.from({ length: EVENTS }), CONCURRENCY, async () => {
    const writeStarted = performance.now();
    return { eventId: await writeEvent(stack, merchantId), writeStarted };
  });
  const writtenMs = performance.now() - started;
  const arrivals = await Promise.allSettled(
    written.map(async ({ eventId, writeStarted }) => ({ at: await receiver.arrived(eventId), writeStarted })),
  );
  const delivered = arrivals.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  const wallMs = Math.max(...delivered.map((d) => d.at - started));
  const latencies = delivered.map((d) => d.at - d.writeStarted);
  return { delivered: delivered.length, missing: EVENTS - delivered.length, wallMs, writtenMs, latencies };
}

/** The reference: signed POSTs straight to the receiver, CONCURRENCY in flight, nothing else. */
async function bareRound(stack: ProcessStack, receiver: Receiver, secret: string, envelopeOf: () => object) {
  const errors: string[] = [];
  const started = performance.now();
  const cpuBefore = selfProbe();
  await mapConcurrent(Array.from({ length: EVENTS }), CONCURRENCY, async () => {
    const id = `bare-${randomUUID()}`;
    const body = serializeWebhookEnvelope({ ...envelopeOf(), id } as Parameters<typeof serializeWebhookEnvelope>[0]);
    const response = await safeFetch(receiver.url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'groupsplit-webhooks/1',
        [WEBHOOK_EVENT_ID_HEADER]: id,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(secret, body, Math.floor(Date.now() / 1000)),
      },
      timeoutMs: stack.config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: 4096,
      allowPrivate: true,
    }).catch((error: Error) => ({ status: 0, error }));
    if (response.status !== 200) errors.push(`bare POST answered ${response.status}`);
  });
  const wallMs = performance.now() - started;
  const { cpuMs } = selfDelta(cpuBefore, selfProbe());
  return {
    rate: ((EVENTS - errors.length) / wallMs) * 1000,
    errors: errors.length,
    wallMs,
    cpuMsPerPost: cpuMs / EVENTS,
  };
}

runBench('webhook-delivery', async (stack, result) => {
  result.params = { events: EVENTS, concurrency: CONCURRENCY, latencyEvents: LATENCY_EVENTS };
  const receiver = await signedReceiver();
  try {
    const shop = await createTeamWithWebhooks(stack, receiver.url, 'test');
    receiver.useSecret(shop.secret);
    const merchantId = shop.merchant.id;
    // Warm-up: the delivery workflow's code, connections.
    await latencyRound(stack, receiver, merchantId);
    // And one untimed round at the measured concurrency: one at a time, the writes use one or two of the pool's
    // connections, and a statement is prepared (and, after five runs, planned once) per connection, so the timed
    // round would otherwise pay for parsing, planning and unoptimised code that a busy merchant's steady state doesn't.
    const warmUp = await outboxRound(stack, receiver, merchantId);
    if (warmUp.missing > 0) throw new Error(`warm-up round: ${warmUp.missing} events never arrived`);

    const latency = await latencyRound(stack, receiver, merchantId);
    const stored = await stack.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    const envelope = buildWebhookEnvelope(stored);
    const bareBefore = await bareRound(stack, receiver, shop.secret, () => envelope);
    const [selfBefore, servicesBefore] = [selfProbe(), await stack.probe()];
    const outbox = await profiled(() => outboxRound(stack, receiver, merchantId));
    const [self, servicesAfter] = [selfDelta(selfBefore, selfProbe()), await stack.probe()];
    const worker = servicesAfter.worker.statements - servicesBefore.worker.statements;
    const bareAfter = await bareRound(stack, receiver, shop.secret, () => envelope);

    const outboxRate = outbox.wallMs > 0 ? (outbox.delivered / outbox.wallMs) * 1000 : null;
    const bareRate = (bareBefore.rate + bareAfter.rate) / 2;
    // CPU per POST of the same loop: a ratio to it is steadier than either figure under other processes' load.
    const bareCpuMs = (bareBefore.cpuMsPerPost + bareAfter.cpuMsPerPost) / 2;
    result.metrics.push(
      latency.summary('outbox -> signed POST received, one at a time'),
      summarise(`outbox -> signed POST received, ${EVENTS} events, ${CONCURRENCY} writers`, outbox.latencies, {
        errors: outbox.missing,
        wallMs: outbox.wallMs,
      }),
    );
    result.notes.push(
      ...latency.errorExamples.map((e) => `error: ${e}`),
      `outbox round: ${EVENTS} events written and dispatched in ${fixed(outbox.writtenMs, 0)} ms, last arrival after ${fixed(outbox.wallMs, 0)} ms`,
      `per event in the bench process (writers, dispatcher, receiver): ${fixed(self.statements / EVENTS, 2)} SQL statements, ${fixed(self.cpuMs / EVENTS, 2)} ms CPU; worker: ${fixed(worker / EVENTS, 2)} statements`,
      `bare signed-POST loop: ${fixed(bareBefore.rate, 0)}/s before, ${fixed(bareAfter.rate, 0)}/s after (${bareBefore.errors + bareAfter.errors} errors); ${fixed(bareCpuMs, 2)} ms CPU per POST in the bench process (client and receiver), so an outbox event costs ${fixed(self.cpuMs / EVENTS / bareCpuMs, 2)} bare POSTs of CPU`,
      `receiver: ${receiver.counts.badSignature} POSTs failed the signature check, ${receiver.counts.duplicates} duplicates`,
    );
    const share = outboxRate === null ? null : outboxRate / bareRate;
    const errors = outbox.missing + latency.errors + receiver.counts.badSignature;
    result.figures.push({
      id: 4,
      title: 'signed webhook deliveries to a local receiver',
      value: `${fixed(outboxRate, 0)}/s, ${percent(share)} of the bare signed-POST loop (${fixed(bareRate, 0)}/s), ${errors} errors`,
      target: `≥ ${TARGET_RATE}/s and ≥ ${percent(TARGET_SHARE)} of the bare loop`,
      pass: share !== null && outboxRate !== null && errors === 0 && outboxRate >= TARGET_RATE && share >= TARGET_SHARE,
      detail: `${EVENTS} outbox events, ${CONCURRENCY} writers, to the last signed arrival; bare loop ${EVENTS} POSTs, ${CONCURRENCY} in flight, before and after`,
    });
  } finally {
    await receiver.close();
  }
});
