import { randomUUID } from 'node:crypto';
import { SplitSeatsRepository } from './split-seats';
import { useTestDb } from './test-support/db';
import { insertMerchant, insertSeats, insertSplit, insertUser, participantRow } from './test-support/rows';

/** SplitSeatsRepository (open seats) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitSeatsRepository(db());
let merchantId: string;
beforeAll(async () => {
  merchantId = await insertMerchant(db(), { name: 'Seats Shop', business_email: 'seats@shop.example' });
});

const seatRow = (splitId: string, position: number) => ({
  id: randomUUID(),
  split_id: splitId,
  position,
  amount: 2500,
  customer_fee: 25,
  merchant_fee: 10,
  participant_id: null,
  claimed_at: null,
  created_at: new Date(),
});

describe('SplitSeatsRepository', () => {
  it('opens a split’s seats once, lists them in order, and reads one with its split', async () => {
    const { splitId } = await insertSplit(db(), merchantId, { participants: 1, split: { order_reference: 'SEATS-1' } });
    const [later, earlier] = [seatRow(splitId, 2), seatRow(splitId, 1)];
    const seats = [later, earlier];
    await repo().open(seats);
    await repo().open([{ ...later, amount: 9999 }]);
    await repo().open([]);
    expect((await repo().seatsOf(splitId)).map((s) => [s.id, s.position, s.amount])).toEqual([
      [earlier.id, 1, 2500],
      [later.id, 2, 2500],
    ]);
    expect(await repo().seatWithSplit(splitId, later.id)).toEqual({
      id: later.id,
      amount: 2500,
      customer_fee: 25,
      merchant_fee: 10,
      participant_id: null,
      mode: 'test',
      currency: 'gbp',
      order_reference: 'SEATS-1',
      processor_account_id: 'acct_test',
    });
    const other = await insertSplit(db(), merchantId, { participants: 1 });
    expect(await repo().seatWithSplit(other.splitId, later.id)).toBeUndefined();
  });

  it('finds a split by its group link with its business, never one still creating', async () => {
    const groupToken = `group-${randomUUID()}`;
    const { splitId } = await insertSplit(db(), merchantId, { split: { group_token: groupToken, status: 'creating' } });
    expect(await repo().findByGroupToken(groupToken)).toBeUndefined();
    expect(await repo().findWithBusiness(splitId)).toBeUndefined();
    await db().updateTable('splits').set({ status: 'pending' }).where('id', '=', splitId).execute();
    expect(await repo().findByGroupToken(groupToken)).toMatchObject({
      id: splitId,
      group_token: groupToken,
      business_name: 'Seats Shop',
      business_email: 'seats@shop.example',
    });
    expect(await repo().findWithBusiness(splitId)).toMatchObject({ id: splitId, business_name: 'Seats Shop' });
    expect(await repo().findByGroupToken(`group-${randomUUID()}`)).toBeUndefined();
  });

  it('claims a seat for one person only; a retried claim by the same person still counts', async () => {
    const { splitId } = await insertSplit(db(), merchantId, { participants: 1 });
    const [seatId] = await insertSeats(db(), splitId, 1, 1);
    const claimFor = (position: number) => {
      const participant = participantRow(splitId, position, { processor_payment_intent_id: `pi_${position}` });
      return {
        participant,
        claim: () =>
          db()
            .transaction()
            .execute((trx) =>
              new SplitSeatsRepository(trx).claim({
                seatId,
                participant,
                history: [
                  {
                    splitId,
                    participantId: participant.id as string,
                    kind: 'seat_claimed',
                    actor: 'system',
                    dedupeKey: `seat:${participant.id}`,
                  },
                ],
              }),
            ),
      };
    };
    const first = claimFor(5);
    expect(await first.claim()).toBe(true);
    expect(await first.claim()).toBe(true);
    const [seat] = await repo().seatsOf(splitId);
    expect(seat).toMatchObject({ participant_id: first.participant.id, claimed_at: first.participant.created_at });
    expect(await repo().holdOf(first.participant.id as string)).toEqual({ processor_payment_intent_id: 'pi_5' });

    // Someone else's claim of the same seat: false, and it is the caller's transaction to roll back.
    const second = claimFor(6);
    expect(await second.claim()).toBe(false);
    expect((await repo().seatsOf(splitId))[0]!.participant_id).toBe(first.participant.id);
    const history = await db()
      .selectFrom('split_history')
      .select(['kind', 'participant_id'])
      .where('split_id', '=', splitId)
      .execute();
    expect(history).toEqual([{ kind: 'seat_claimed', participant_id: first.participant.id }]);
    expect(await repo().holdOf(randomUUID())).toBeUndefined();
  });

  it('gives a seat to exactly one of two concurrent claims', async () => {
    const { splitId } = await insertSplit(db(), merchantId, { participants: 1 });
    const [seatId] = await insertSeats(db(), splitId, 1, 1);
    const claim = (position: number) =>
      db()
        .transaction()
        .execute(async (trx) => {
          const participant = participantRow(splitId, position);
          const history = [
            {
              splitId,
              participantId: participant.id as string,
              kind: 'seat_claimed',
              actor: 'system',
              dedupeKey: `seat:${participant.id}`,
            },
          ];
          const won = await new SplitSeatsRepository(trx).claim({ seatId, participant, history });
          if (!won) throw new Error('seat taken');
          return participant.id;
        });
    const results = await Promise.allSettled([claim(7), claim(8)]);
    const winners = results.filter((r) => r.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    expect((await repo().seatsOf(splitId))[0]!.participant_id).toBe(
      (winners[0] as PromiseFulfilledResult<string>).value,
    );
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: new Error('seat taken') });
  });

  it('claims a seat with no history rows to add', async () => {
    const { splitId } = await insertSplit(db(), merchantId, { participants: 1 });
    const [seatId] = await insertSeats(db(), splitId, 1, 1);
    const participant = participantRow(splitId, 3);
    expect(await repo().claim({ seatId, participant, history: [] })).toBe(true);
    expect((await repo().seatsOf(splitId))[0]!.participant_id).toBe(participant.id);
  });

  it('lists participants’ addresses lower-cased and trimmed, and names the buyer', async () => {
    const email = `Buyer-${randomUUID()}@Example.com`;
    const buyer = await insertUser(db(), email);
    const { splitId } = await insertSplit(db(), merchantId, {
      split: { created_by: buyer },
      participant: (position) => ({ email: position === 0 ? ' Ann@Example.COM ' : 'bob@example.com' }),
    });
    expect((await repo().participantEmails(splitId)).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(await repo().buyerEmail(splitId)).toBe(email);
    const anonymous = await insertSplit(db(), merchantId);
    expect(await repo().buyerEmail(anonymous.splitId)).toBeNull();
  });
});
