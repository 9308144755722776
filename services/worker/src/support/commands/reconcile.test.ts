import {
  apiKeyRecordFields,
  generateApiKey,
  randomToken,
  saveWebhookSecret,
  saveWebhookUrl,
  webhookEventIdFor,
} from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  createUser,
  emulatorControl,
  postSplit,
  runSupport,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  startWebhookReceiver,
  uniqueEmail,
  type WebhookReceiver,
  waitForMail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { refundWorkflowId } from '@groupsplit/workflows';
import { WorkflowNotFoundError } from '@temporalio/common';
import { sql } from 'kysely';
import { HISTORY_KINDS_NOT_REBUILT } from './reconcile-history';
import { queryWorkflowState } from './split-support';

type Created = { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };

/**
 * After a database restore the projection, the outbox and the history are behind the workflows and
 * the processor. These tests rewind rows by hand the way a restore would, then check that
 * `reconcile` puts everything back from the workflow's state and the processor, audited, and that
 * a second run changes nothing.
 */
describe('support CLI: reconcile', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    receiver = await startWebhookReceiver();
    await saveWebhookUrl(stack.db, shop.merchant.id, 'test', receiver.url);
    await saveWebhookSecret(stack.db, stack.config, shop.merchant.id, 'test', `whsec_${randomToken(24)}`);
  });
  afterAll(async () => {
    await receiver.close();
    await stack.stop();
  });

  const run = (...argv: string[]) => runSupport(stack, ...argv);

  const create = async () => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `RESTORE-${randomToken(6)}`,
      participants: [1000, 1500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as Created;
  };

  /** Every event the merchant should have for the split is in the outbox, and the receiver got each id. */
  const events = (splitId: string) =>
    stack.db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'dedupe_key'])
      .where(sql<string>`payload->>'split_id'`, '=', splitId)
      .orderBy('dedupe_key')
      .execute();

  const received = (eventId: string) =>
    receiver.received.filter((r) => r.headers['x-service-event-id'] === eventId).length;

  const historyPairs = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('split_history')
        .select(['kind', 'from_status', 'to_status', 'participant_id'])
        .where('split_id', '=', splitId)
        .where('kind', 'in', ['status', 'authorised', 'opened'])
        .execute()
    )
      .map((r) => `${r.kind}:${r.participant_id ?? ''}:${r.from_status ?? ''}>${r.to_status ?? ''}`)
      .sort();

  const participants = (splitId: string) =>
    stack.db
      .selectFrom('split_participants')
      .select(['id', 'status', 'processor_payment_intent_id', 'authorised_at', 'captured_at', 'refunded_amount'])
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();

  /** The participants as restored: the same rows, with times the restore lost taken from the workflow (within a second). */
  const expectRestored = (
    got: Awaited<ReturnType<typeof participants>>,
    want: Awaited<ReturnType<typeof participants>>,
  ) => {
    const untimed = (rows: typeof got) => rows.map(({ authorised_at, captured_at, ...rest }) => rest);
    expect(untimed(got)).toEqual(untimed(want));
    got.forEach((p, i) => {
      for (const column of ['authorised_at', 'captured_at'] as const) {
        expect(Math.abs(+p[column]! - +want[i]![column]!)).toBeLessThan(2000);
      }
    });
  };

  const reconcileAudit = (splitId: string) =>
    stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'split.reconcile')
      .where(sql<string>`after->>'split_id'`, '=', splitId)
      .execute();

  async function captured() {
    const split = await create();
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['captured']);
    await waitUntil(
      'the workflow captured',
      () => queryWorkflowState(stack.temporal, split.id),
      (s) => s?.status === 'captured' && s.inFlight === null,
    );
    // Every event delivered before the "restore".
    const before = await events(split.id);
    expect(before.map((e) => e.type).sort()).toEqual([
      'checkout_split.paid',
      'checkout_split.participant_authorised',
      'checkout_split.participant_authorised',
    ]);
    await receiver.waitFor(() => before.every((e) => received(e.id) >= 1));
    return { split, before };
  }

  it('puts back a split rewound to pending: status, participants, history, outbox (same ids), audited', async () => {
    const { split, before } = await captured();
    for (const e of before) expect(e.id).toBe(webhookEventIdFor(e.dedupe_key));
    const wantParticipants = await participants(split.id);
    const wantHistory = await historyPairs(split.id);

    // The restore point: the first share authorised, the second not, nothing captured.
    const [first, second] = split.participants as [Created['participants'][0], Created['participants'][0]];
    await stack.db.updateTable('splits').set({ status: 'pending' }).where('id', '=', split.id).execute();
    await stack.db
      .updateTable('split_participants')
      .set({ status: 'authorised', captured_at: null, processor_charge_id: null })
      .where('id', '=', first.id)
      .execute();
    await stack.db
      .updateTable('split_participants')
      .set({
        status: 'pending',
        authorised_at: null,
        captured_at: null,
        capture_before: null,
        processor_charge_id: null,
      })
      .where('id', '=', second.id)
      .execute();
    await stack.db
      .deleteFrom('split_history')
      .where('split_id', '=', split.id)
      .where((eb) =>
        eb.or([
          eb('kind', '=', 'status'),
          eb.and([eb('kind', '=', 'authorised'), eb('participant_id', '=', second.id)]),
        ]),
      )
      .where((eb) => eb.or([eb('to_status', '!=', 'pending'), eb('kind', '=', 'authorised')]))
      .execute();
    const lost = before.filter(
      (e) => e.dedupe_key === `paid:${split.id}` || e.dedupe_key === `authorised:${second.id}`,
    );
    await stack.db
      .deleteFrom('webhook_deliveries')
      .where(
        'event_id',
        'in',
        lost.map((e) => e.id),
      )
      .execute();
    await stack.db
      .deleteFrom('webhook_events')
      .where(
        'id',
        'in',
        lost.map((e) => e.id),
      )
      .execute();
    const deliveriesBefore = new Map(lost.map((e) => [e.id, received(e.id)]));

    const dry = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('would change');
    expect(
      (await stack.db.selectFrom('splits').select('status').where('id', '=', split.id).executeTakeFirst())?.status,
    ).toBe('pending');

    const first1 = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(first1).toMatchObject({ code: 0, err: '' });
    expect(first1.out).toContain(`${split.id}: changed (captured):`);
    expect(first1.out).toContain('status pending -> captured');
    expect(first1.out).toContain(`outbox: checkout_split.paid ${webhookEventIdFor(`paid:${split.id}`)}`);
    expect(first1.out).toContain('1 changed, 0 unchanged');

    const row = await stack.db.selectFrom('splits').selectAll().where('id', '=', split.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('captured');
    expectRestored(await participants(split.id), wantParticipants);
    expect(await historyPairs(split.id)).toEqual(wantHistory);
    // The same events, under the same ids and dedupe keys.
    expect(await events(split.id)).toEqual(before);
    // Delivered again with the same ids: at least once.
    await receiver.waitFor(() => lost.every((e) => received(e.id) > (deliveriesBefore.get(e.id) ?? 0)));
    const paid = receiver.received.find(
      (r) => r.headers['x-service-event-id'] === webhookEventIdFor(`paid:${split.id}`),
    );
    expect(JSON.parse(paid!.rawBody).data).toMatchObject({ split_id: split.id, status: 'captured' });

    const audit = await reconcileAudit(split.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_role: 'support',
      merchant_id: shop.merchant.id,
      before: { split_id: split.id, status: 'pending', restored_database: true },
      after: { split_id: split.id, actor: 'support:ada', status: 'captured' },
    });

    // A second run changes nothing and writes no second audit row.
    const again = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(again.out).toContain('0 changed, 1 unchanged');
    expect(await reconcileAudit(split.id)).toHaveLength(1);
  });

  it('recreates a split the restored database never had, found through Temporal visibility', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const { split, before } = await captured();
    const wantParticipants = await participants(split.id);
    const wantHistory = await historyPairs(split.id);

    // Restored to before the split was made: none of its rows exist.
    await forgetSplit(split.id, before);

    const result = await waitUntil(
      'the split in Temporal visibility',
      () => run('reconcile', '--since', since, '--actor', 'ada'),
      (r) => r.out.includes(split.id),
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('split row and 2 participant rows recreated');

    const row = await stack.db.selectFrom('splits').selectAll().where('id', '=', split.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'captured', merchant_id: shop.merchant.id, total_amount: 2500 });
    expectRestored(await participants(split.id), wantParticipants);
    expect(await historyPairs(split.id)).toEqual(wantHistory);
    expect(await events(split.id)).toEqual(before);
    expect(await reconcileAudit(split.id)).toHaveLength(1);

    const again = await run('reconcile', '--since', since, '--actor', 'ada');
    expect(again.out).not.toContain(`${split.id}: changed`);
    expect(again.out).toMatch(/ 0 changed, \d+ unchanged/);
    expect(await reconcileAudit(split.id)).toHaveLength(1);
  });

  it('recreates a pending split with the pay links its invitations carry: the people pay through the links they were e-mailed', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const split = await create();
    const emails = (
      await stack.db
        .selectFrom('split_participants')
        .select(['id', 'email'])
        .where('split_id', '=', split.id)
        .orderBy('position')
        .execute()
    ).map((p) => p.email);
    // The links in the invitations as the mail server has them.
    const mailed: string[] = [];
    for (const email of emails) {
      const invitation = await waitForMail(email, { subject: 'Pay your share' });
      mailed.push(/\/pay\/([A-Za-z0-9_-]+)/.exec(invitation.Text)![1]!);
    }
    expect(mailed).toEqual(split.participants.map((p) => p.payToken));

    // Restored to before the split was made: none of its rows exist.
    await forgetSplit(split.id, await events(split.id));

    const result = await run('reconcile', '--since', since, '--actor', 'ada', '--split', split.id);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('split row and 2 participant rows recreated, each with the pay link it was given');
    expect(result.out).not.toContain('a new pay link');

    // Each person pays through the link they were e-mailed, and the split is captured.
    for (const token of mailed) expect((await authoriseShare(stack, token)).status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['captured']);
    expect((await participants(split.id)).map((p) => p.status)).toEqual(['captured', 'captured']);
  });

  it('puts back a cancel the restore lost', async () => {
    const split = await create();
    const cancel = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
      token: shop.owner.token,
    });
    expect(cancel.status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['canceled']);
    await waitUntil(
      'the workflow canceled',
      () => queryWorkflowState(stack.temporal, split.id),
      (s) => s?.status === 'canceled' && s.inFlight === null,
    );
    const before = await events(split.id);
    expect(before.map((e) => e.type)).toEqual(['checkout_split.canceled']);
    const wantHistory = await allHistory(split.id);
    expect(wantHistory.filter((row) => row.startsWith('hold_released|'))).toHaveLength(2);

    await stack.db.updateTable('splits').set({ status: 'pending' }).where('id', '=', split.id).execute();
    await stack.db
      .updateTable('split_participants')
      .set({ status: 'pending' })
      .where('split_id', '=', split.id)
      .execute();
    await stack.db
      .deleteFrom('split_history')
      .where('split_id', '=', split.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'status'), eb('to_status', 'in', ['canceling', 'canceled'])]),
          eb('kind', '=', 'hold_released'),
        ]),
      )
      .execute();
    await stack.db.deleteFrom('webhook_deliveries').where('event_id', '=', before[0]!.id).execute();
    await stack.db.deleteFrom('webhook_events').where('id', '=', before[0]!.id).execute();

    const result = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(result.out).toContain('status pending -> canceled');
    expect(await events(split.id)).toEqual(before);
    const payload = await stack.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('id', '=', before[0]!.id)
      .executeTakeFirstOrThrow();
    expect(payload.payload).toMatchObject({ status: 'canceled', reason: 'canceled' });
    expect((await participants(split.id)).map((p) => p.status)).toEqual(['canceled', 'canceled']);
    expect(await allHistory(split.id)).toEqual(wantHistory);
    expect((await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id)).out).toContain(
      '0 changed, 1 unchanged',
    );
  });

  it('puts back refunds made after the restore point: rows, slices, totals, history, events (same ids), audited', async () => {
    const { split } = await captured();
    const second = split.participants[1]!;
    const partial = (body: Record<string, unknown>) =>
      stack.api.post(`/api/checkout-splits/${split.id}/partial-refund`, body, { token: shop.owner.token });
    // Refunds after the backup: part through the dashboard, one in the processor's own dashboard, then the rest.
    expect((await partial({ amount: '5.00', reason: 'One mug broken' })).status).toBe(200);
    await emulatorControl(stack, 'POST', `/payment_intents/${second.paymentIntentId}/refund`, { amount: 300 });
    await emulatorControl(stack, 'POST', '/events/flush');
    await waitUntil(
      'the processor refund synced',
      () => queryWorkflowState(stack.temporal, split.id),
      (s) => !!s?.history.some((h) => h.kind === 'processor_refund_synced' && h.note === '1 new'),
    );
    expect((await partial({})).status).toBe(200);
    await waitUntil(
      'the workflow refunded',
      () => queryWorkflowState(stack.temporal, split.id),
      (s) => s?.status === 'refunded' && s.inFlight === null,
    );
    const refundRows = () =>
      stack.db
        .selectFrom('split_refunds')
        .select([
          'id',
          'source',
          'actor',
          'actor_detail',
          'requested_amount',
          'amount',
          'refunded',
          'status',
          'reason',
          'result',
        ])
        .where('split_id', '=', split.id)
        .orderBy('created_at')
        .execute();
    const sliceRows = () =>
      stack.db
        .selectFrom('split_refund_slices as s')
        .innerJoin('split_refunds as r', 'r.id', 's.refund_id')
        .select(['s.refund_id', 's.participant_id', 's.amount', 's.customer_fee', 's.completes_share', 's.status'])
        .select('s.processor_refund_id')
        .where('r.split_id', '=', split.id)
        .orderBy('s.processor_refund_id')
        .execute();
    const refundHistory = async () =>
      (
        await stack.db
          .selectFrom('split_history')
          .select(['dedupe_key'])
          .where('split_id', '=', split.id)
          .where('kind', 'in', ['refund_started', 'refunded', 'refund_complete', 'refund_partial', 'processor_refund'])
          .execute()
      )
        .map((r) => r.dedupe_key)
        .sort();
    const refundEvents = async () => (await events(split.id)).filter((e) => e.type === 'checkout_split.refunded');
    const payloads = async () =>
      (
        await stack.db
          .selectFrom('webhook_events')
          .select(['id', 'payload'])
          .where('type', '=', 'checkout_split.refunded')
          .where(sql<string>`payload->>'split_id'`, '=', split.id)
          .orderBy('id')
          .execute()
      ).map((e) => ({ id: e.id, payload: e.payload }));

    const wantRefunds = await refundRows();
    expect(wantRefunds.map((r) => [r.source, r.refunded, r.status])).toEqual([
      ['api', 500, 'complete'],
      ['processor', 300, 'complete'],
      ['api', 1700, 'complete'],
    ]);
    const wantSlices = await sliceRows();
    const wantHistory = await refundHistory();
    const wantEvents = await refundEvents();
    expect(wantEvents).toHaveLength(3);
    for (const e of wantEvents) expect(e.id).toBe(webhookEventIdFor(e.dedupe_key));
    const wantPayloads = await payloads();
    const wantParticipants = await participants(split.id);
    await receiver.waitFor(() => wantEvents.every((e) => received(e.id) >= 1));

    // The restore point: the first refund under way (its row in progress, its slices not moved yet), nothing refunded.
    const [running, ...later] = wantRefunds as [(typeof wantRefunds)[0], ...typeof wantRefunds];
    const lost = wantEvents.map((e) => e.id);
    await stack.db.deleteFrom('webhook_deliveries').where('event_id', 'in', lost).execute();
    await stack.db.deleteFrom('webhook_events').where('id', 'in', lost).execute();
    await stack.db
      .deleteFrom('split_history')
      .where('split_id', '=', split.id)
      .where((eb) =>
        eb.or([
          eb('kind', 'in', ['refunded', 'refund_complete', 'refund_partial', 'processor_refund']),
          eb.and([eb('kind', '=', 'refund_started'), eb('dedupe_key', '!=', `refund_started:${running.id}`)]),
          eb.and([eb('kind', '=', 'status'), eb('to_status', 'in', ['partially_refunded', 'refunded'])]),
        ]),
      )
      .execute();
    const laterIds = later.map((r) => r.id);
    await stack.db.deleteFrom('split_refund_slices').where('refund_id', 'in', laterIds).execute();
    await stack.db.deleteFrom('split_refunds').where('id', 'in', laterIds).execute();
    await stack.db
      .updateTable('split_refund_slices')
      .set({ status: 'pending', processor_refund_id: null, application_fee_refunded: false })
      .where('refund_id', '=', running.id)
      .execute();
    await stack.db
      .updateTable('split_refunds')
      .set({ status: 'in_progress', refunded: 0, result: null, completed_at: null })
      .where('id', '=', running.id)
      .execute();
    await stack.db
      .updateTable('split_participants')
      .set({ status: 'captured', refunded_amount: 0 })
      .where('split_id', '=', split.id)
      .execute();
    await stack.db.updateTable('splits').set({ status: 'captured' }).where('id', '=', split.id).execute();
    const deliveriesBefore = new Map(lost.map((id) => [id, received(id)]));

    const result = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('status captured -> refunded');
    expect(result.out).toContain(
      `refund ${running.id} (api, complete, 5.00 back) finished (in progress in the database) with 2 slices`,
    );
    expect(result.out).toContain(`refund ${later[1]!.id} (api, complete, 17.00 back) recreated with 2 slices`);
    expect(result.out).toContain(`outbox: checkout_split.refunded ${wantEvents[0]!.id}`);

    expect(
      (await stack.db.selectFrom('splits').select('status').where('id', '=', split.id).executeTakeFirst())?.status,
    ).toBe('refunded');
    expectRestored(await participants(split.id), wantParticipants);
    expect(await refundRows()).toEqual(wantRefunds);
    expect(await sliceRows()).toEqual(wantSlices);
    expect(await refundHistory()).toEqual(wantHistory);
    // The same events, ids and payloads as the merchant was first sent.
    expect(await refundEvents()).toEqual(wantEvents);
    expect(await payloads()).toEqual(wantPayloads);
    await receiver.waitFor(() => lost.every((id) => received(id) > (deliveriesBefore.get(id) ?? 0)));

    const audit = await reconcileAudit(split.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_role: 'support',
      before: { split_id: split.id, status: 'captured', restored_database: true },
      after: { split_id: split.id, actor: 'support:ada', status: 'refunded' },
    });
    const again = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(again.out).toContain('0 changed, 1 unchanged');
    expect(await reconcileAudit(split.id)).toHaveLength(1);
  });

  /** Every history row of the split: kind, participant, move, and the dedupe key (status rows: the move says it). */
  const allHistory = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('split_history')
        .select(['kind', 'participant_id', 'from_status', 'to_status', 'dedupe_key'])
        .where('split_id', '=', splitId)
        .execute()
    )
      .map(
        (r) =>
          `${r.kind}|${r.participant_id ?? ''}|${r.from_status ?? ''}>${r.to_status ?? ''}|${r.kind === 'status' ? '' : r.dedupe_key}`,
      )
      .sort();

  /** A participant's row as a replace writes it: who holds the share, their pay link and hold, whom a cover covered. */
  const holder = (participantId: string) =>
    stack.db
      .selectFrom('split_participants')
      .select([
        'email',
        'name',
        'pay_token',
        'processor_payment_intent_id',
        'processor_client_secret',
        'covered_at',
        'covered_email',
        'covered_name',
        'covered_pay_token',
        'last_error',
      ])
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow();

  /** The detail of the split's history rows of these kinds, by dedupe key, without reconcile's `restored_by`. */
  const historyDetails = async (splitId: string, kinds: string[]) =>
    Object.fromEntries(
      (
        await stack.db
          .selectFrom('split_history')
          .select(['dedupe_key', 'detail'])
          .where('split_id', '=', splitId)
          .where('kind', 'in', kinds)
          .execute()
      ).map((r) => {
        const { restored_by, ...detail } = (r.detail ?? {}) as Record<string, unknown>;
        return [r.dedupe_key, detail];
      }),
    );

  /** The split's refund rows and their slices, every column but times. */
  const refundState = async (splitId: string) => ({
    refunds: await stack.db
      .selectFrom('split_refunds')
      .select([
        'id',
        'source',
        'actor',
        'actor_detail',
        'requested_amount',
        'amount',
        'refunded',
        'status',
        'reason',
        'idempotency_key',
        'result',
        'failure',
      ])
      .where('split_id', '=', splitId)
      .orderBy('created_at')
      .execute(),
    slices: await stack.db
      .selectFrom('split_refund_slices as s')
      .innerJoin('split_refunds as r', 'r.id', 's.refund_id')
      .select([
        's.refund_id',
        's.participant_id',
        's.position',
        's.amount',
        's.customer_fee',
        's.completes_share',
        's.status',
        's.processor_refund_id',
        's.application_fee_refunded',
        's.error',
      ])
      .where('r.split_id', '=', splitId)
      .orderBy('s.refund_id')
      .orderBy('s.position')
      .execute(),
  });

  const refundedPayloads = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('webhook_events')
        .select(['id', 'dedupe_key', 'payload'])
        .where('type', '=', 'checkout_split.refunded')
        .where(sql<string>`payload->>'split_id'`, '=', splitId)
        .orderBy('id')
        .execute()
    ).map((e) => ({ id: e.id, dedupe_key: e.dedupe_key, payload: e.payload }));

  /** Back to a restore point before the split was made: its rows, history, events and deliveries are gone. */
  async function forgetSplit(splitId: string, events: { id: string }[]) {
    const eventIds = events.map((e) => e.id);
    if (eventIds.length > 0) {
      await stack.db.deleteFrom('webhook_deliveries').where('event_id', 'in', eventIds).execute();
      await stack.db.deleteFrom('webhook_events').where('id', 'in', eventIds).execute();
    }
    await stack.db.deleteFrom('split_history').where('split_id', '=', splitId).execute();
    await stack.db.deleteFrom('split_participants').where('split_id', '=', splitId).execute();
    await stack.db.deleteFrom('splits').where('id', '=', splitId).execute();
  }

  /** Back to a restore point where the split was captured and nothing refunded: what the refunds wrote is gone. */
  async function rewindRefunds(splitId: string) {
    const refundIds = (
      await stack.db.selectFrom('split_refunds').select('id').where('split_id', '=', splitId).execute()
    ).map((r) => r.id);
    const eventIds = (await refundedPayloads(splitId)).map((e) => e.id);
    if (eventIds.length > 0) {
      await stack.db.deleteFrom('webhook_deliveries').where('event_id', 'in', eventIds).execute();
      await stack.db.deleteFrom('webhook_events').where('id', 'in', eventIds).execute();
    }
    await stack.db
      .deleteFrom('split_history')
      .where('split_id', '=', splitId)
      .where((eb) =>
        eb.or([
          eb('kind', 'in', [
            'refund_started',
            'refunded',
            'refund_refused',
            'refund_complete',
            'refund_partial',
            'processor_refund',
          ]),
          eb.and([eb('kind', '=', 'status'), eb('to_status', 'in', ['partially_refunded', 'refunded'])]),
        ]),
      )
      .execute();
    if (refundIds.length > 0) {
      await stack.db.deleteFrom('split_refund_slices').where('refund_id', 'in', refundIds).execute();
      await stack.db.deleteFrom('split_refunds').where('id', 'in', refundIds).execute();
    }
    await stack.db
      .updateTable('split_participants')
      .set({ status: 'captured', refunded_amount: 0 })
      .where('split_id', '=', splitId)
      .execute();
    await stack.db.updateTable('splits').set({ status: 'captured' }).where('id', '=', splitId).execute();
  }

  const partialRefund = (splitId: string, body: Record<string, unknown>) =>
    stack.api.post(`/api/checkout-splits/${splitId}/partial-refund`, body, { token: shop.owner.token });

  const refundFinished = (splitId: string) =>
    waitUntil(
      'the workflow recorded the refund',
      () => queryWorkflowState(stack.temporal, splitId),
      (s) => !!s?.history.some((h) => h.kind === 'refund_finished') && s.inFlight === null,
    );

  it('puts back a refund the processor refused for one participant: the failed slice, what the merchant was told, the event', async () => {
    const { split } = await captured();
    const [first, second] = split.participants as [Created['participants'][0], Created['participants'][0]];
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: second.paymentIntentId },
      error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is under dispute.' },
    });
    const ask = { amount: '20.00', reason: 'Half the order', idempotency_key: `refused-${split.id}` };
    let told: Awaited<ReturnType<typeof partialRefund>>;
    try {
      told = await partialRefund(split.id, ask);
    } finally {
      await emulatorControl(stack, 'DELETE', '/faults');
    }
    expect(told.status).toBe(409);
    expect(told.body).toMatchObject({
      code: 'partial_failure',
      refund: { refunded: '8.00', failure_reason: 'This charge is under dispute.' },
    });
    await refundFinished(split.id);
    const want = await refundState(split.id);
    expect(want.slices.map((s) => [s.participant_id, s.status, s.amount])).toEqual([
      [first.id, 'succeeded', 800],
      [second.id, 'failed', 1200],
    ]);
    expect(want.refunds[0]).toMatchObject({ status: 'partial', refunded: 800, failure: { code: 'charge_disputed' } });
    const wantHistory = await allHistory(split.id);
    expect(wantHistory).toContain(`refund_refused|${second.id}|>|refund_refused:${want.refunds[0]!.id}:${second.id}`);
    const wantRefused = await historyDetails(split.id, ['refund_refused']);
    expect(Object.values(wantRefused)).toEqual([expect.objectContaining({ code: 'charge_disputed' })]);
    const wantEvents = await refundedPayloads(split.id);
    expect(wantEvents).toHaveLength(1);
    const wantParticipants = await participants(split.id);
    await receiver.waitFor(() => received(wantEvents[0]!.id) >= 1);

    await rewindRefunds(split.id);
    const result = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(
      `refund ${want.refunds[0]!.id} (api, partial, 8.00 back) recreated with 2 slices, refused for participant ${second.id} (This charge is under dispute.)`,
    );

    // The refund as the refund workflow recorded it, the processor's error code of the refusal included.
    expect(await refundState(split.id)).toEqual(want);
    expectRestored(await participants(split.id), wantParticipants);
    expect(await allHistory(split.id)).toEqual(wantHistory);
    expect(await historyDetails(split.id, ['refund_refused'])).toEqual(wantRefused);
    expect(await refundedPayloads(split.id)).toEqual(wantEvents);
    // What the merchant was told, told again for the same key.
    const replay = await partialRefund(split.id, ask);
    expect({ ...replay.body, request_id: undefined }).toEqual({ ...told.body, request_id: undefined });

    const again = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(again.out).toContain('0 changed, 1 unchanged');
    expect(await reconcileAudit(split.id)).toHaveLength(1);
  });

  it("rebuilds a refund whose workflow is past Temporal's retention from the split workflow's history and the processor", async () => {
    const { split } = await captured();
    const ask = { amount: '5.00', reason: 'One mug broken', idempotency_key: `retained-${split.id}` };
    const told = await partialRefund(split.id, ask);
    expect(told.status).toBe(200);
    await refundFinished(split.id);
    const want = await refundState(split.id);
    const refund = want.refunds[0]!;
    const wantHistory = await allHistory(split.id);
    const wantEvents = await refundedPayloads(split.id);
    expect(wantEvents).toHaveLength(1);
    const wantParticipants = await participants(split.id);
    await receiver.waitFor(() => received(wantEvents[0]!.id) >= 1);

    // Past retention: Temporal has deleted the refund's child workflow. Temporal deletes in the background,
    // retrying behind the execution's close tasks; asked again now and then until it is gone.
    const { client } = stack.temporal;
    const workflowId = refundWorkflowId(split.id, refund.id);
    const remove = () =>
      client.workflowService
        .deleteWorkflowExecution({ namespace: client.options.namespace, workflowExecution: { workflowId } })
        .catch(() => undefined);
    let polls = 0;
    await waitUntil(
      'the refund workflow gone',
      async () => {
        if (polls++ % 20 === 0) await remove();
        return client.workflow
          .getHandle(workflowId)
          .describe()
          .then(
            () => 'there',
            (error: unknown) => (error instanceof WorkflowNotFoundError ? 'gone' : String(error)),
          );
      },
      (at) => at === 'gone',
      90_000,
    );
    await rewindRefunds(split.id);

    const result = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(`refund ${refund.id} (${refund.source}, complete, 5.00 back) recreated with 2 slices`);
    expect(result.out).toContain(
      `refund ${refund.id}: rebuilt from the split workflow's history (its refund workflow is past Temporal's retention)`,
    );
    expect(result.out).not.toContain('unknown');

    // The ask (who, amount asked for, reason, idempotency key) from what the split workflow started the refund
    // with, its outcome from the refund workflow's answer there, the slices from the processor: all of it.
    expect(refund).toMatchObject({
      reason: 'One mug broken',
      requested_amount: 500,
      idempotency_key: ask.idempotency_key,
    });
    expect(await refundState(split.id)).toEqual(want);
    expectRestored(await participants(split.id), wantParticipants);
    expect(await allHistory(split.id)).toEqual(wantHistory);
    expect(await refundedPayloads(split.id)).toEqual(wantEvents);
    // The merchant who repeats the key is answered as the first time.
    const replay = await partialRefund(split.id, ask);
    expect({ ...replay.body, request_id: undefined }).toEqual({ ...told.body, request_id: undefined });

    const again = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', split.id);
    expect(again.out).toContain('0 changed, 1 unchanged');
    expect(await reconcileAudit(split.id)).toHaveLength(1);
  });

  it('puts back a replacement made after the backup (the new holder and the link they were e-mailed) and the other history rows the workflow tells', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const split = await create();
    const [, second] = split.participants as [Created['participants'][0], Created['participants'][0]];
    const original = await holder(second.id);
    const replaced = await stack.api.post(
      `/api/checkout-splits/${split.id}/participants/${second.id}/replace`,
      { email: uniqueEmail('stand-in'), name: 'Stand In' },
      { token: shop.owner.token },
    );
    expect(replaced.status).toBe(200);
    const standIn = await holder(second.id);
    expect(standIn).toMatchObject({ name: 'Stand In' });
    expect(standIn.pay_token).not.toBe(original.pay_token);
    await waitUntil(
      'the replaced hold released',
      () => allHistory(split.id),
      (rows) => rows.some((row) => row.startsWith('replaced_hold_released|')),
    );
    const replacedDetail = await historyDetails(split.id, ['participant_replaced']);
    expect(replacedDetail[`replaced:${second.id}:1`]).toMatchObject({ email: standIn.email });
    const liveHistory = await allHistory(split.id);

    // Restored to before the replacement: the row holds the replaced person, their pay link and hold.
    await stack.db.updateTable('split_participants').set(original).where('id', '=', second.id).execute();
    await stack.db
      .deleteFrom('split_history')
      .where('split_id', '=', split.id)
      .where('dedupe_key', 'in', [`replaced:${second.id}:1`, `replaced_hold_released:${second.id}:1`])
      .execute();
    const putBack = await run('reconcile', '--since', since, '--actor', 'ada', '--split', split.id);
    expect(putBack).toMatchObject({ code: 0, err: '' });
    expect(putBack.out).toContain(
      `participant ${second.id} replaced after the backup (replacement 1): its new holder's e-mail address and name, the pay link e-mailed to them`,
    );
    expect(putBack.out).not.toContain(standIn.email);
    expect(await holder(second.id)).toEqual(standIn);
    expect(await historyDetails(split.id, ['participant_replaced'])).toEqual(replacedDetail);
    // Every row back but those of the kinds it says it cannot rebuild: here the replaced hold's release,
    // which the workflow's state does not record.
    const rebuildable = liveHistory.filter((row) => !(row.split('|')[0]! in HISTORY_KINDS_NOT_REBUILT));
    expect(liveHistory.filter((row) => !rebuildable.includes(row))).toEqual([
      `replaced_hold_released|${second.id}|>|replaced_hold_released:${second.id}:1`,
    ]);
    expect(await allHistory(split.id)).toEqual(rebuildable);

    // The pay link the stand-in was e-mailed works: everyone pays, and the split is captured.
    for (const token of [split.participants[0]!.payToken, standIn.pay_token]) {
      expect((await authoriseShare(stack, token)).status).toBe(200);
    }
    await waitForSplitStatus(stack, split.id, ['captured']);
    await waitUntil(
      'the workflow captured',
      () => queryWorkflowState(stack.temporal, split.id),
      (s) => s?.status === 'captured' && s.inFlight === null,
    );
    const wantHistory = await allHistory(split.id);
    expect(wantHistory).toEqual(
      expect.arrayContaining([
        `hold_placed|${second.id}|>|hold_placed:${second.id}`,
        `participant_replaced|${second.id}|>|replaced:${second.id}:1`,
        `captured|${second.id}|authorised>captured|captured:${second.id}`,
      ]),
    );
    const wantDetails = await historyDetails(split.id, ['participant_replaced', 'hold_placed']);

    // Restored to before the split was made: its rows, history and events are gone.
    const before = await events(split.id);
    await forgetSplit(split.id, before);

    const result = await run('reconcile', '--since', since, '--actor', 'ada', '--split', split.id);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(`history: participant ${second.id} participant_replaced (replacement 1)`);
    // Every row back (the replaced hold's release went with the first restore).
    expect(await allHistory(split.id)).toEqual(wantHistory);
    // The replacement and the first hold as they were written, from the split workflow's history.
    expect(await historyDetails(split.id, ['participant_replaced', 'hold_placed'])).toEqual(wantDetails);
    // The stand-in holds the share again, with the pay link they were e-mailed.
    expect(await holder(second.id)).toEqual(standIn);

    const again = await run('reconcile', '--since', since, '--actor', 'ada', '--split', split.id);
    expect(again.out).toContain('0 changed, 1 unchanged');
    // One audit row per reconcile that changed something.
    expect(await reconcileAudit(split.id)).toHaveLength(2);
  });

  it('puts back a seat claimed after the backup: the participant with the link they were e-mailed, the seat, its history', async () => {
    // A hosted checkout: the buyer's £15 and two open £15 seats; a friend takes one through the group link.
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: 'shop.example.com' })
      .where('id', '=', shop.merchant.id)
      .execute();
    const apiKey = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: shop.merchant.id, name: 'seats', mode: 'test', ...apiKeyRecordFields(apiKey) })
      .execute();
    const [buyer, friend] = [
      await createUser(stack.db, { consent: false }),
      await createUser(stack.db, { consent: false }),
    ];
    const session = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 45, return_url: 'https://shop.example.com/thanks' },
      { apiKey },
    );
    expect(session.status).toBe(201);
    const made = await stack.api.post(
      `/api/merchants/checkout/sessions/${session.body.token}/split`,
      { mode: 'split', participants: [{ email: buyer.email, amount: 15 }, { amount: 15 }, { amount: 15 }] },
      { token: buyer.token },
    );
    expect(made.status).toBe(201);
    const splitId = made.body.split_id as string;
    const groupToken = (made.body.group_url as string).split('/join/')[1]!;
    const seatId = (made.body.open_seats as { id: string }[])[0]!.id;
    const claimed = await stack.api.post(
      `/api/checkout-splits/join/${groupToken}/claim`,
      { seat_id: seatId, name: 'Seat Friend' },
      { token: friend.token },
    );
    expect(claimed.status).toBe(200);
    const seatRows = () =>
      stack.db
        .selectFrom('split_seats')
        .select(['id', 'participant_id', 'claimed_at'])
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute();
    const wantSeats = await seatRows();
    const participantId = wantSeats.find((seat) => seat.id === seatId)!.participant_id!;
    const row = () =>
      stack.db.selectFrom('split_participants').selectAll().where('id', '=', participantId).executeTakeFirstOrThrow();
    const { updated_at, created_at, ...wantRow } = await row();
    expect(wantRow).toMatchObject({ email: friend.email, name: 'Seat Friend' });
    expect(claimed.body.pay_url).toContain(wantRow.pay_token);
    const wantHistory = await allHistory(splitId);
    expect(wantHistory).toContain(`seat_claimed|${participantId}|>|seat_claimed:${seatId}`);
    const wantDetails = await historyDetails(splitId, ['seat_claimed', 'hold_placed']);

    // Restored to before the claim: no participant, the seat open.
    await stack.db.deleteFrom('split_history').where('participant_id', '=', participantId).execute();
    await stack.db
      .updateTable('split_seats')
      .set({ participant_id: null, claimed_at: null })
      .where('id', '=', seatId)
      .execute();
    await stack.db.deleteFrom('split_participants').where('id', '=', participantId).execute();

    const result = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', splitId);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(
      `participant ${participantId} took seat ${seatId} after the backup: its row (the pay link e-mailed to them) and the seat marked as theirs`,
    );
    expect(result.out).not.toContain(friend.email);
    const got = await row();
    expect(got).toMatchObject(wantRow);
    expect(Math.abs(+got.created_at - +created_at)).toBeLessThan(2000);
    const seats = await seatRows();
    expect(seats.map(({ claimed_at, ...seat }) => seat)).toEqual(wantSeats.map(({ claimed_at, ...seat }) => seat));
    expect(await allHistory(splitId)).toEqual(wantHistory);
    expect(await historyDetails(splitId, ['seat_claimed', 'hold_placed'])).toEqual(wantDetails);
    const again = await run('reconcile', '--since', '10m', '--actor', 'ada', '--split', splitId);
    expect(again.out).toContain('0 changed, 1 unchanged');
    // The link the friend was e-mailed works.
    expect((await authoriseShare(stack, wantRow.pay_token)).status).toBe(200);
  });

  it('refuses a bad --since and needs an actor', async () => {
    expect(await run('reconcile', '--since', 'yesterday', '--actor', 'ada')).toMatchObject({ code: 2 });
    expect(await run('reconcile', '--since', '1h')).toMatchObject({ code: 2 });
  });
});
