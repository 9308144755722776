import { createProcessors, ReceiptsRepository } from '@groupsplit/shared';
import type { EmailRequest } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import type { Client } from '@temporalio/client';
import type { ActivityDeps } from '../deps';
import { type Card, planReceipts, type ReceiptInput } from './plan';

/** Receipts need the card only for these: the hold, the charge, a released hold and a refund name it. */
const NEEDS_CARDS = new Set([
  'checkout_split.participant_authorised',
  'checkout_split.paid',
  'checkout_split.canceled',
  'checkout_split.refunded',
]);

type PendingEvent = Awaited<ReturnType<ReceiptsRepository['pendingEvents']>>[number];

/**
 * Hands each split event's receipts and organiser notices (docs/emails.md) to the e-mail workflows,
 * then marks the event. Every e-mail has a stable id (`email:<id>` is started with USE_EXISTING), so
 * an event handed over twice (a crash before the mark, the sweep racing the writer) sends each once.
 */
export function createReceiptSender(deps: ActivityDeps) {
  const { db, config, logger } = deps;
  const repository = new ReceiptsRepository(db);
  const processors = createProcessors(config, { logger });

  async function cardsOf(input: Omit<ReceiptInput, 'cards'>): Promise<Map<string, Card>> {
    const cards = new Map<string, Card>();
    if (!NEEDS_CARDS.has(input.type)) return cards;
    const wanted =
      input.type === 'checkout_split.participant_authorised'
        ? input.participants.filter((p) => p.id === input.payload.participant?.id)
        : input.type === 'checkout_split.refunded'
          ? input.participants.filter((p) => input.refundedSlices.some((s) => s.participant_id === p.id))
          : input.type === 'checkout_split.canceled'
            ? input.participants.filter((p) => p.authorised_at !== null)
            : input.participants;
    const processor = processors.forMode(input.split.mode);
    await Promise.all(
      wanted.map(async (p) => {
        if (!p.processor_payment_intent_id) return;
        // A receipt without the card's last four digits is still a receipt: never fail it for this.
        const hold = await processor
          .retrieveHold({ accountId: input.split.processor_account_id, paymentIntentId: p.processor_payment_intent_id })
          .catch((error: unknown) => {
            logger.warn({ err: error, participantId: p.id }, 'receipt: card details unavailable');
            return null;
          });
        if (hold?.card) cards.set(p.id, { ...hold.card, chargeId: hold.chargeId });
      }),
    );
    return cards;
  }

  async function planFor(event: PendingEvent) {
    const payload = event.payload as ReceiptInput['payload'] & { split_id: string };
    const split = await repository.split(payload.split_id);
    if (!split) return { receipts: [], organiser: [] };
    const [participants, cancelActor, refundedSlices] = await Promise.all([
      repository.participants(split.id),
      event.type === 'checkout_split.canceled' ? repository.cancelActor(split.id) : null,
      event.type === 'checkout_split.refunded' && payload.refund
        ? repository.refundedSlices(payload.refund.refund_id)
        : [],
    ]);
    const input = {
      eventId: event.id,
      merchantId: event.merchant_id,
      type: event.type,
      payload,
      split,
      participants,
      cancelActor,
      refundedSlices,
    };
    return planReceipts(deps, { ...input, cards: await cardsOf(input) });
  }

  async function handOver(client: Client, event: PendingEvent): Promise<number> {
    const { receipts, organiser } = await planFor(event);
    const emails: EmailRequest[] = [...receipts];
    for (const notice of organiser) {
      const splitId = (event.payload as { split_id: string }).split_id;
      if (await repository.claimOrganiserNotice({ splitId, recipient: notice.to, kind: notice.template })) {
        emails.push(notice);
      }
    }
    for (const email of emails) await sendEmail({ client }, email, { taskQueue: config.TEMPORAL_TASK_QUEUE });
    await repository.markReceipted(event.id);
    return emails.length;
  }

  async function handOverAll(client: Client, events: PendingEvent[]): Promise<number> {
    let sent = 0;
    for (const event of events) sent += await handOver(client, event);
    return sent;
  }

  return {
    /** Right after the events' transaction committed; a failure is the sweep's to finish. */
    async forEvents(client: Client, eventIds: readonly string[]): Promise<number> {
      return handOverAll(client, await repository.pendingEvents({ ids: eventIds }));
    },
    /** The every-minute sweep: events left without receipts for `olderThanMs` (a crash after commit). */
    async pending(client: Client, input: { olderThanMs?: number; limit?: number } = {}): Promise<number> {
      const olderThan = new Date(Date.now() - (input.olderThanMs ?? 30_000));
      return handOverAll(client, await repository.pendingEvents({ olderThan, limit: input.limit ?? 200 }));
    },
  };
}

export type ReceiptSender = ReturnType<typeof createReceiptSender>;
