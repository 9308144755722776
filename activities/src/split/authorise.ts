import { type Database, loadSplitEventSource, outboxEventValues, splitEventData } from '@groupsplit/shared';
import { type Kysely, sql } from 'kysely';

/**
 * What recording a participant's authorisation writes, read before the write: the
 * participant_authorised event's data as it will be once the participant is `authorised`. Read
 * while the processor is asked about the hold, so the write itself is a single statement. Nothing
 * else moves a participant of this split meanwhile: the split's workflow, which runs this, is the
 * only writer of its projection and takes one authorisation or replacement at a time.
 */
export async function readAuthorisedEvent(db: Kysely<Database>, splitId: string, participantId: string) {
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

export type AuthorisedEvent = Awaited<ReturnType<typeof readAuthorisedEvent>>;

/**
 * A pending participant `authorised`, its history row and its participant_authorised event, in
 * one statement (atomic on its own, one round trip instead of a transaction's seven): each row only
 * if the participant was still `pending`. Returns the event's id (null when nothing moved or the
 * event was already written), for dispatch after the statement.
 */
export async function writeAuthorised(
  db: Kysely<Database>,
  input: { splitId: string; participantId: string; actor: string; captureBefore: Date | null; event: AuthorisedEvent },
): Promise<string | null> {
  const { splitId, participantId, actor, captureBefore, event } = input;
  const [merchantId, mode, type, payload, dedupeKey, sample] = event;
  const now = new Date();
  const result = await sql<{ event_id: string | null }>`
    WITH moved AS (
      UPDATE split_participants
      SET status = 'authorised', authorised_at = ${now}, capture_before = ${captureBefore}, updated_at = ${now}
      WHERE id = ${participantId} AND status = 'pending'
      RETURNING id
    ), history AS (
      INSERT INTO split_history (split_id, participant_id, kind, actor, from_status, to_status, dedupe_key)
      SELECT ${splitId}, id, 'authorised', ${actor}, 'pending', 'authorised', ${`authorised:${participantId}`} FROM moved
      ON CONFLICT (dedupe_key) DO NOTHING
    ), event AS (
      INSERT INTO webhook_events (merchant_id, mode, type, payload, dedupe_key, sample)
      SELECT ${merchantId}, ${mode}, ${type}, ${payload}::jsonb, ${dedupeKey}, ${sample} FROM moved
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id
    )
    SELECT (SELECT id FROM event) AS event_id`.execute(db);
  return result.rows[0]?.event_id ?? null;
}
