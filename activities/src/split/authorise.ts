import {
  type Db,
  type Hold,
  loadSplitEventSource,
  outboxEventValues,
  ParticipantsRepository,
  splitEventData,
  toProcessorError,
} from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import { dispatchCommittedEvents } from '../outbox';
import { processorFailure } from './processor-failure';
import type { SplitContext } from './shares';

/**
 * What recording a participant's authorisation writes, read before the write: the
 * participant_authorised event's data as it will be once the participant is `authorised`. Read
 * while the processor is asked about the hold, so the write itself is a single statement. Nothing
 * else moves a participant of this split meanwhile: the split's workflow, which runs this, is the
 * only writer of its projection and takes one authorisation or replacement at a time.
 */
export async function readAuthorisedEvent(db: Db, splitId: string, participantId: string) {
  const { merchantId, mode, source } = await loadSplitEventSource(db, splitId, {
    authorisedParticipantId: participantId,
  });
  const participants = source.participants.map((p) => (p.id === participantId ? { ...p, status: 'authorised' } : p));
  return outboxEventValues({
    merchantId,
    mode,
    type: 'checkout_split.participant_authorised',
    data: splitEventData({ ...source, participants }),
    dedupeKey: `authorised:${participantId}`,
  });
}

/** Only a hold the processor says is capturable makes a participant authorised, whoever signalled it. */
export function createAuthoriseActivities({
  deps,
  db,
  loadShare,
}: SplitContext): Pick<SplitActivities, 'recordAuthorisation'> {
  return {
    async recordAuthorisation({ splitId, participantId, source }) {
      const share = await loadShare(splitId, participantId);
      // Run again after it was recorded (a local step of a lost workflow task): the same answer. The lost task
      // may have gone on to capture the share (the capture batch ran in it too): still `authorised`, the
      // answer the first run gave, so the retried task takes the same path and finds each capture made.
      if (share.status === 'authorised' || share.status === 'captured') {
        return { authorised: true, status: 'authorised', captureBefore: share.capture_before?.toISOString() ?? null };
      }
      if (share.status !== 'pending' || !share.ref) {
        return { authorised: false, status: share.status, captureBefore: null };
      }
      // The event's data is read while the processor answers, so the write below is one statement.
      const [hold, event] = await Promise.all([
        share.processor.retrieveHold(share.ref).catch((error: unknown): Promise<Hold> => {
          throw processorFailure(toProcessorError(error));
        }),
        readAuthorisedEvent(db, splitId, participantId),
      ]);
      if (hold.status !== 'requires_capture') {
        return { authorised: false, status: 'pending', captureBefore: null };
      }
      const eventId = await new ParticipantsRepository(db).writeAuthorised({
        splitId,
        participantId,
        actor: source,
        captureBefore: hold.captureBefore ? new Date(hold.captureBefore) : null,
        event,
        // The card (or wallet) and its last four, for the order's timeline (docs/dashboard.md).
        detail: hold.card
          ? { card_brand: hold.card.brand, card_last4: hold.card.last4, wallet: hold.card.wallet?.type ?? null }
          : undefined,
        card: hold.card
          ? { brand: hold.card.brand, last4: hold.card.last4, wallet: hold.card.wallet?.type ?? null }
          : null,
      });
      await dispatchCommittedEvents(deps, [eventId]);
      return { authorised: true, status: 'authorised', captureBefore: hold.captureBefore };
    },
  };
}
