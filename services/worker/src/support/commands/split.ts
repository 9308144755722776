import { type InFlightStep, inFlightStep, readUntilSettled, type SettleOptions } from '@groupsplit/activities';
import { createProcessors, formatPounds, JanitorRepository, SplitOperationsRepository } from '@groupsplit/shared';
import { type SplitWorkflowState, splitWorkflowId } from '@groupsplit/workflows';
import { SupportCommandError } from '../args';
import { findMismatches, type LedgerEntry, type ParticipantView, type ProcessorView } from './split-report';
import { configOf, queryWorkflowState, splitIdArg, withTemporal } from './split-support';
import type { SupportCommand, SupportDeps } from './types';

async function emulatorLedger(baseUrl: string, splitId: string): Promise<LedgerEntry[] | string> {
  try {
    const url = new URL(`/_emulator/ledger?split_id=${encodeURIComponent(splitId)}`, baseUrl);
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return `ledger unavailable: HTTP ${response.status}`;
    return ((await response.json()) as { payment_intents: LedgerEntry[] }).payment_intents;
  } catch (error) {
    return `ledger unavailable: ${(error as Error).message}`;
  }
}

/** One reading of every view of the split: database, workflow, processor and emulator ledger. */
async function readViews(deps: SupportDeps, splitId: string) {
  const config = configOf(deps);
  const splits = new SplitOperationsRepository(deps.db);
  const split = await splits.find(splitId);
  if (!split) throw new SupportCommandError(`No split ${splitId}`);
  const participants: ParticipantView[] = await splits.participantsOverview(splitId);

  let workflow: SplitWorkflowState | null = null;
  let workflowError: string | null = null;
  try {
    workflow = await withTemporal(deps, (temporal) => queryWorkflowState(temporal, splitId));
    if (!workflow) workflowError = 'no such workflow';
  } catch (error) {
    workflowError = (error as Error).message;
  }

  const processor = createProcessors(config).forMode(split.mode);
  const processorViews = new Map<string, ProcessorView>();
  for (const p of participants) {
    if (!p.processor_payment_intent_id) continue;
    try {
      const hold = await processor.retrieveHold({
        accountId: split.processor_account_id,
        paymentIntentId: p.processor_payment_intent_id,
      });
      // The client secret confirms payments; an operator never needs it.
      processorViews.set(p.id, { hold: { ...hold, clientSecret: null }, error: null });
    } catch (error) {
      processorViews.set(p.id, { hold: null, error: (error as Error).message });
    }
  }

  const ledgerResult = config.STRIPE_API_BASE_URL ? await emulatorLedger(config.STRIPE_API_BASE_URL, splitId) : null;
  const ledger = Array.isArray(ledgerResult) ? ledgerResult : null;
  const views = {
    split,
    participants,
    workflow,
    workflowError,
    processor: processorViews,
    ledger,
    ledgerError: typeof ledgerResult === 'string' ? ledgerResult : null,
  };
  const mismatches = findMismatches({ ...views, status: split.status, now: new Date() });
  return { ...views, mismatches };
}

/**
 * Everything known about one split, side by side, with the disagreements spelled out. A
 * mismatch the workflow's step in flight explains is shown as in flight; any other is read
 * again for a short window (the workflow updates its own state just after the projection,
 * and older workflow code does not say what it is doing), and only one that lasts is a
 * disagreement.
 */
export async function inspectSplit(deps: SupportDeps, splitId: string, settle: SettleOptions = {}) {
  const unexplained = (reading: Awaited<ReturnType<typeof readViews>>) =>
    new Map(reading.mismatches.filter((m) => !m.inFlight).map((m) => [m.key, m.text]));
  const { reading, lasting, passed } = await readUntilSettled(() => readViews(deps, splitId), unexplained, settle);
  const findings = await new JanitorRepository(deps.db).openFindingsOfSplit(splitId);
  const { mismatches, ...views } = reading;
  const stillSeen = new Set(mismatches.map((m) => m.key));
  return {
    ...views,
    findings,
    /** Explained by the step the workflow is recording, or not lasting when read again. */
    inFlight: [
      ...mismatches.filter((m) => m.inFlight).map((m) => `${m.text} (${whyInFlight(views.workflow)})`),
      ...mismatches
        .filter((m) => !m.inFlight && !lasting.has(m.key))
        .map((m) => `${m.text} (appeared while reading again; run the report again to see whether it lasts)`),
      ...[...passed].filter(([key]) => !stillSeen.has(key)).map(([, text]) => `${text} (gone when read again)`),
    ],
    disagreements: [...lasting.values()],
  };
}

function describeStep(step: InFlightStep): string {
  const target = step.to ? ` to ${step.to}` : '';
  const who = step.participantId ? ` for participant ${step.participantId}` : '';
  return `${step.step}${target}${who} since ${step.since}`;
}

function whyInFlight(workflow: SplitWorkflowState | null): string {
  const step = inFlightStep(workflow);
  return step ? `the workflow is recording ${describeStep(step)}` : 'in flight';
}

export type SplitReport = Awaited<ReturnType<typeof inspectSplit>>;

export function renderSplitReport(report: SplitReport): string {
  const { split, workflow } = report;
  const lines = [
    `Split ${split.id}  merchant ${split.merchant_id}  ${split.mode}  "${split.order_reference}"  total £${formatPounds(split.total_amount)}`,
    `Database: ${split.status} (updated ${split.updated_at.toISOString()}; holds valid until ${split.authorization_expires_at.toISOString()})` +
      (split.failure_reason ? `; failure: ${split.failure_reason}` : ''),
  ];
  if (workflow) {
    lines.push(
      `Workflow ${splitWorkflowId(split.id)}: ${workflow.status}` +
        (workflow.stuck
          ? `  STUCK in ${workflow.stuck.stage} since ${workflow.stuck.since}: ${workflow.stuck.error}` +
            ` (send retry, compensate or resolve)`
          : '') +
        (workflow.inFlight ? `  IN FLIGHT: ${describeStep(workflow.inFlight)}` : ''),
    );
  } else {
    lines.push(`Workflow ${splitWorkflowId(split.id)}: unavailable (${report.workflowError})`);
  }
  lines.push('Participants:');
  for (const [index, p] of report.participants.entries()) {
    const inWorkflow = workflow?.participants.find((w) => w.id === p.id);
    const seen = report.processor.get(p.id);
    const booked = report.ledger?.find((l) => l.id === p.processor_payment_intent_id);
    const processorText = seen?.hold
      ? `${seen.hold.status} ${seen.hold.id} (captured ${seen.hold.amountReceived}, refunded ${seen.hold.amountRefunded}` +
        `${seen.hold.captureBefore ? `, capture before ${seen.hold.captureBefore}` : ''})`
      : seen?.error
        ? `unreadable: ${seen.error}`
        : 'no PaymentIntent';
    lines.push(
      `  ${index + 1}. ${p.id} ${p.email} £${formatPounds(p.amount)}`,
      `     database=${p.status}  workflow=${inWorkflow?.status ?? '?'}  processor=${processorText}` +
        (booked ? `  ledger=${booked.status} captures=${booked.capture_calls}` : '') +
        (p.last_error ? `  last error: ${p.last_error}` : ''),
    );
  }
  if (report.ledgerError) lines.push(`Emulator ${report.ledgerError}`);
  lines.push(report.findings.length ? 'Janitor findings (open):' : 'Janitor findings (open): none');
  for (const f of report.findings) {
    lines.push(
      `  - ${f.kind}${f.participant_id ? ` participant ${f.participant_id}` : ''}: ${f.action}; ` +
        `split ${f.split_status}, participant ${f.participant_status ?? '-'}, processor ${f.processor_status ?? '-'}; ` +
        `first seen ${f.first_seen_at.toISOString()}`,
    );
  }
  if (report.inFlight.length) {
    lines.push(
      'In flight (a transition being recorded, not a disagreement):',
      ...report.inFlight.map((m) => `  ~ ${m}`),
    );
  }
  if (report.disagreements.length === 0) lines.push('Disagreements: none');
  else lines.push('DISAGREEMENTS:', ...report.disagreements.map((d) => `  !! ${d}`));
  return lines.join('\n');
}

export const splitCommand: SupportCommand = {
  usage: 'split <splitId> [--json]',
  summary:
    'Show a split as the workflow, the database, the processor and the emulator ledger see it, flagging disagreements',
  async run(args, deps) {
    const report = await inspectSplit(deps, splitIdArg(args));
    if (args.flags.json) {
      return JSON.stringify(
        { ...report, processor: Object.fromEntries(report.processor) },
        (_key, value) => (typeof value === 'bigint' ? Number(value) : value),
        2,
      );
    }
    return renderSplitReport(report);
  },
};
