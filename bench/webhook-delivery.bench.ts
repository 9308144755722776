/**
 * Outbound webhook latency: from the moment an event is written to the outbox (and handed to
 * dispatch, as every writer does after commit) to a local merchant endpoint receiving the
 * signed POST. Run one at a time (pure latency) and as a burst (delivery throughput).
 */
import { randomUUID } from 'node:crypto';
import { recordEvent, splitEventData, verifyWebhookSignature, WEBHOOK_EVENT_ID_HEADER } from '@groupsplit/shared';
import { createTeamWithWebhooks, type Stack, startWebhookReceiver, type WebhookReceiver } from '@groupsplit/testing';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { runBench } from './lib/harness';
import { envInt, mapConcurrent } from './lib/load';
import { Recorder } from './lib/stats';

const EVENTS = envInt('BENCH_WEBHOOK_EVENTS', 100);
const BURST_CONCURRENCY = envInt('BENCH_WEBHOOK_CONCURRENCY', 20);

function paidEventData() {
  const participant = (email: string) => ({ id: randomUUID(), email, amountPence: 1000, status: 'captured' });
  return splitEventData({
    split: { id: randomUUID(), status: 'captured', orderReference: 'BENCH', currency: 'gbp', totalAmountPence: 2000 },
    participants: [participant('a@example.test'), participant('b@example.test')],
    session: null,
  });
}

async function runRound(
  stack: Stack,
  receiver: WebhookReceiver,
  shop: { merchant: { id: string }; secret: string },
  concurrency: number,
  label: string,
) {
  const recordToDispatched = new Recorder();
  const recordToReceived = new Recorder();
  const started = performance.now();
  await mapConcurrent(Array.from({ length: EVENTS }), concurrency, async () => {
    const recorded = performance.now();
    const eventId = await stack.db.transaction().execute((trx) =>
      recordEvent(trx, {
        merchantId: shop.merchant.id,
        mode: 'test',
        type: 'checkout_split.paid',
        data: paidEventData(),
        dedupeKey: `bench:${randomUUID()}`,
      }),
    );
    if (!eventId) return recordToReceived.fail('event not recorded');
    await recordToDispatched.time(() =>
      dispatchWebhookEvents(stack.db, stack.temporal.client, stack.config, [eventId]),
    );
    const header = WEBHOOK_EVENT_ID_HEADER.toLowerCase();
    try {
      const requests = await receiver.waitFor((all) => all.some((r) => r.headers[header] === eventId), 30_000);
      const request = requests.find((r) => r.headers[header] === eventId);
      const signature = request?.headers['x-service-signature'] as string | undefined;
      const verified =
        request && verifyWebhookSignature({ rawBody: request.rawBody, header: signature, secret: shop.secret });
      if (!verified?.ok) return recordToReceived.fail(`event ${eventId}: signature did not verify`);
      recordToReceived.samples.push(performance.now() - recorded);
    } catch (error) {
      recordToReceived.fail((error as Error).message);
    }
  });
  const wallMs = performance.now() - started;
  return {
    metrics: [
      recordToDispatched.summary(`outbox -> dispatched (${label})`, wallMs),
      recordToReceived.summary(`outbox -> signed POST received (${label})`, wallMs),
    ],
    errorExamples: [...recordToDispatched.errorExamples, ...recordToReceived.errorExamples],
  };
}

runBench('webhook-delivery', async (stack, result) => {
  result.params = { events: EVENTS, burstConcurrency: BURST_CONCURRENCY };
  const receiver = await startWebhookReceiver();
  try {
    const shop = await createTeamWithWebhooks(stack, receiver.url, 'test');
    for (const [concurrency, label] of [
      [1, 'one at a time'],
      [BURST_CONCURRENCY, `${BURST_CONCURRENCY} in flight`],
    ] as const) {
      const round = await runRound(stack, receiver, shop, concurrency, label);
      result.metrics.push(...round.metrics);
      result.notes.push(...round.errorExamples.map((e) => `error: ${e}`));
    }
    const duplicates = receiver.received.length - 2 * EVENTS;
    result.notes.push(`receiver got ${receiver.received.length} POSTs for ${2 * EVENTS} events (${duplicates} extra)`);
  } finally {
    await receiver.close();
  }
});
