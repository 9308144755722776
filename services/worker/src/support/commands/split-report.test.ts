import {
  authoriseShare,
  createSplitReadyMerchant,
  holdParticipantRow,
  postSplit,
  runSupport,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitUntil,
} from '@groupsplit/testing';
import type { SplitWorkflowState } from '@groupsplit/workflows';
import { inspectSplit, renderSplitReport } from './split';
import { findMismatches, type ParticipantView } from './split-report';
import { queryWorkflowState } from './split-support';

type Created = { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };

describe('support report: a transition in flight is not a disagreement, drift that lasts is', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(() => stack.stop());

  const create = async (amounts: number[]) => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as Created;
  };

  const waitForWorkflow = (splitId: string, ready: (state: SplitWorkflowState) => boolean) =>
    waitUntil(
      'the workflow state',
      () => queryWorkflowState(stack.temporal, splitId),
      (state) => state !== null && ready(state),
    );

  it('shows a capture caught between the processor and the projection as in flight, with no disagreement', async () => {
    const split = await create([1000, 1500]);
    const [first, second] = split.participants as [Created['participants'][0], Created['participants'][0]];
    // The second share authorises first, so its row is settled before it is held.
    expect((await authoriseShare(stack, second.payToken)).status).toBe(200);
    await waitForWorkflow(split.id, (state) => state.participants[1]?.status === 'authorised');
    const release = await holdParticipantRow(stack, second.id);
    try {
      expect((await authoriseShare(stack, first.payToken)).status).toBe(200);
      // Captured at the processor; the activity now waits to write the projection.
      await waitUntil(
        'the second capture at the processor',
        () => splitLedger(stack, split.id),
        (ledger) => ledger.find((pi) => pi.id === second.paymentIntentId)?.status === 'succeeded',
      );
      // The capture batch writes the first share's capture beside the second's processor call, before the
      // step returns to the workflow: the first share is then in flight too (docs/splits.md, "Capture batch").
      await waitUntil(
        "the first share's capture in the projection",
        () => stack.db.selectFrom('split_participants').select('status').where('id', '=', first.id).executeTakeFirst(),
        (row) => row?.status === 'captured',
      );
      const emailOf = async (participantId: string) =>
        (
          await stack.db
            .selectFrom('split_participants')
            .select('email')
            .where('id', '=', participantId)
            .executeTakeFirstOrThrow()
        ).email;
      const email = await emailOf(second.id);
      const firstEmail = await emailOf(first.id);

      let pauses = 0;
      const report = await inspectSplit({ db: stack.db, config: stack.config, temporal: stack.temporal }, split.id, {
        // The report saw the mismatch and reads again: let the capture finish before it does.
        pause: async () => {
          if (pauses++ > 0) return;
          await release();
          await waitForWorkflow(split.id, (state) => state.status === 'captured');
        },
      });
      expect(report.disagreements).toEqual([]);
      expect(report.inFlight).toEqual([
        expect.stringContaining(
          `participant ${first.id} (${firstEmail}): workflow says authorised, database says captured (`,
        ),
        expect.stringContaining(
          `participant ${second.id} (${email}): database says authorised, processor says succeeded (`,
        ),
      ]);
      const text = renderSplitReport(report);
      expect(text).toContain('In flight (a transition being recorded, not a disagreement):');
      expect(text).toContain('Disagreements: none');
    } finally {
      await release();
    }
    await waitForWorkflow(split.id, (state) => state.status === 'captured');
    const settled = await runSupport(stack, 'split', split.id);
    expect(settled.out).toContain('Database: captured');
    expect(settled.out).not.toContain('In flight');
    expect(settled.out).toContain('Disagreements: none');
  });

  it('still reports a disagreement that lasts: the database changed behind the workflow', async () => {
    const split = await create([1000, 1000]);
    await stack.db.updateTable('splits').set({ status: 'canceled' }).where('id', '=', split.id).execute();
    const shown = await runSupport(stack, 'split', split.id);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('DISAGREEMENTS:');
    expect(shown.out).toContain('!! split: workflow says pending, database says canceled');
    expect(shown.out).not.toContain('In flight');
  });
});

describe('findMismatches: the step the workflow says is in flight', () => {
  const participant = (id: string, status: string): ParticipantView => ({
    id,
    email: `${id}@example.test`,
    amount: 1000,
    status,
    processor_payment_intent_id: null,
    last_error: null,
  });
  const workflow = (
    status: SplitWorkflowState['status'],
    participants: [string, SplitWorkflowState['participants'][0]['status']][],
    inFlight: SplitWorkflowState['inFlight'],
  ) =>
    ({
      status,
      participants: participants.map(([id, s]) => ({ id, status: s, paymentIntentId: null, captureBefore: null })),
      stuck: null,
      inFlight,
    }) as unknown as SplitWorkflowState;
  const mismatches = (status: string, participants: ParticipantView[], state: SplitWorkflowState) =>
    findMismatches({ status, participants, workflow: state, processor: new Map(), ledger: null, now: new Date() }).map(
      ({ key, inFlight }) => [key, inFlight],
    );
  const since = new Date().toISOString();

  it('a status the database already shows as the transition target is in flight; any other status is not', () => {
    const capturing = workflow('capturing', [['a', 'captured']], { step: 'transition', to: 'captured', since });
    expect(mismatches('captured', [participant('a', 'captured')], capturing)).toEqual([['split', true]]);
    expect(mismatches('canceled', [participant('a', 'captured')], capturing)).toEqual([['split', false]]);
    const idle = workflow('capturing', [['a', 'captured']], null);
    expect(mismatches('captured', [participant('a', 'captured')], idle)).toEqual([['split', false]]);
  });

  it('a participant step covers that participant only; a transition covers the participants it moves', () => {
    const releasing = workflow(
      'canceling',
      [
        ['a', 'authorised'],
        ['b', 'authorised'],
      ],
      { step: 'release', participantId: 'a', since },
    );
    expect(mismatches('canceling', [participant('a', 'canceled'), participant('b', 'canceled')], releasing)).toEqual([
      ['a:workflow', true],
      ['b:workflow', false],
    ]);
    const canceling = workflow('canceling', [['a', 'authorised']], { step: 'transition', to: 'canceled', since });
    expect(mismatches('canceled', [participant('a', 'canceled')], canceling)).toEqual([
      ['split', true],
      ['a:workflow', true],
    ]);
  });

  it('a refund step covers every participant and a refund status, nothing else', () => {
    const refunding = workflow('captured', [['a', 'captured']], { step: 'refund', since });
    expect(mismatches('partially_refunded', [participant('a', 'refunded')], refunding)).toEqual([
      ['split', true],
      ['a:workflow', true],
    ]);
    expect(mismatches('capture_failed', [participant('a', 'captured')], refunding)).toEqual([['split', false]]);
  });
});
