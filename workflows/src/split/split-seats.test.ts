import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import {
  authoriseShare,
  createUser,
  type SplitReadyMerchant,
  type Stack,
  splitStackForTests,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import type { SplitWorkflowState } from './snapshot';
import { splitWorkflowId, stateQuery } from './workflow';

/**
 * Open seats in the split workflow (seats.ts), through the real stack: claims taken one at a time
 * (two people racing for one seat: one gets it), capture only once no seat is open and everyone
 * has authorised, and seats still open at the deadline expiring the split with every hold released.
 */

type SeatSplit = {
  splitId: string;
  groupToken: string;
  seats: { id: string; amount: string }[];
  buyerPayToken: string;
};

async function hostedKey(stack: Stack, shop: SplitReadyMerchant) {
  await stack.db
    .updateTable('merchants')
    .set({ allowed_domain: 'shop.example.com' })
    .where('id', '=', shop.merchant.id)
    .execute();
  const key = generateApiKey('test');
  await stack.db
    .insertInto('api_keys')
    .values({ merchant_id: shop.merchant.id, name: 'seats', mode: 'test', ...apiKeyRecordFields(key) })
    .execute();
  return key;
}

/** The buyer splits £45 into their own £15 and two open £15 seats on the hosted page. */
async function splitWithSeats(stack: Stack, apiKey: string, buyer: TestUser): Promise<SeatSplit> {
  const session = await stack.api.post(
    '/api/merchants/checkout/sessions',
    { amount: 45, return_url: 'https://shop.example.com/thanks' },
    { apiKey },
  );
  expect(session.status).toBe(201);
  const res = await stack.api.post(
    `/api/merchants/checkout/sessions/${session.body.token}/split`,
    { mode: 'split', participants: [{ email: buyer.email, amount: 15 }, { amount: 15 }, { amount: 15 }] },
    { token: buyer.token },
  );
  expect(res.status).toBe(201);
  return {
    splitId: res.body.split_id,
    groupToken: res.body.group_url.split('/join/')[1],
    seats: res.body.open_seats,
    buyerPayToken: res.body.participants[0].pay_url.split('/pay/')[1],
  };
}

const claim = (stack: Stack, groupToken: string, seatId: string, token: string) =>
  stack.api.post(`/api/checkout-splits/join/${groupToken}/claim`, { seat_id: seatId }, { token });

const payTokenOf = (payUrl: string) => payUrl.split('/pay/')[1] as string;

function workflowState(stack: Stack, splitId: string): Promise<SplitWorkflowState> {
  return stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);
}

/** How many claimSeat updates the workflow accepted (passed the validator), from its Temporal history. */
async function acceptedClaims(stack: Stack, splitId: string) {
  const history = await stack.temporal.client.workflow.getHandle(splitWorkflowId(splitId)).fetchHistory();
  return (history.events ?? []).filter(
    (e) => e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'claimSeat',
  ).length;
}

const waitForState = (stack: Stack, splitId: string, what: string, done: (s: SplitWorkflowState) => boolean) =>
  waitUntil(what, () => workflowState(stack, splitId), done);

/**
 * Holds the seat's row locked, so a claim's write waits there (the claim in flight) until the test
 * releases it: the same idea as holdParticipantRow.
 */
async function holdSeatRow(stack: Stack, seatId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const transaction = stack.db.transaction().execute(async (trx) => {
    await trx.selectFrom('split_seats').select('id').where('id', '=', seatId).forUpdate().execute();
    locked();
    await released;
  });
  await Promise.race([isLocked, transaction]);
  return async () => {
    release();
    await transaction;
  };
}

describe('open seats in the split workflow', () => {
  const own = splitStackForTests();
  let apiKey: string;
  let buyer: TestUser;

  beforeAll(async () => {
    apiKey = await hostedKey(own.stack, own.shop);
    buyer = await createUser(own.stack.db, { consent: false });
  });

  it('takes claims one at a time: of two people racing for one seat, exactly one gets it', async () => {
    const { stack } = own;
    const split = await splitWithSeats(stack, apiKey, buyer);
    const seat = split.seats[0]!;
    const [first, second] = [
      await createUser(stack.db, { consent: false }),
      await createUser(stack.db, { consent: false }),
    ];

    // The first claim is held mid-write; the second arrives while the seat still looks open.
    const release = await holdSeatRow(stack, seat.id);
    const firstClaim = claim(stack, split.groupToken, seat.id, first.token);
    await waitForState(stack, split.splitId, 'the first claim in flight', (s) => s.inFlight?.step === 'claim_seat');
    const secondClaim = claim(stack, split.groupToken, seat.id, second.token);
    await waitUntil(
      'the second claim accepted by the workflow, queued behind the first',
      () => acceptedClaims(stack, split.splitId),
      (n) => n === 2,
    );
    await release();
    const answers = await Promise.all([firstClaim, secondClaim]);

    expect(answers.map((a) => a.status)).toEqual([200, 409]);
    expect(answers[1]!.body).toMatchObject({ error: 'Someone else took this seat first.', code: 'seat_taken' });
    const state = await workflowState(stack, split.splitId);
    expect(state.seats!.find((s) => s.id === seat.id)!.participantId).not.toBeNull();
    expect(state.participants).toHaveLength(2);
    const claimed = await stack.db
      .selectFrom('split_participants')
      .select('email')
      .where('split_id', '=', split.splitId)
      .orderBy('position')
      .execute();
    expect(claimed.map((p) => p.email)).toEqual([buyer.email, first.email]);
  });

  it('captures only once no seat is open and everyone has authorised', async () => {
    const { stack } = own;
    const split = await splitWithSeats(stack, apiKey, buyer);
    expect((await authoriseShare(stack, split.buyerPayToken)).status).toBe(200);
    await waitForState(stack, split.splitId, 'the buyer authorised', (s) => s.participants[0]!.status === 'authorised');
    expect((await workflowState(stack, split.splitId)).status).toBe('pending');

    const joiner = await createUser(stack.db, { consent: false });
    const claimed = await claim(stack, split.groupToken, split.seats[0]!.id, joiner.token);
    expect(claimed.status).toBe(200);
    expect((await authoriseShare(stack, payTokenOf(claimed.body.pay_url))).status).toBe(200);
    await waitForState(
      stack,
      split.splitId,
      'the joiner authorised',
      (s) => s.participants[1]?.status === 'authorised',
    );
    // Everyone in the split has authorised, but a seat is still open.
    expect((await workflowState(stack, split.splitId)).status).toBe('pending');

    const last = await createUser(stack.db, { consent: false });
    const lastClaim = await claim(stack, split.groupToken, split.seats[1]!.id, last.token);
    expect(lastClaim.status).toBe(200);
    expect((await authoriseShare(stack, payTokenOf(lastClaim.body.pay_url))).status).toBe(200);
    const row = await waitForSplitStatus(stack, split.splitId, ['captured']);
    expect(row.status).toBe('captured');
    const participants = await stack.db
      .selectFrom('split_participants')
      .select(['status', 'amount', 'customer_fee'])
      .where('split_id', '=', split.splitId)
      .execute();
    expect(participants).toEqual(Array(3).fill({ status: 'captured', amount: 1500, customer_fee: 20 }));
  });
});

describe('open seats at the deadline', () => {
  // Long enough to split and claim a seat on a busy machine; the test waits for the expiry itself.
  const own = splitStackForTests({ HOLD_TTL_MS: 20_000 });
  let apiKey: string;
  let buyer: TestUser;

  beforeAll(async () => {
    apiKey = await hostedKey(own.stack, own.shop);
    buyer = await createUser(own.stack.db, { consent: false, email: uniqueEmail('buyer') });
  });

  it('expires a split with a seat still open: every hold released; a claim after it is not_pending', async () => {
    const { stack } = own;
    const split = await splitWithSeats(stack, apiKey, buyer);
    expect((await authoriseShare(stack, split.buyerPayToken)).status).toBe(200);
    const joiner = await createUser(stack.db, { consent: false });
    const claimed = await claim(stack, split.groupToken, split.seats[0]!.id, joiner.token);
    expect(claimed.status).toBe(200);

    // Halfway to a deadline this short, the buyer is e-mailed the group link once (docs/emails.md).
    const reminder = await waitForMail(buyer.email, { subject: 'still open', timeoutMs: 30_000 });
    expect(reminder.Text).toContain(`/join/${split.groupToken}`);

    const row = await waitForSplitStatus(stack, split.splitId, ['canceled'], 60_000);
    expect(row.status).toBe('canceled');
    const participants = await stack.db
      .selectFrom('split_participants')
      .select(['status', 'processor_payment_intent_id'])
      .where('split_id', '=', split.splitId)
      .execute();
    expect(participants).toHaveLength(2);
    expect(participants.every((p) => p.status === 'canceled')).toBe(true);
    const releases = await stack.db
      .selectFrom('split_history')
      .select(['kind', 'participant_id'])
      .where('split_id', '=', split.splitId)
      .where('kind', 'like', '%release%')
      .execute();
    expect(releases.length).toBeGreaterThanOrEqual(2);
    const expired = await stack.db
      .selectFrom('split_history')
      .select('actor')
      .where('split_id', '=', split.splitId)
      .where('to_status', '=', 'canceled')
      .executeTakeFirstOrThrow();
    expect(expired.actor).toBe('expiry');

    const late = await createUser(stack.db, { consent: false });
    const res = await claim(stack, split.groupToken, split.seats[1]!.id, late.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'This split is canceled; seats can be taken only while it is pending.',
      code: 'not_pending',
    });
  });
});
