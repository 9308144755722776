import type { Insertable, Selectable } from 'kysely';
import type { SplitParticipantsTable, SplitSeatsTable } from '../schema/splits';
import type { Db } from '../types';
import { valuesByKey } from './query-helpers';
import { type SplitHistoryRow, splitHistoryValues } from './split-history';

export type SplitSeatRow = Selectable<SplitSeatsTable>;

/**
 * Open seats (docs/splits.md, "Open seats"): shares of a split nobody holds until someone claims
 * one through the split's group link. Written by the split workflow's activities only (with the split,
 * and when a seat is claimed); checkout reads them. A split still `creating` is shown nowhere, as
 * everywhere else (SplitsRepository).
 */
export class SplitSeatsRepository {
  constructor(private readonly db: Db) {}

  /** The seats of a new split; safe to run again (a seat already written is kept). */
  async open(seats: Insertable<SplitSeatsTable>[]) {
    if (seats.length === 0) return;
    await this.db
      .insertInto('split_seats')
      .values(seats)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Every seat of a split, claimed or not, in order. */
  seatsOf(splitId: string): Promise<SplitSeatRow[]> {
    return this.db.selectFrom('split_seats').selectAll().where('split_id', '=', splitId).orderBy('position').execute();
  }

  private withBusiness() {
    return this.db
      .selectFrom('splits as s')
      .innerJoin('merchants as m', 'm.id', 's.merchant_id')
      .selectAll('s')
      .select(['m.name as business_name', 'm.business_email'])
      .where('s.status', '<>', 'creating');
  }

  /** The split behind a group link, with its business's name; undefined for an unknown (or creating) one. */
  findByGroupToken(groupToken: string) {
    return this.withBusiness().where('s.group_token', '=', groupToken).executeTakeFirst();
  }

  /** A split with its business's name and address (the seat reminder). */
  findWithBusiness(splitId: string) {
    return this.withBusiness().where('s.id', '=', splitId).executeTakeFirst();
  }

  /** One seat with what a hold for it needs of its split (the claim activity). */
  seatWithSplit(splitId: string, seatId: string) {
    return this.db
      .selectFrom('split_seats as seat')
      .innerJoin('splits as s', 's.id', 'seat.split_id')
      .select([
        'seat.id',
        'seat.amount',
        'seat.customer_fee',
        'seat.merchant_fee',
        'seat.participant_id',
        's.mode',
        's.currency',
        's.order_reference',
        's.processor_account_id',
      ])
      .where('seat.split_id', '=', splitId)
      .where('seat.id', '=', seatId)
      .executeTakeFirst();
  }

  /** The lower-cased addresses of a split's participants (a claim refuses one already there). */
  async participantEmails(splitId: string): Promise<string[]> {
    const emails = await valuesByKey(this.db, 'split_participants', 'email', { split_id: splitId });
    return emails.map((email) => email.trim().toLowerCase());
  }

  /** A participant's hold, when the claim that made it committed already (a retried activity). */
  holdOf(participantId: string) {
    return this.db
      .selectFrom('split_participants')
      .select(['processor_payment_intent_id'])
      .where('id', '=', participantId)
      .executeTakeFirst();
  }

  /**
   * The claim's write: the participant row (with its hold), the seat marked as theirs, and the history
   * rows. Call it inside a transaction; false when the seat went to someone else (nothing then counts).
   */
  async claim(input: {
    seatId: string;
    participant: Insertable<SplitParticipantsTable>;
    history: SplitHistoryRow[];
  }): Promise<boolean> {
    const { seatId, participant } = input;
    await this.db
      .insertInto('split_participants')
      .values(participant)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const marked = await this.db
      .updateTable('split_seats')
      .set({ participant_id: participant.id, claimed_at: participant.created_at })
      .where('id', '=', seatId)
      .where((eb) => eb.or([eb('participant_id', 'is', null), eb('participant_id', '=', participant.id)]))
      .returning('id')
      .executeTakeFirst();
    if (!marked) return false;
    // An empty VALUES list is not SQL: with no rows to add, the claim is done.
    if (input.history.length === 0) return true;
    await this.db
      .insertInto('split_history')
      .values(input.history.map(splitHistoryValues))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
    return true;
  }

  /** Who the buyer of a split with seats is (its creating account's address), for the seat reminder. */
  async buyerEmail(splitId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('splits as s')
      .innerJoin('users as u', 'u.id', 's.created_by')
      .select('u.email')
      .where('s.id', '=', splitId)
      .executeTakeFirst();
    return row?.email ?? null;
  }
}
