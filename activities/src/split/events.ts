import { type Db, loadSplitEventSource, recordEvent, splitEventData, type WebhookEventType } from '@groupsplit/shared';

/**
 * Writes one split event to the outbox in the caller's transaction, after the change it reports.
 * The data is the shared split event shape (session fields null for a dashboard split).
 * Returns the event id, or null when the same cause was already recorded. Delivery is started by
 * the outbox sweeper.
 */
export async function recordSplitEvent(
  trx: Db,
  splitId: string,
  type: WebhookEventType,
  dedupeKey: string,
  extra: { authorisedParticipantId?: string; data?: Record<string, unknown> } = {},
): Promise<string | null> {
  const { merchantId, mode, source } = await loadSplitEventSource(trx, splitId, {
    authorisedParticipantId: extra.authorisedParticipantId,
  });
  return recordEvent(trx, {
    merchantId,
    mode,
    type,
    data: { ...splitEventData(source), ...extra.data },
    dedupeKey,
  });
}
