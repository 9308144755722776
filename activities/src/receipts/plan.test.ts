import type { ActivityDeps } from '../deps';
import { cancelCause, planReceipts, type ReceiptInput } from './plan';

/** The receipts one event plans (pure): who gets what, once each. */
const deps = {
  config: { PUBLIC_BASE_URL: 'https://pay.example', INTERNAL_SIGNING_SECRET: 'x'.repeat(32) },
} as unknown as Pick<ActivityDeps, 'config'>;

type Split = ReceiptInput['split'];
type Participant = ReceiptInput['participants'][number];

const split = (over: Partial<Split> = {}): Split =>
  ({
    id: 'split-1',
    mode: 'test',
    order_reference: 'WH29',
    total_amount: 4500,
    session_token: 'cs_1',
    processor_account_id: 'acct_1',
    authorization_expires_at: new Date('2027-07-04T05:30:00Z'),
    awaiting_merchant: null,
    created_by: 'user-organiser',
    session_context: null,
    business_name: 'Corner Deli',
    business_email: 'hello@deli.example',
    line_items: null,
    organiser_email: 'org@example.com',
    ...over,
  }) as Split;

const person = (id: string, email: string, status: string, over: Partial<Participant> = {}): Participant =>
  ({
    id,
    email,
    name: null,
    pay_token: `tok-${id}`,
    amount: 1500,
    customer_fee: 20,
    status,
    processor_payment_intent_id: `pi_${id}`,
    authorised_at: status === 'pending' ? null : new Date(`2027-07-01T0${id.length}:00:00Z`),
    captured_at: null,
    ...over,
  }) as Participant;

const input = (type: string, participants: Participant[], over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  eventId: 'evt',
  merchantId: 'm',
  type: `checkout_split.${type}`,
  payload: {},
  split: split(),
  participants,
  cards: new Map(),
  cancelActor: null,
  refundedSlices: [],
  ...over,
});

const summary = (planned: ReturnType<typeof planReceipts>) => ({
  receipts: planned.receipts.map((e) => [e.to, e.template]),
  organiser: planned.organiser.map((e) => [e.to, e.template]),
});

describe('who hears what', () => {
  it('one left, a friend: the organiser hears who (masked, or the name when there is one)', () => {
    const people = [
      person('a', 'org@example.com', 'authorised'),
      person('b', 'bea@example.com', 'authorised'),
      person('c', 'cat@example.com', 'pending', { name: 'Cat' }),
    ];
    const planned = planReceipts(
      deps,
      input('participant_authorised', people, { payload: { participant: { id: 'b' } } }),
    );
    expect(summary(planned)).toEqual({
      receipts: [['bea@example.com', 'receipts.hold_placed']],
      organiser: [['org@example.com', 'organiser.one_left']],
    });
    expect(planned.organiser[0]!.data).toMatchObject({ missing: 'Cat' });
  });

  it('one left, the organiser: their own reminder with their pay link, never naming them', () => {
    const people = [
      person('a', 'Org@Example.com', 'pending'),
      person('b', 'bea@example.com', 'authorised'),
      person('c', 'cat@example.com', 'authorised'),
    ];
    const planned = planReceipts(
      deps,
      input('participant_authorised', people, { payload: { participant: { id: 'c' } } }),
    );
    expect(planned.organiser[0]!.data).toMatchObject({ yours: true, pay_url: 'https://pay.example/pay/tok-a' });
    expect(planned.organiser[0]!.data).not.toHaveProperty('missing');
    // In a group of two as well: the organiser's own share is all the group waits for.
    const two = [person('a', 'org@example.com', 'pending'), person('b', 'bea@example.com', 'authorised')];
    const reminded = planReceipts(
      deps,
      input('participant_authorised', two, { payload: { participant: { id: 'b' } } }),
    );
    expect(summary(reminded).organiser).toEqual([['org@example.com', 'organiser.one_left']]);
    expect(reminded.organiser[0]!.data).toMatchObject({ yours: true, total_count: 2 });
  });

  it('the organiser placing the second-to-last hold hears who is left in their own hold receipt, not a second e-mail', () => {
    const people = [
      person('a', 'org@example.com', 'authorised'),
      person('b', 'bea@example.com', 'authorised'),
      person('c', 'cat@example.com', 'pending'),
    ];
    const planned = planReceipts(
      deps,
      input('participant_authorised', people, { payload: { participant: { id: 'a' } } }),
    );
    expect(summary(planned)).toEqual({ receipts: [['org@example.com', 'receipts.hold_placed']], organiser: [] });
    expect(planned.receipts[0]!.data).toMatchObject({ still_to_pay: 'c***@example.com' });
  });

  it('the last hold: no hold receipt when the order captures at once; "the group is complete" when the shop accepts', () => {
    const people = [person('a', 'org@example.com', 'authorised'), person('bb', 'bea@example.com', 'authorised')];
    const last = input('participant_authorised', people, { payload: { participant: { id: 'bb' } } });
    expect(planReceipts(deps, last).receipts).toEqual([]);
    const accept = planReceipts(deps, { ...last, split: split({ awaiting_merchant: true }) });
    expect(accept.receipts.map((e) => [e.template, e.data.everyone_in])).toEqual([['receipts.hold_placed', true]]);
  });

  it("the capture: a receipt each; the last payer's says they completed it; the organiser's says everyone paid", () => {
    const people = [person('a', 'org@example.com', 'captured'), person('bb', 'bea@example.com', 'captured')];
    const planned = planReceipts(deps, input('paid', people));
    expect(summary(planned)).toEqual({
      receipts: [
        ['org@example.com', 'receipts.charged'],
        ['bea@example.com', 'receipts.charged'],
      ],
      organiser: [],
    });
    expect(planned.receipts.map((e) => [e.data.completed_by_you, e.data.organiser])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(planned.receipts[0]!.data).toMatchObject({
      share: '15.00',
      fee: '0.20',
      amount: '15.20',
      order_total: '45.00',
    });
  });

  it('the capture, for an organiser who covered a friend: one receipt naming both charges', () => {
    const people = [
      person('a', 'org@example.com', 'captured'),
      person('b', 'bea@example.com', 'captured'),
      person('cc', 'org@example.com', 'captured', { amount: 1000 }),
    ];
    const planned = planReceipts(deps, input('paid', people));
    expect(summary(planned).receipts).toEqual([
      ['org@example.com', 'receipts.charged'],
      ['bea@example.com', 'receipts.charged'],
    ]);
    expect(planned.receipts[0]!.data).toMatchObject({
      amount: '25.40',
      completed_by_you: true,
      organiser: true,
      charges: [
        { share: '15.00', fee: '0.20', amount: '15.20' },
        { share: '10.00', fee: '0.20', amount: '10.20' },
      ],
    });
    expect(planned.receipts[1]!.data).not.toHaveProperty('charges');
  });

  it('a cancel: one notice per address, the organiser included, with a stable id', () => {
    const people = [
      person('a', 'bea@example.com', 'canceled'),
      person('b', 'BEA@example.com', 'canceled', { authorised_at: null }),
      person('c', 'cat@example.com', 'canceled', { authorised_at: null }),
    ];
    const event = input('canceled', people, { cancelActor: 'api_key:k1' });
    const planned = planReceipts(deps, event);
    expect(summary(planned).receipts).toEqual([
      ['bea@example.com', 'checkout.order_canceled'],
      ['cat@example.com', 'checkout.order_canceled'],
      ['org@example.com', 'checkout.order_canceled'],
    ]);
    expect((planned.receipts[0]!.data.shares as { held: boolean }[]).map((s) => s.held)).toEqual([true, false]);
    expect(planned.receipts[2]!.data).toMatchObject({ role: 'organiser', cause: 'shop', shares: [] });
    expect(planReceipts(deps, event).receipts.map((e) => e.id)).toEqual(planned.receipts.map((e) => e.id));
  });
});

describe('who cancelled', () => {
  const hosted = split();
  it('reads the split history actor', () => {
    expect(cancelCause(hosted, 'api_key:k1', 'canceled')).toBe('shop');
    expect(cancelCause(hosted, 'user:someone-at-the-shop', 'canceled')).toBe('shop');
    expect(cancelCause(hosted, 'user:user-organiser', 'canceled')).toBe('organiser');
    expect(cancelCause(split({ session_token: null }), 'user:user-organiser', 'canceled')).toBe('shop');
    expect(cancelCause(hosted, 'support:ada', 'canceled')).toBe('support');
    expect(cancelCause(hosted, 'expiry', 'expired')).toBe('expired');
    expect(cancelCause(hosted, 'janitor', 'canceled')).toBe('expired');
  });
});
