import type { ProcessorRefund } from '@groupsplit/shared';
import type { HistoryEntry, SplitCreation, SplitWorkflowState } from '@groupsplit/workflows';
import { type HistoryInDatabase, planOtherHistory } from './reconcile-history';
import { planReconcile, type ReplacementRun } from './reconcile-plan';
import { planRefunds, type RefundRun } from './reconcile-refunds';

/**
 * The history kinds that are slow to reach through the real stack (a stuck capture and support's
 * actions, merchant accept, open seats, a replaced hold that would not release, an expiry), planned
 * from a workflow state as its query answers it. reconcile.test.ts covers the rest end to end.
 */
const splitId = '7d3f8a52-5a8e-4f61-9b7c-2f0d3c4b5a61';
const [alice, bob, seated, unknown] = [
  '1b0f2a33-0000-4000-8000-000000000001',
  '1b0f2a33-0000-4000-8000-000000000002',
  '1b0f2a33-0000-4000-8000-000000000003',
  '1b0f2a33-0000-4000-8000-000000000004',
];

const at = (minute: number) => new Date(Date.UTC(2026, 11, 6, 10, minute)).toISOString();

function stateWith(history: HistoryEntry[], status: SplitWorkflowState['status'] = 'captured'): SplitWorkflowState {
  return {
    splitId,
    merchantId: 'merchant',
    mode: 'test',
    status,
    createdAt: at(0),
    authorizationExpiresAt: null,
    expiresAt: null,
    capturedAt: null,
    participants: [
      { id: alice, status: 'captured', paymentIntentId: null, captureBefore: null },
      { id: bob, status: 'captured', paymentIntentId: null, captureBefore: null, replacements: 1 },
      { id: seated, status: 'captured', paymentIntentId: null, captureBefore: null },
    ],
    stuck: null,
    inFlight: null,
    history,
    support_refusals: [],
  };
}

const keys = (rows: { dedupeKey: string }[]) => rows.map((r) => r.dedupeKey).sort();
const asRows = (rows: ReturnType<typeof planOtherHistory>['history']): HistoryInDatabase[] =>
  rows.map((r) => ({
    kind: r.kind,
    participant_id: r.participantId ?? null,
    from_status: r.from ?? null,
    to_status: r.to ?? null,
    dedupe_key: r.dedupeKey,
  }));

describe('reconcile: the other history kinds', () => {
  const everyone = new Set([alice, bob, seated]);

  it('plans each kind under the key its activity writes, counts the uuid-keyed ones, and plans nothing twice', () => {
    const state = stateWith([
      { at: at(1), kind: 'participant_replaced', actor: 'user:u1', participantId: bob },
      { at: at(2), kind: 'replaced_hold_release_failed', actor: 'user:u1', participantId: bob, note: 'No such hold' },
      { at: at(3), kind: 'seat_claimed', actor: 'seat:claim', participantId: seated, note: 'seat-1' },
      { at: at(4), kind: 'seat_covered', actor: 'user:u1', participantId: unknown, note: 'seat-2' },
      { at: at(5), kind: 'awaiting_merchant', actor: 'system' },
      { at: at(6), kind: 'merchant_accepted', actor: 'user:u2' },
      { at: at(7), kind: 'status', actor: 'system', from: 'pending', to: 'capturing' },
      { at: at(8), kind: 'stuck', actor: 'system', note: 'card_declined' },
      { at: at(9), kind: 'support_retry_refused', actor: 'ada', note: 'no reason' },
      { at: at(9), kind: 'support_retry_refused', actor: 'system', note: 'not recorded: timeout' },
      { at: at(10), kind: 'support_retry', actor: 'ada', note: 'card fixed' },
      { at: at(11), kind: 'stuck', actor: 'system', note: 'card_declined again' },
      { at: at(12), kind: 'support_resolve', actor: 'bea', note: 'captured by hand' },
      { at: at(13), kind: 'status', actor: 'bea', from: 'capturing', to: 'captured' },
    ]);
    // The restore kept the first stuck notice (under its own random key) and nothing after it.
    const kept: HistoryInDatabase[] = [
      { kind: 'stuck', participant_id: null, from_status: null, to_status: null, dedupe_key: `stuck:${splitId}:abc` },
    ];
    const planned = planOtherHistory(state, { history: kept, participantIds: everyone }, new Map(), 'support:ada');

    expect(keys(planned.history)).toEqual(
      [
        `replaced:${bob}:1`,
        `replaced_hold_release_failed:${bob}:1`,
        'seat_claimed:seat-1',
        `awaiting_merchant:${splitId}`,
        `merchant_accepted:${splitId}`,
        `captured:${alice}`,
        `captured:${bob}`,
        `captured:${seated}`,
        `restored:stuck:${splitId}:2`,
        `restored:support_retry_refused:${splitId}:1`,
        `restored:support_retry:${splitId}:1`,
        `restored:support_resolve:${splitId}:1`,
      ].sort(),
    );
    expect(planned.history.find((r) => r.kind === 'merchant_accepted')).toMatchObject({
      actor: 'user:u2',
      at: new Date(at(6)),
    });
    expect(planned.history.find((r) => r.kind === 'support_resolve')).toMatchObject({
      actor: 'bea',
      detail: { reason: 'captured by hand', restored_by: 'support:ada' },
    });
    expect(planned.history.find((r) => r.kind === 'replaced_hold_release_failed')).toMatchObject({
      participantId: bob,
      detail: { replacement: 1, error: 'No such hold' },
    });
    // A seat whose participant the database has no row for is said, not written.
    expect(planned.notes).toEqual([`history of participant ${unknown} not rebuilt (no participant row)`]);

    // Written, the same state plans nothing more.
    const again = planOtherHistory(
      state,
      { history: [...kept, ...asRows(planned.history)], participantIds: everyone },
      new Map(),
      'support:ada',
    );
    expect(again.history).toEqual([]);
    expect(again.changes).toEqual([]);
  });

  it('puts back the holds an expiry released, from the participant status each had', () => {
    const state = stateWith(
      [
        { at: at(1), kind: 'authorised', actor: 'processor', participantId: alice },
        { at: at(2), kind: 'status', actor: 'system', from: 'pending', to: 'canceling', note: 'expired' },
        { at: at(3), kind: 'status', actor: 'system', from: 'canceling', to: 'canceled' },
      ],
      'canceled',
    );
    state.participants = [
      { id: alice, status: 'canceled', paymentIntentId: 'pi_a', captureBefore: null },
      { id: bob, status: 'canceled', paymentIntentId: 'pi_b', captureBefore: null },
    ];
    const planned = planOtherHistory(state, { history: [], participantIds: everyone }, new Map(), 'support:ada');
    expect(planned.history.map((r) => ({ key: r.dedupeKey, from: r.from, to: r.to, at: r.at.toISOString() }))).toEqual([
      { key: `hold_released:expired:${alice}`, from: 'authorised', to: 'canceled', at: at(3) },
      { key: `hold_released:expired:${bob}`, from: 'pending', to: 'canceled', at: at(3) },
    ]);
  });

  it("puts back the holds a capture's compensation released, as the system's", () => {
    const state = stateWith(
      [
        { at: at(1), kind: 'authorised', actor: 'processor', participantId: alice },
        { at: at(2), kind: 'authorised', actor: 'processor', participantId: bob },
        { at: at(3), kind: 'status', actor: 'system', from: 'pending', to: 'capturing' },
        { at: at(4), kind: 'status', actor: 'system', from: 'capturing', to: 'capture_failed', note: 'declined' },
      ],
      'capture_failed',
    );
    state.participants = [
      { id: alice, status: 'refunded', paymentIntentId: 'pi_a', captureBefore: null },
      { id: bob, status: 'canceled', paymentIntentId: 'pi_b', captureBefore: null },
    ];
    const planned = planOtherHistory(state, { history: [], participantIds: everyone }, new Map(), 'support:ada');
    expect(planned.history.map((r) => ({ key: r.dedupeKey, actor: r.actor, from: r.from, to: r.to }))).toEqual([
      { key: `hold_released:capture_failed:${bob}`, actor: 'system', from: 'authorised', to: 'canceled' },
    ]);
  });
});

/**
 * A refund whose refund workflow is past Temporal's retention, planned from what is left (reconcile.test.ts
 * covers the usual case end to end: the split workflow's history still has the refund's start).
 */
describe("reconcile: a refund past Temporal's retention", () => {
  const refundId = '5e0c1d2a-0000-4000-8000-0000000000aa';
  const split = {
    id: splitId,
    merchant_id: 'merchant',
    mode: 'test' as const,
    order_reference: 'ORDER-1',
    currency: 'gbp',
    total_amount: 2500,
    session_token: null,
    session_context: null,
  };
  const shares = [
    { id: alice, email: 'alice@example.com', amount: 1000, status: 'captured', customerFee: 20 },
    { id: bob, email: 'bob@example.com', amount: 1500, status: 'captured', customerFee: 20 },
  ];
  const paid = new Set([alice, bob]);
  const noRows = { refundIds: new Set<string>(), inProgress: new Set<string>(), processorRefundIds: new Set<string>() };
  // Alice's slice of a 20.00 refund moved 8.00; Bob's (12.00) did not.
  const aliceRefund: ProcessorRefund = {
    id: 're_1',
    paymentIntentId: 'pi_a',
    chargeId: 'ch_a',
    amount: 800,
    currency: 'gbp',
    status: 'succeeded',
    reason: null,
    metadata: { refund_id: refundId, participant_id: alice },
    created: at(5),
  };
  const processorRefunds = new Map<string, ProcessorRefund[]>([
    [alice, [aliceRefund]],
    [bob, []],
  ]);

  it("with the split workflow's history: the ask and the outcome, and says which slice is unknown", () => {
    const run: RefundRun = {
      input: {
        splitId,
        refundId,
        source: 'api',
        actor: 'api_key',
        actorDetail: 'api_key:key-1',
        amount: 2000,
        reason: 'Half the order',
        idempotencyKey: 'key-20',
        expectedRefunded: 0,
      },
      result: { kind: 'finished', refundId, status: 'partial', splitStatus: 'partially_refunded', participants: [] },
      startedAt: new Date(at(4)),
      closedAt: new Date(at(6)),
      slices: null,
      from: 'split_workflow',
    };
    const planned = planRefunds(
      { processorRefunds, runs: new Map([[refundId, run]]) },
      noRows,
      split,
      shares,
      paid,
      'support:ada',
    );
    expect(planned.refunds).toHaveLength(1);
    expect(planned.refunds[0]!.refund).toMatchObject({
      actor_detail: 'api_key:key-1',
      requested_amount: 2000,
      reason: 'Half the order',
      idempotency_key: 'key-20',
      status: 'partial',
      refunded: 800,
      failure: null,
    });
    expect(planned.refunds[0]!.slices.map((x) => [x.participant_id, x.status])).toEqual([[alice, 'succeeded']]);
    expect(planned.changes).toContain(
      `refund ${refundId}: rebuilt from the split workflow's history (its refund workflow is past Temporal's retention): who asked, the amount asked for, the reason, the idempotency key and the outcome; the slices that moved money from the processor; which participant's slice the processor refused, its message and code are unknown (in the refund workflow's history only): no failed slice and no failure written`,
    );
  });

  it("without it (a run that continued as new, past retention too): the processor's refunds, and says what is unknown", () => {
    const finished = new Map([[refundId, { actor: 'api_key', at: at(6), source: 'api' as const }]]);
    const planned = planRefunds(
      { processorRefunds, runs: new Map(), finished },
      noRows,
      split,
      shares,
      paid,
      'support:ada',
    );
    expect(planned.refunds[0]!.refund).toMatchObject({
      actor_detail: 'api_key',
      requested_amount: null,
      reason: null,
      idempotency_key: null,
      status: 'complete',
      refunded: 800,
    });
    expect(planned.changes.join('\n')).toContain(
      'reason, requested amount, idempotency key and API key unknown; status assumed complete',
    );
  });
});

/**
 * A split recreated from scratch whose pay links cannot all be given back (a creation from older code, whose
 * invitation never went through its e-mail workflow or is past retention): reconcile.test.ts covers the
 * usual case end to end, every link given back.
 */
describe('reconcile: a split recreated from scratch', () => {
  const share = (id: string, email: string, payToken?: string): SplitCreation['participants'][number] => ({
    id,
    email,
    amount: 1000,
    customerFee: 20,
    merchantFee: 10,
    ...(payToken ? { payToken } : {}),
  });
  const creation: SplitCreation = {
    splitId,
    merchantId: 'merchant',
    mode: 'test',
    createdBy: null,
    orderReference: 'ORDER-1',
    currency: 'gbp',
    processorAccountId: 'acct_1',
    merchantFeeBps: 100,
    totalAmount: 3000,
    customerFeeTotal: 60,
    merchantFeeTotal: 30,
    applicationFeeTotal: 90,
    // Alice's link given back; Seated's lost; Bob's share replaced since (its holder's link is the replacement's).
    participants: [
      share(alice, 'alice@example.com', 'alice-token'),
      share(bob, 'bob@example.com'),
      share(seated, 'seated@example.com'),
    ],
    session: null,
  };
  const replacement: ReplacementRun = {
    participantId: bob,
    replacement: 1,
    email: 'stand-in@example.com',
    name: null,
    cover: false,
    actor: 'user:u1',
    previousPaymentIntentId: null,
    paymentIntentId: 'pi_b2',
    at: new Date(at(2)),
    payToken: 'stand-in-token',
  };
  const db = { split: undefined, participants: [], history: [], eventKeys: new Set<string>() };

  it('keeps the links given back and names each participant who gets a new one, never their address', () => {
    const truth = {
      state: stateWith([], 'pending'),
      creation,
      holds: new Map(),
      replacements: [replacement],
    };
    const { plan, changes } = planReconcile(truth, db, 'support:ada', new Date(at(0)));
    const tokens = new Map(plan!.open!.shares.map((p) => [p.id, p.pay_token]));
    expect(tokens.get(alice)).toBe('alice-token');
    expect(tokens.get(seated)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(plan!.participants.find((p) => p.id === bob)?.set).toMatchObject({ pay_token: 'stand-in-token' });
    expect(changes[0]).toBe('split row and 3 participant rows recreated');
    expect(changes.filter((c) => c.includes('a new pay link'))).toEqual([
      `participant ${seated}: a new pay link (the one they were given cannot be read back from Temporal); send it to them again`,
    ]);
    expect(changes.join('\n')).not.toMatch(/@example\.com/);
  });

  it('says every link was given back when each was', () => {
    const given = { ...creation, participants: creation.participants.map((p) => ({ ...p, payToken: `${p.id}-t` })) };
    const { changes } = planReconcile(
      { state: stateWith([], 'pending'), creation: given, holds: new Map() },
      db,
      'support:ada',
      new Date(at(0)),
    );
    expect(changes[0]).toBe('split row and 3 participant rows recreated, each with the pay link it was given');
    expect(changes.join('\n')).not.toContain('a new pay link');
  });
});
