import { randomUUID } from 'node:crypto';
import { createLogger, createProcessor } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  holdParticipantRow,
  postSplit,
  runSupport,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import {
  type JanitorSweepInput,
  reconciliationJanitorWorkflow,
  splitWorkflowId,
  stateQuery,
  supportRetrySignal,
} from '@groupsplit/workflows';
import { createJanitor } from './reconcile';
import { ensureJanitorSchedule } from './schedule';

type Created = { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };

describe('reconciliation janitor', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  /** One sweep through Temporal, on this stack's worker, limited to this test's business. */
  const sweep = (input: JanitorSweepInput = {}) =>
    stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `janitor-test-${randomUUID()}`,
      args: [{ merchantId: shop.merchant.id, ...input }],
    });

  const create = async (amounts: number[]) => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as Created;
  };

  const findingsOf = (splitId: string) =>
    stack.db.selectFrom('janitor_findings').selectAll().where('split_id', '=', splitId).orderBy('id').execute();

  const cli = (...argv: string[]) => runSupport(stack, ...argv);

  /** Authorises a share and waits until the workflow has recorded it: the janitor reads a settled split. */
  const authorised = async (split: { id: string }, payToken: string, participantIndex: number) => {
    await authoriseShare(stack, payToken);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await waitUntil(
      'the authorisation recorded by the workflow',
      () => handle.query(stateQuery),
      (state) => state.participants[participantIndex]?.status === 'authorised' && !state.inFlight,
    );
  };

  it('a hold that lapsed (capture_before passed, or cancelled at the processor) cancels the pending split through its workflow', async () => {
    const expired = await create([1000, 1000]);
    const canceled = await create([1200, 1300]);
    await authorised(expired, expired.participants[0]!.payToken, 0);
    await authorised(canceled, canceled.participants[0]!.payToken, 0);
    // One hold past its capture_before at the processor; the other cancelled there.
    await stack.db
      .updateTable('emulator_charges')
      .set({ capture_before: new Date(Date.now() - 1000) })
      .where('payment_intent', '=', expired.participants[0]!.paymentIntentId)
      .execute();
    await createProcessor(stack.config, 'test').releaseHold({
      accountId: shop.accounts.test!,
      paymentIntentId: canceled.participants[0]!.paymentIntentId,
      participantId: 'outside-the-split-flow',
    });

    const result = await sweep({ splitIds: [expired.id, canceled.id] });
    expect(result).toMatchObject({ examined: 2, findings: 2, signalled: 2, errors: 0 });

    for (const [split, processorStatus] of [
      [expired, 'requires_capture'],
      [canceled, 'canceled'],
    ] as const) {
      await waitForSplitStatus(stack, split.id, ['canceled']);
      const [finding, ...rest] = await findingsOf(split.id);
      expect(rest).toEqual([]);
      expect(finding).toMatchObject({
        kind: 'hold_lapsed',
        action: 'signalled_cancel',
        participant_id: split.participants[0]!.id,
        merchant_id: shop.merchant.id,
        split_status: 'pending',
        participant_status: 'authorised',
        processor_status: processorStatus,
        resolved_at: null,
      });
      // The workflow, not the janitor, moved the split: its history names the janitor as the actor.
      const history = await stack.db
        .selectFrom('split_history')
        .select(['actor', 'to_status'])
        .where('split_id', '=', split.id)
        .where('kind', '=', 'status')
        .where('to_status', '=', 'canceled')
        .executeTakeFirstOrThrow();
      expect(history.actor).toBe('janitor');
    }

    // The next sweep sees no drift any more and closes both findings.
    const next = await sweep({ splitIds: [expired.id, canceled.id] });
    expect(next).toMatchObject({ findings: 0, resolved: 2 });
    for (const split of [expired, canceled]) {
      expect(await findingsOf(split.id)).toEqual([
        expect.objectContaining({ resolved_by: 'janitor', resolved_at: expect.any(Date) }),
      ]);
    }
  });

  it('a share captured in the processor dashboard is flagged for support (once), never acted on', async () => {
    const split = await create([1000, 1500]);
    await authorised(split, split.participants[0]!.payToken, 0);
    await emulatorControl(stack, 'POST', `/payment_intents/${split.participants[0]!.paymentIntentId}/capture`, {});

    expect(await sweep({ splitIds: [split.id] })).toMatchObject({ examined: 1, findings: 1, signalled: 0 });
    const [first] = await findingsOf(split.id);
    expect(first).toMatchObject({
      kind: 'captured_in_dashboard',
      action: 'flagged',
      participant_id: split.participants[0]!.id,
      split_status: 'pending',
      participant_status: 'authorised',
      processor_status: 'succeeded',
      resolved_at: null,
    });
    expect(first!.detail).toMatchObject({ payment_intent_id: split.participants[0]!.paymentIntentId, amount: 1020 });

    // Seen again: the same row is refreshed, the split is left exactly as it was.
    await sweep({ splitIds: [split.id] });
    const again = await findingsOf(split.id);
    expect(again).toHaveLength(1);
    expect(again[0]!.last_seen_at.getTime()).toBeGreaterThan(first!.last_seen_at.getTime());
    const row = await stack.db
      .selectFrom('splits')
      .select('status')
      .where('id', '=', split.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');

    // Support sees it in both commands.
    const stuck = await cli('stuck', '--merchant', shop.merchant.id);
    expect(stuck.out).toContain(`${split.id}  captured_in_dashboard participant ${split.participants[0]!.id}  flagged`);
    const shown = await cli('split', split.id);
    expect(shown.out).toContain(`- captured_in_dashboard participant ${split.participants[0]!.id}: flagged`);
    expect(shown.out).toContain('database says authorised, processor says succeeded');
  });

  it('flags a split waiting for support, and closes the finding once support has recovered it', async () => {
    const split = await create([1000, 1000]);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      error: { type: 'api_error', message: 'An unknown error occurred', status: 500 },
    });
    for (const p of split.participants) await authoriseShare(stack, p.payToken);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    const deadline = Date.now() + 30_000;
    while ((await handle.query(stateQuery)).stuck === null) {
      if (Date.now() > deadline) throw new Error('never stuck');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await sweep({ splitIds: [split.id] })).toMatchObject({ findings: 1, signalled: 0 });
    expect(await findingsOf(split.id)).toEqual([
      expect.objectContaining({
        kind: 'stuck',
        action: 'flagged',
        participant_id: null,
        split_status: 'capturing',
        detail: expect.objectContaining({ stage: 'capturing', error: 'An unknown error occurred' }),
      }),
    ]);

    await emulatorControl(stack, 'DELETE', '/faults');
    await handle.signal(supportRetrySignal, { actor: 'support:test', reason: 'fixed' });
    await waitForSplitStatus(stack, split.id, ['captured']);
    expect(await sweep({ splitIds: [split.id] })).toMatchObject({ findings: 0, resolved: 1 });
  });

  it('a release caught between the processor and the projection is a transition in flight, not a finding', async () => {
    const split = await create([1000, 1500]);
    const first = split.participants[0]!;
    await authoriseShare(stack, first.payToken);
    const handle = stack.temporal.client.workflow.getHandle(splitWorkflowId(split.id));
    await waitUntil(
      'the authorisation in the workflow',
      () => handle.query(stateQuery),
      (state) => state.participants[0]?.status === 'authorised',
    );
    const release = await holdParticipantRow(stack, first.id);
    const cancel = stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, { token: shop.owner.token });
    try {
      // Released at the processor; the activity now waits to write the projection (still authorised).
      await waitUntil(
        'the release at the processor',
        () => splitLedger(stack, split.id),
        (ledger) => ledger.find((pi) => pi.id === first.paymentIntentId)?.status === 'canceled',
      );
      let pauses = 0;
      const janitor = createJanitor(
        { config: stack.config, db: stack.db, logger: createLogger('janitor-test', 'silent') },
        {
          // The janitor saw the drift and reads again: let the release finish before it does.
          pause: async () => {
            if (pauses++ > 0) return;
            await release();
            await waitUntil(
              'the canceled split',
              () => handle.query(stateQuery),
              (state) => state.status === 'canceled',
            );
          },
        },
      );
      const result = await janitor.sweep(stack.temporal.client, { merchantId: shop.merchant.id, splitIds: [split.id] });
      expect(result).toMatchObject({ examined: 1, findings: 0, errors: 0 });
      expect(await findingsOf(split.id)).toEqual([]);
    } finally {
      await release();
      // The cancel the held row kept waiting can finish now.
      await cancel;
    }
    expect((await cancel).status).toBe(200);
  });

  it('with more candidates than one sweep takes, each sweep carries on after the split the last one stopped at', async () => {
    // A business of its own, so the candidates are exactly these three pending splits.
    const busy = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postSplit(stack, busy.owner.token, {
        merchantId: busy.merchant.id,
        participants: [{ email: uniqueEmail('payer'), amountMinor: 1000 }],
      });
      expect(res.status).toBe(201);
      ids.push((res.body as Created).id);
    }
    const inIdOrder = [...ids].sort();
    const janitor = createJanitor({
      config: { ...stack.config, JANITOR_SPLITS_PER_SWEEP: 2 },
      db: stack.db,
      logger: createLogger('janitor-test', 'silent'),
    });
    const sweepOnce = async () => {
      const examined: string[] = [];
      const result = await janitor.sweep(stack.temporal.client, { merchantId: busy.merchant.id }, (id) =>
        examined.push(id),
      );
      expect(result).toMatchObject({ examined: 2, errors: 0 });
      return examined;
    };

    expect(await sweepOnce()).toEqual([inIdOrder[0], inIdOrder[1]]);
    // A pending split's row never changes, so without the cursor this would be the same two again.
    expect(await sweepOnce()).toEqual([inIdOrder[2], inIdOrder[0]]);
    expect(await sweepOnce()).toEqual([inIdOrder[1], inIdOrder[2]]);
    // A sweep of named splits neither uses the business's place nor moves it.
    const named = await janitor.sweep(stack.temporal.client, { splitIds: [inIdOrder[2]!] });
    expect(named.examined).toBe(1);
    expect(
      await stack.db
        .selectFrom('janitor_sweep_cursors')
        .select('after_split_id')
        .where('merchant_id', '=', busy.merchant.id)
        .executeTakeFirst(),
    ).toEqual({ after_split_id: inIdOrder[2] });
  });

  it('is a Temporal Schedule every 15 minutes, created idempotently', async () => {
    const config = { TEMPORAL_TASK_QUEUE: `janitor-schedule-${randomUUID()}` };
    const handle = await ensureJanitorSchedule(stack.temporal.client, config);
    await ensureJanitorSchedule(stack.temporal.client, config);
    try {
      const description = await handle.describe();
      expect(description.spec.intervals).toEqual([expect.objectContaining({ every: 15 * 60 * 1000 })]);
      expect(description.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: 'reconciliationJanitorWorkflow',
        taskQueue: config.TEMPORAL_TASK_QUEUE,
      });
      expect(description.policies.overlap).toBe('SKIP');
    } finally {
      await handle.delete();
    }
  });
});

describe('reconciliation janitor: an authorisation nobody reported', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  beforeAll(async () => {
    // The processor's webhooks are lost, so only the janitor can notice the authorised hold.
    stack = await startStack({ EMULATOR_WEBHOOKS_ENABLED: false });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(() => stack.stop());

  it('signals the workflow, which checks the hold itself and carries on (here: captures a single payer)', async () => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [{ email: uniqueEmail('payer'), amountMinor: 1500 }],
    });
    expect(res.status).toBe(201);
    const split = res.body as Created;
    const participant = split.participants[0]!;
    await createProcessor(stack.config, 'test').confirmHold({
      accountId: shop.accounts.test!,
      paymentIntentId: participant.paymentIntentId,
      participantId: participant.id,
      attempt: 1,
      paymentMethodId: 'pm_card_visa',
    });

    const result = await stack.temporal.client.workflow.execute(reconciliationJanitorWorkflow, {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `janitor-test-${randomUUID()}`,
      args: [{ splitIds: [split.id] }],
    });
    expect(result).toMatchObject({ findings: 1, signalled: 1 });
    await waitForSplitStatus(stack, split.id, ['captured']);
    const [finding] = await stack.db
      .selectFrom('janitor_findings')
      .selectAll()
      .where('split_id', '=', split.id)
      .execute();
    expect(finding).toMatchObject({
      kind: 'authorisation_missed',
      action: 'signalled_authorisation',
      participant_status: 'pending',
      processor_status: 'requires_capture',
    });
    const authorised = await stack.db
      .selectFrom('split_history')
      .select('actor')
      .where('participant_id', '=', participant.id)
      .where('kind', '=', 'authorised')
      .executeTakeFirstOrThrow();
    expect(authorised.actor).toBe('janitor');
  });
});
