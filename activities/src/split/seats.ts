import {
  EmailSuppressionsRepository,
  formatPounds,
  type Hold,
  ParticipantsRepository,
  RemindersRepository,
  randomToken,
  SplitSeatsRepository,
  SplitsRepository,
  stableUuid,
  toProcessorError,
} from '@groupsplit/shared';
import type { ClaimSeatResult, EmailRequest, SplitActivities } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/activity';
import { payerEmail } from '../payer-email';
import { processorFailure } from './processor-failure';
import { holdPlacedHistory, type SplitContext } from './shares';

/** As the session reminders (docs/spec.md): nobody is reminded twice within 12 hours. */
const REMIND_INTERVAL_MS = 12 * 3600_000;

export const groupUrl = (baseUrl: string, groupToken: string) => new URL(`/join/${groupToken}`, baseUrl).toString();

/**
 * Open seats (workflows/src/split/seats.ts): a claim becomes a participant with its own hold, and the
 * buyer is reminded of seats still open a day before the deadline.
 */
export function createSeatActivities({
  deps,
  db,
  processors,
}: SplitContext): Pick<SplitActivities, 'claimSeat' | 'remindOpenSeats'> {
  const seats = new SplitSeatsRepository(db);

  return {
    /**
     * The hold first (idempotency key `hold:<participantId>`, the id the workflow chose), then the
     * participant row, the seat marked as theirs and the history in one transaction: a hold that
     * cannot be placed leaves nothing behind, and a retry after the commit finds the claim made.
     */
    async claimSeat({ splitId, seatId, participantId, position, email, name, actor, cover }): Promise<ClaimSeatResult> {
      const seat = await seats.seatWithSplit(splitId, seatId);
      if (!seat) throw ApplicationFailure.nonRetryable(`Seat ${seatId} of split ${splitId} not found`);
      if (seat.participant_id === participantId) {
        const made = await seats.holdOf(participantId);
        return { outcome: 'claimed', paymentIntentId: made!.processor_payment_intent_id! };
      }
      if (seat.participant_id !== null) throw ApplicationFailure.nonRetryable(`Seat ${seatId} is taken`);
      // Claims and replaces are taken one at a time by the workflow, so this read stays true until the commit.
      // The organiser covering the seat (docs/splits.md, "Covering a share") is the one address allowed twice.
      if (cover) {
        if (await new ParticipantsRepository(db).wouldAllBePaidBy(splitId, email, seatId)) {
          return { outcome: 'would_leave_single_payer' };
        }
      } else if ((await seats.participantEmails(splitId)).includes(email.trim().toLowerCase())) {
        return { outcome: 'already_in_split' };
      }

      let hold: Hold;
      try {
        hold = await processors.forMode(seat.mode).createHold({
          accountId: seat.processor_account_id,
          splitId,
          participantId,
          shareAmount: seat.amount,
          customerFee: seat.customer_fee,
          applicationFeeAmount: seat.customer_fee + seat.merchant_fee,
          currency: seat.currency,
          description: seat.order_reference,
          metadata: { seat_id: seatId },
        });
      } catch (error) {
        throw processorFailure(toProcessorError(error));
      }

      const now = new Date();
      const claimed = await db.transaction().execute((trx) =>
        new SplitSeatsRepository(trx).claim({
          seatId,
          participant: {
            id: participantId,
            split_id: splitId,
            position,
            user_id: null,
            email,
            name: name ?? null,
            amount: seat.amount,
            customer_fee: seat.customer_fee,
            merchant_fee: seat.merchant_fee,
            status: 'pending',
            processor_payment_intent_id: hold.id,
            processor_client_secret: hold.clientSecret,
            pay_token: randomToken(24),
            created_at: now,
            ...(cover ? { name: cover.name, covered_at: now } : {}),
          },
          history: [
            {
              splitId,
              participantId,
              kind: cover ? 'seat_covered' : 'seat_claimed',
              actor,
              dedupeKey: `seat_claimed:${seatId}`,
              detail: { seat_id: seatId, email },
            },
            holdPlacedHistory(splitId, participantId, hold),
          ],
        }),
      );
      if (!claimed) throw ApplicationFailure.nonRetryable(`Seat ${seatId} is taken`);
      return { outcome: 'claimed', paymentIntentId: hold.id };
    },

    /**
     * The buyer's e-mail with the group link (`checkout.open_seats`, docs/emails.md), or null when the
     * reminder rules say no: no seat open any more, the split not pending, the buyer unsubscribed, or
     * the buyer (as a participant of this split) reminded within the last 12 hours. Its id is fixed
     * by the split, so it is one e-mail however often this runs.
     */
    async remindOpenSeats({ splitId }): Promise<{ email: EmailRequest | null }> {
      const split = await seats.findWithBusiness(splitId);
      if (split?.status !== 'pending' || !split.group_token) return { email: null };
      const open = (await seats.seatsOf(splitId)).filter((seat) => seat.participant_id === null);
      const buyer = await seats.buyerEmail(splitId);
      if (open.length === 0 || !buyer) return { email: null };
      if (await new EmailSuppressionsRepository(db).isSuppressed(buyer)) return { email: null };
      // The buyer's own share, if they pay one: the same 12-hour slot as every reminder to them.
      const own = (await new SplitsRepository(db).participantsOf(splitId)).find(
        (p) => p.email.trim().toLowerCase() === buyer.trim().toLowerCase(),
      );
      if (own) {
        const now = new Date();
        const slot = await new RemindersRepository(db).claimSlot(
          { id: own.id, split_id: splitId },
          now,
          new Date(now.getTime() - REMIND_INTERVAL_MS),
        );
        if (slot === null) return { email: null };
      }
      const { config } = deps;
      return {
        email: payerEmail(config, split, {
          id: stableUuid(`seats-reminder:${splitId}`),
          to: buyer,
          template: 'checkout.open_seats',
          data: {
            group_url: groupUrl(config.PUBLIC_BASE_URL, split.group_token),
            open_count: open.length,
            open_amount: formatPounds(open.reduce((sum, seat) => sum + seat.amount, 0)),
            expires_at: split.authorization_expires_at.toISOString(),
          },
        }),
      };
    },
  };
}
