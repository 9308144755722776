import { sql, type Updateable } from 'kysely';
import type { ParticipantStatus, SplitParticipantsTable } from '../schema/splits';
import type { Db } from '../types';
import { valuesByKey } from './query-helpers';
import { type SplitHistoryRow, splitHistoryValues } from './split-history';

/**
 * The Postgres channel a participant's authorisation is announced on (the participant id, NOTIFYed by
 * writeAuthorised as it commits): the pay step's answer waits for it instead of polling the projection.
 */
export const PARTICIPANT_AUTHORISED_CHANNEL = 'groupsplit_participant_authorised';

/** A share captured at the processor and not yet written: its charge id when the processor named one. */
export type UnwrittenCapture = { participantId: string; from: ParticipantStatus; chargeId?: string | null };

/** The participant_authorised event's columns, as `outboxEventValues` (@groupsplit/events) builds them. */
export type AuthorisedEventValues = [
  merchantId: string,
  mode: 'test' | 'live',
  type: string,
  payload: string,
  dedupeKey: string,
  sample: boolean,
];

/** A replacement's new hold and who takes the share (ParticipantsRepository.swapForReplacement). */
export type Replacement = {
  splitId: string;
  participantId: string;
  email: string;
  payToken: string;
  hold: { id: string; clientSecret: string | null };
  /** The hold being replaced: the swap happens only if the row still has it. */
  previousPaymentIntentId: string | null;
  /** The new person's name (null: none given; the replaced person's name goes with them). */
  name: string | null;
  history: SplitHistoryRow;
  /**
   * A cover (docs/splits.md, "Covering a share"): the organiser's name goes on the share, and the row keeps
   * whom it covered (the address, name and pay token being replaced) and when.
   */
  cover?: { name: string | null; covered: { email: string; name: string | null; payToken: string }; at: Date };
};

/**
 * Typed queries over `split_participants`, the shares of a split: what the split workflow's
 * activities read to call the processor and write back (holds, authorisations, captures,
 * releases). Each write that changes a participant writes its history row in the same statement.
 * Pass a transaction as `db` to work inside it.
 */
export class ParticipantsRepository {
  constructor(private readonly db: Db) {}

  /** Shares of one split with what a processor call needs of the split; every share unless ids are given. */
  shares(splitId: string, participantIds?: string[]) {
    let query = this.db
      .selectFrom('split_participants as p')
      .innerJoin('splits as s', 's.id', 'p.split_id')
      .select([
        'p.id',
        'p.email',
        'p.name',
        'p.pay_token',
        'p.status',
        'p.amount',
        'p.customer_fee',
        'p.merchant_fee',
        'p.processor_payment_intent_id',
        'p.capture_before',
        's.mode',
        's.currency',
        's.order_reference',
        's.processor_account_id',
      ])
      .where('p.split_id', '=', splitId);
    if (participantIds) query = query.where('p.id', 'in', participantIds);
    return query.execute();
  }

  /** The participant's status, its history row, and any extra columns: one statement (one round trip, atomic). */
  async setStatus(
    participantId: string,
    status: ParticipantStatus,
    history: SplitHistoryRow,
    extra: { last_error?: string | null; refunded_amount?: number; captured_at?: Date } = {},
  ) {
    await this.changeWithHistory(participantId, { status, ...extra }, history);
  }

  /** A placed hold on the share's row, and its history row: one statement. */
  async recordHold(participantId: string, hold: { id: string; clientSecret: string | null }, history: SplitHistoryRow) {
    const change = { processor_payment_intent_id: hold.id, processor_client_secret: hold.clientSecret };
    await this.changeWithHistory(participantId, change, history);
  }

  /**
   * Changes the share's row and adds its history row in one statement: one round trip, and no
   * history of a change that was not made (a repeated history row is skipped by its dedupe key).
   */
  private async changeWithHistory(
    participantId: string,
    change: Omit<Updateable<SplitParticipantsTable>, 'updated_at'>,
    history: SplitHistoryRow,
  ) {
    await this.db
      .with('changed', (qb) =>
        qb
          .updateTable('split_participants')
          .set({ ...change, updated_at: new Date() })
          .where('id', '=', participantId)
          .returning('id'),
      )
      .insertInto('split_history')
      .values(splitHistoryValues(history))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /**
   * A pending participant `authorised`, its history row and its participant_authorised event, in
   * one statement (atomic on its own, one round trip instead of a transaction's seven): each row only
   * if the participant was still `pending`, with a NOTIFY on PARTICIPANT_AUTHORISED_CHANNEL when it
   * moved. Returns the event's id (null when nothing moved or the event was already written).
   */
  async writeAuthorised(input: {
    splitId: string;
    participantId: string;
    actor: string;
    captureBefore: Date | null;
    event: AuthorisedEventValues;
    /** What the history row keeps of the hold (the order page's timeline: the card or wallet, its last four). */
    detail?: Record<string, unknown>;
    /** The card the hold is on, kept on the share (the order page, the pay page, orders.csv). */
    card?: { brand: string; last4: string; wallet: string | null } | null;
  }): Promise<string | null> {
    const { splitId, participantId, actor, captureBefore, event } = input;
    const card = input.card ?? null;
    const detail = input.detail ? JSON.stringify(input.detail) : null;
    const [merchantId, mode, type, payload, dedupeKey, sample] = event;
    const now = new Date();
    const result = await sql<{ event_id: string | null }>`
      WITH moved AS (
        UPDATE split_participants
        SET status = 'authorised', authorised_at = ${now}, capture_before = ${captureBefore}, updated_at = ${now},
          card_brand = ${card?.brand ?? null}, card_last4 = ${card?.last4 ?? null}, card_wallet = ${card?.wallet ?? null}
        WHERE id = ${participantId} AND status = 'pending'
        RETURNING id
      ), history AS (
        INSERT INTO split_history (split_id, participant_id, kind, actor, from_status, to_status, detail, dedupe_key)
        SELECT ${splitId}, id, 'authorised', ${actor}, 'pending', 'authorised', ${detail}::jsonb, ${`authorised:${participantId}`} FROM moved
        ON CONFLICT (dedupe_key) DO NOTHING
      ), event AS (
        INSERT INTO webhook_events (id, merchant_id, mode, type, payload, dedupe_key, sample)
        SELECT md5(${dedupeKey}::text)::uuid, ${merchantId}, ${mode}, ${type}, ${payload}::jsonb, ${dedupeKey}, ${sample} FROM moved
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING id
      )
      SELECT (SELECT id FROM event) AS event_id,
        (SELECT pg_notify(${PARTICIPANT_AUTHORISED_CHANNEL}, id::text) FROM moved) AS notified`.execute(this.db);
    return result.rows[0]?.event_id ?? null;
  }

  /** A capture's write: the participant `captured` (unless it already is) and its history row, one statement. */
  async writeCapture(splitId: string, { participantId, from, chargeId }: UnwrittenCapture) {
    const now = new Date();
    await this.db
      .with('moved', (qb) =>
        qb
          .updateTable('split_participants')
          .set({
            status: 'captured',
            captured_at: now,
            updated_at: now,
            // The finance export lists it (docs/exports.md); unknown, the column stays as it was.
            ...(chargeId ? { processor_charge_id: chargeId } : {}),
          })
          .where('id', '=', participantId)
          .where('status', '<>', 'captured')
          .returning('id'),
      )
      .insertInto('split_history')
      .values(
        splitHistoryValues({
          splitId,
          participantId,
          kind: 'captured',
          actor: 'system',
          dedupeKey: `captured:${participantId}`,
          from,
          to: 'captured',
        }),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /** The ids of the split's participants the projection shows captured, in no particular order. */
  async capturedIds(splitId: string): Promise<string[]> {
    return valuesByKey(this.db, 'split_participants', 'id', { split_id: splitId, status: 'captured' });
  }

  /**
   * Gives a pending participant's share to someone else: the new e-mail, pay token and hold, only
   * while the row still has the hold being replaced. Nobody has reminded the new person yet, so
   * the old person's reminders go; the history row says who replaced whom. Returns whether the
   * swap was made (false: the participant changed meanwhile, and nothing was written).
   */
  async swapForReplacement(replacement: Replacement): Promise<boolean> {
    const { participantId, previousPaymentIntentId, hold, cover } = replacement;
    const swapped = await this.db
      .updateTable('split_participants')
      .set({
        name: cover ? cover.name : replacement.name,
        ...(cover
          ? {
              covered_at: cover.at,
              covered_email: cover.covered.email,
              covered_name: cover.covered.name,
              covered_pay_token: cover.covered.payToken,
            }
          : {}),
        email: replacement.email,
        pay_token: replacement.payToken,
        processor_payment_intent_id: hold.id,
        processor_client_secret: hold.clientSecret,
        capture_before: null,
        last_error: null,
        updated_at: new Date(),
      })
      .where('id', '=', participantId)
      .where('status', '=', 'pending')
      .where((eb) =>
        previousPaymentIntentId === null
          ? eb('processor_payment_intent_id', 'is', null)
          : eb('processor_payment_intent_id', '=', previousPaymentIntentId),
      )
      .executeTakeFirst();
    if (Number(swapped.numUpdatedRows) === 0) return false;
    await this.db.deleteFrom('checkout_participant_reminders').where('participant_id', '=', participantId).execute();
    await this.db
      .insertInto('split_history')
      .values(splitHistoryValues(replacement.history))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
    return true;
  }

  /**
   * Whether `email` already pays every share of the split but `exceptId` (a participant's or an open
   * seat's id): covering that one too would leave a single payer (docs/splits.md, "Covering a share").
   */
  async wouldAllBePaidBy(splitId: string, email: string, exceptId: string): Promise<boolean> {
    const address = email.trim().toLowerCase();
    const [others, openSeats] = await Promise.all([
      this.db
        .selectFrom('split_participants')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('split_id', '=', splitId)
        .where('id', '!=', exceptId)
        .where(sql<string>`lower(trim(email))`, '!=', address)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('split_seats')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('split_id', '=', splitId)
        .where('id', '!=', exceptId)
        .where('participant_id', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return Number(others.count) === 0 && Number(openSeats.count) === 0;
  }

  /**
   * The share a covered person's old pay token was for (docs/splits.md, "Covering a share"), so their link
   * can say it is no longer needed: the order, the business, the share and who covers it. Null: not a
   * covered share's old token.
   */
  coveredShare(payToken: string) {
    return this.db
      .selectFrom('split_participants as p')
      .innerJoin('splits as s', 's.id', 'p.split_id')
      .innerJoin('merchants as m', 'm.id', 's.merchant_id')
      .select(['p.amount', 'p.name', 'p.email', 's.order_reference', 's.session_context', 'm.name as business_name'])
      .where('p.covered_pay_token', '=', payToken)
      .executeTakeFirst();
  }

  /** A refund slice made: the participant's refunded amount grows, and a slice that completes the share refunds it. */
  async addRefunded(participantId: string, slice: { amount: number; completesShare: boolean; shareAmount: number }) {
    await this.db
      .updateTable('split_participants')
      .set((eb) => ({
        refunded_amount: slice.completesShare ? slice.shareAmount : eb('refunded_amount', '+', slice.amount),
        ...(slice.completesShare ? { status: 'refunded' as const } : {}),
        updated_at: new Date(),
      }))
      .where('id', '=', participantId)
      .execute();
  }

  /** The refunded amount the processor reports; `refunded` when the whole charge is back. */
  async setRefunded(participantId: string, refundedAmount: number, refunded: boolean) {
    await this.db
      .updateTable('split_participants')
      .set({
        refunded_amount: refundedAmount,
        ...(refunded ? { status: 'refunded' as const } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', participantId)
      .execute();
  }

  /**
   * The participant of a disputed payment intent in this mode, with what the dispute e-mail says
   * (the business's name is read with it).
   */
  findForDispute(paymentIntentId: string, mode: 'test' | 'live') {
    return this.db
      .selectFrom('split_participants as p')
      .innerJoin('splits as s', 's.id', 'p.split_id')
      .innerJoin('merchants as m', 'm.id', 's.merchant_id')
      .select(['p.id', 'p.email', 'p.split_id', 's.merchant_id', 's.order_reference', 's.mode', 'm.name'])
      .where('p.processor_payment_intent_id', '=', paymentIntentId)
      .where('s.mode', '=', mode)
      .executeTakeFirst();
  }

  /** `disputed_at` on the participant, first dispute wins; returns it. */
  async markDisputed(participantId: string, now: Date): Promise<Date> {
    const row = await this.db
      .updateTable('split_participants')
      .set((eb) => ({ disputed_at: eb.fn.coalesce('disputed_at', eb.val(now)), updated_at: now }))
      .where('id', '=', participantId)
      .returning('disputed_at')
      .executeTakeFirstOrThrow();
    return row.disputed_at ?? now;
  }
}
