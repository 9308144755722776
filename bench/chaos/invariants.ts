import { customerFeeFor, type Db, merchantFeeOn } from '@groupsplit/shared';
import { type LedgerIntent, splitLedger } from '@groupsplit/testing';
import type { Client } from '@temporalio/client';
import { mapConcurrent } from '../lib/load';
import type { ProcessStack } from '../lib/process-stack';
import { undeliveredEvents } from './quiet';
import type { ReceivedEvent } from './receiver';
import type { SplitRecord } from './workload';

/**
 * The chaos run's invariants (bench/chaos/README.md), checked once the system is quiet, from the
 * database, the processor emulator's ledger, the merchants' webhook receiver and Temporal. Each
 * check counts its violations and keeps a few examples; the run passes only when every count is 0.
 */

type Ledger = Omit<LedgerIntent, 'refunds'> & {
  application_fee_collected: number;
  application_fee_refunded: number;
  refunds: { amount: number; source: 'api' | 'dashboard' }[];
};

export type Violations = Record<string, { count: number; examples: string[] }>;

const CAPTURED_STATUSES = ['captured', 'partially_refunded', 'refunded'];
const TERMINAL = [...CAPTURED_STATUSES, 'canceled', 'creation_failed', 'capture_failed'];

export class InvariantReport {
  readonly violations: Violations = {};
  readonly counts: Record<string, number> = {};

  /** Registers a check, so it is listed (at 0) even when nothing breaks it. */
  check(name: string) {
    this.violations[name] ??= { count: 0, examples: [] };
  }

  fail(name: string, example: string) {
    this.check(name);
    const v = this.violations[name]!;
    v.count += 1;
    if (v.examples.length < 5) v.examples.push(example);
  }

  note(name: string, by = 1) {
    this.counts[name] = (this.counts[name] ?? 0) + by;
  }

  get broken() {
    return Object.entries(this.violations).filter(([, v]) => v.count > 0);
  }
}

export type InvariantInput = {
  db: Db;
  urls: ProcessStack['urls'];
  temporal: Client;
  taskQueue: string;
  records: SplitRecord[];
  events: Map<string, ReceivedEvent>;
};

const CHECKS = [
  'double capture',
  'captured before every participant authorised',
  'hold not captured, refunded or released',
  'refunds exceed the capture',
  'ledger mismatch',
  'fee mismatch',
  'lost event',
  'duplicate event',
  'event the spec rules out',
  'outbox not drained',
  'failed workflow',
  'stuck split without a finding',
  'split not finished',
  'idempotency breach',
  'second split for one order',
  'projection failure not compensated',
] as const;

export async function checkInvariants(input: InvariantInput): Promise<InvariantReport> {
  const report = new InvariantReport();
  for (const name of CHECKS) report.check(name);
  const { db } = input;

  const splitIds = input.records.map((r) => r.splitId).filter((id): id is string => Boolean(id));
  const splits = splitIds.length ? await db.selectFrom('splits').selectAll().where('id', 'in', splitIds).execute() : [];
  const participants = splitIds.length
    ? await db
        .selectFrom('split_participants')
        .selectAll()
        .where('split_id', 'in', splitIds)
        .orderBy('position')
        .execute()
    : [];
  const history = splitIds.length
    ? await db
        .selectFrom('split_history')
        .select(['split_id', 'participant_id', 'kind'])
        .where('split_id', 'in', splitIds)
        .execute()
    : [];
  const refunds = splitIds.length
    ? await db.selectFrom('split_refunds').selectAll().where('split_id', 'in', splitIds).execute()
    : [];
  // Our own refunds only: a refund made in the processor's dashboard is recorded with slices too.
  const ownRefundIds = refunds.filter((r) => r.source !== 'processor').map((r) => r.id);
  const slices = ownRefundIds.length
    ? await db
        .selectFrom('split_refund_slices')
        .select(['participant_id', 'amount', 'customer_fee'])
        .where('refund_id', 'in', ownRefundIds)
        .where('status', '=', 'succeeded')
        .execute()
    : [];
  const ledgers = new Map<string, Ledger[]>();
  await mapConcurrent(splitIds, 8, async (id) => {
    ledgers.set(id, (await splitLedger({ urls: input.urls }, id)) as Ledger[]);
  });

  const failuresRecorded = (participantId: string) =>
    history.some((h) => h.participant_id === participantId && /fail/.test(h.kind));

  // A retry after a lost answer must never make a second split (two holds on every card): every
  // split of the run, known to its script or not, has an order reference of its own.
  const byReference = await db
    .selectFrom('splits')
    .select(['order_reference', (eb) => eb.fn.countAll<number>().as('splits')])
    .where('order_reference', 'like', 'CHAOS-%')
    // A buyer tries again after a creation that failed (its holds released): that is not a second split.
    .where('status', '!=', 'creation_failed')
    .groupBy('order_reference')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  for (const row of byReference)
    report.fail('second split for one order', `${row.order_reference}: ${row.splits} splits`);

  for (const record of input.records) {
    for (const breach of record.idempotencyBreaches) report.fail('idempotency breach', `${record.splitId}: ${breach}`);
    // A split whose last capture write was refused must end capture_failed once support compensated
    // (its shares refunded: the ledger checks below), never stay stuck or end captured.
    if (record.plan.fate === 'projection_fails' && record.splitId && record.errors.length === 0) {
      report.note('projection failures compensated by support');
      if (!['capture_failed', 'creation_failed'].includes(record.outcome))
        report.fail('projection failure not compensated', `${record.splitId} ended ${record.outcome}`);
    }
    // Creation answered creation_failed because a hold met a processor error or timeout on every try.
    if (record.faultedCreations > 0)
      report.note('creation failed on processor errors or timeouts', record.faultedCreations);
  }

  for (const split of splits) {
    report.note(`split ${split.status}`);
    const own = participants.filter((p) => p.split_id === split.id);
    const ledger = ledgers.get(split.id) ?? [];
    if (!TERMINAL.includes(split.status) && !['capturing', 'canceling'].includes(split.status)) {
      report.fail('split not finished', `${split.id} is ${split.status}`);
    }

    // Capture only once everyone authorised, and each participant captured at most once.
    const captured = own.filter((p) => p.captured_at);
    if (captured.length > 0) {
      const lastAuthorised = Math.max(...own.map((p) => p.authorised_at?.getTime() ?? Number.POSITIVE_INFINITY));
      const firstCaptured = Math.min(...captured.map((p) => p.captured_at!.getTime()));
      if (!(firstCaptured >= lastAuthorised))
        report.fail(
          'captured before every participant authorised',
          `${split.id}: first capture before the last authorisation`,
        );
    }
    const capturedIntents = ledger.filter((pi) => pi.amount_captured > 0);
    if (capturedIntents.length > 0 && own.some((p) => !p.authorised_at))
      report.fail(
        'captured before every participant authorised',
        `${split.id}: captured with a participant never authorised`,
      );

    for (const p of own) {
      const intents = ledger.filter((pi) => pi.metadata?.participant_id === p.id);
      const capturedForP = intents.filter((pi) => pi.amount_captured > 0);
      if (capturedForP.length > 1)
        report.fail('double capture', `${p.id}: ${capturedForP.map((pi) => pi.id).join(', ')}`);
      for (const pi of intents) {
        if (pi.id !== p.processor_payment_intent_id && (pi.status === 'requires_capture' || pi.amount_captured > 0))
          report.fail('ledger mismatch', `${p.id}: intent ${pi.id} (${pi.status}) is not the participant's own`);
      }

      const expectedCustomerFee = customerFeeFor(own.length);
      const expectedMerchantFee = merchantFeeOn(p.amount, split.merchant_fee_bps);
      if (p.customer_fee !== expectedCustomerFee || p.merchant_fee !== expectedMerchantFee)
        report.fail(
          'fee mismatch',
          `${p.id}: fees ${p.customer_fee}/${p.merchant_fee}, expected ${expectedCustomerFee}/${expectedMerchantFee}`,
        );

      const pi = intents.find((i) => i.id === p.processor_payment_intent_id);
      if (!pi) {
        if (split.status !== 'creation_failed') report.fail('ledger mismatch', `${p.id}: no intent in the ledger`);
        continue;
      }
      if (pi.amount !== p.amount + p.customer_fee || pi.application_fee_amount !== p.customer_fee + p.merchant_fee)
        report.fail('fee mismatch', `${p.id}: intent ${pi.amount}/${pi.application_fee_amount} for share ${p.amount}`);

      if (pi.amount_captured > 0) {
        checkCapturedShare(report, split, p, pi, failuresRecorded(p.id));
        // Every refund made through the processor's API is one of ours, to the penny: the slices
        // that succeeded (with the 20p of a completing slice) and a capture rollback's whole charge.
        const viaApi = pi.refunds.filter((r) => r.source === 'api').reduce((sum, r) => sum + r.amount, 0);
        const ours =
          slices.filter((sl) => sl.participant_id === p.id).reduce((sum, sl) => sum + sl.amount + sl.customer_fee, 0) +
          (history.some((h) => h.participant_id === p.id && h.kind === 'rollback_refunded') ? pi.amount_captured : 0);
        if (viaApi !== ours)
          report.fail('ledger mismatch', `${p.id}: processor refunded ${viaApi} through the API, our records ${ours}`);
      } else {
        if (['captured', 'refunded'].includes(p.status))
          report.fail('ledger mismatch', `${p.id} is ${p.status} but its intent ${pi.id} was never captured`);
        if (CAPTURED_STATUSES.includes(split.status))
          report.fail(
            'hold not captured, refunded or released',
            `${split.id} is ${split.status}; ${p.id} not captured (${pi.status})`,
          );
        const liveHold = pi.status === 'requires_capture';
        if (liveHold && TERMINAL.includes(split.status) && !failuresRecorded(p.id)) {
          report.fail(
            'hold not captured, refunded or released',
            `${split.id} (${split.status}): live hold ${pi.id} with no failure recorded`,
          );
        }
        if (liveHold) report.note('holds left to lapse (failure recorded)');
      }
    }

    if (split.status === 'capturing' || split.status === 'canceling') report.note('stuck splits');
  }

  await checkEvents(report, input, splits, participants, refunds);
  await checkOutbox(
    report,
    db,
    splits.map((s) => s.merchant_id),
  );
  await checkWorkflows(report, input, splits);
  return report;
}

function checkCapturedShare(
  report: InvariantReport,
  split: { id: string; status: string },
  p: { id: string; status: string; amount: number; customer_fee: number; refunded_amount: number },
  pi: Ledger,
  failureRecorded: boolean,
) {
  if (pi.amount_captured !== pi.amount)
    report.fail('ledger mismatch', `${p.id}: captured ${pi.amount_captured} of ${pi.amount}`);
  if (pi.amount_refunded > pi.amount_captured || p.refunded_amount > p.amount)
    report.fail('refunds exceed the capture', `${p.id}: refunded ${pi.amount_refunded} of ${pi.amount_captured}`);
  const wholeChargeBack = pi.amount_refunded === pi.amount_captured;
  if (p.refunded_amount !== Math.min(p.amount, pi.amount_refunded))
    report.fail(
      'ledger mismatch',
      `${p.id}: refunded_amount ${p.refunded_amount}, processor refunded ${pi.amount_refunded}`,
    );
  if ((p.status === 'refunded') !== wholeChargeBack)
    report.fail(
      'ledger mismatch',
      `${p.id} is ${p.status}; processor refunded ${pi.amount_refunded} of ${pi.amount_captured}`,
    );
  // The merchant never funds the 20p: once the whole charge is back the application fee is
  // reversed in full; until then it stays (the spec's refund rules).
  const expectedFeeRefunded = wholeChargeBack ? pi.application_fee_collected : 0;
  if (pi.application_fee_refunded !== expectedFeeRefunded)
    report.fail(
      'fee mismatch',
      `${p.id}: application fee refunded ${pi.application_fee_refunded}, expected ${expectedFeeRefunded} (charge ${wholeChargeBack ? 'fully' : 'not fully'} refunded)`,
    );
  if (split.status === 'capture_failed') {
    // The rollback refunds every captured share; one left captured must have its failure recorded.
    if (!wholeChargeBack && !failureRecorded)
      report.fail(
        'hold not captured, refunded or released',
        `${split.id} capture_failed: ${p.id} captured, not refunded, no failure recorded`,
      );
    if (!wholeChargeBack) report.note('partly captured participants (failure recorded)');
  } else if (split.status === 'capturing') {
    // Stuck mid-capture, waiting for support (the spec's Stuck row; findable and with a janitor
    // finding, checked below): the shares captured so far must show captured here.
    if (p.status !== 'captured')
      report.fail('ledger mismatch', `${split.id} is stuck capturing; ${p.id} was captured but is ${p.status}`);
  } else if (!CAPTURED_STATUSES.includes(split.status)) {
    report.fail('ledger mismatch', `${split.id} is ${split.status} but ${p.id} was captured`);
  }
}

type EventKey = string;
const eventKey = (type: string, splitId: string, detail = ''): EventKey => `${type}|${splitId}|${detail}`;

async function checkEvents(
  report: InvariantReport,
  input: InvariantInput,
  splits: { id: string; status: string }[],
  participants: { id: string; split_id: string; authorised_at: Date | null }[],
  refunds: { id: string; split_id: string; refunded: number }[],
) {
  const expected = new Set<EventKey>();
  for (const p of participants)
    if (p.authorised_at) expected.add(eventKey('checkout_split.participant_authorised', p.split_id, p.id));
  for (const s of splits) {
    if (CAPTURED_STATUSES.includes(s.status)) expected.add(eventKey('checkout_split.paid', s.id));
    if (s.status === 'canceled') expected.add(eventKey('checkout_split.canceled', s.id));
  }
  for (const r of refunds) if (r.refunded > 0) expected.add(eventKey('checkout_split.refunded', r.split_id, r.id));

  const received = new Map<EventKey, Set<string>>();
  for (const event of input.events.values()) {
    if (event.acknowledged === 0) continue;
    const detail =
      event.type === 'checkout_split.participant_authorised'
        ? event.data?.participant?.id
        : event.type === 'checkout_split.refunded'
          ? event.data?.refund?.refund_id
          : '';
    const key = eventKey(event.type, event.data?.split_id ?? event.data?.session_token ?? '?', detail ?? '?');
    const ids = received.get(key) ?? new Set<string>();
    ids.add(event.eventId);
    received.set(key, ids);
  }
  for (const key of expected) {
    const ids = received.get(key);
    if (!ids) report.fail('lost event', key);
    else if (ids.size > 1) report.fail('duplicate event', `${key}: ${[...ids].join(', ')}`);
  }
  for (const key of received.keys()) if (!expected.has(key)) report.fail('event the spec rules out', key);
  report.note('webhook events expected', expected.size);
  report.note('webhook events received', received.size);
}

async function checkOutbox(report: InvariantReport, db: Db, merchantIds: string[]) {
  if (merchantIds.length === 0) return;
  const undelivered = await undeliveredEvents(db)
    .select(['e.id', 'e.type', 'e.dispatched_at'])
    .where('e.merchant_id', 'in', [...new Set(merchantIds)])
    .execute();
  for (const event of undelivered)
    report.fail(
      'outbox not drained',
      `${event.id} ${event.type} ${event.dispatched_at ? 'dispatched, never delivered' : 'never dispatched'}`,
    );
}

async function checkWorkflows(
  report: InvariantReport,
  input: InvariantInput,
  splits: { id: string; status: string }[],
) {
  for await (const execution of input.temporal.workflow.list({
    query: 'ExecutionStatus="Failed" OR ExecutionStatus="TimedOut" OR ExecutionStatus="Terminated"',
  })) {
    report.fail('failed workflow', `${execution.workflowId} ${execution.type} ${execution.status.name}`);
  }
  const stuck = splits.filter((s) => s.status === 'capturing' || s.status === 'canceling');
  for (const split of stuck) {
    const visible: string[] = [];
    for await (const execution of input.temporal.workflow.list({
      query: `WorkflowId="split:${split.id}" AND SplitStatus="${split.status}"`,
    }))
      visible.push(execution.workflowId);
    const finding = await input.db
      .selectFrom('janitor_findings')
      .select('id')
      .where('split_id', '=', split.id)
      .where('kind', '=', 'stuck')
      .executeTakeFirst();
    if (visible.length === 0 || !finding)
      report.fail(
        'stuck split without a finding',
        `${split.id} ${split.status}: ${visible.length ? 'visible' : 'not visible'} by SplitStatus, ${finding ? 'has' : 'no'} janitor finding`,
      );
  }
}
