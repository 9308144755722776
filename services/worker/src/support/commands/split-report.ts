import { inFlightStep, participantInFlight, splitStatusInFlight } from '@groupsplit/activities';
import type { Hold } from '@groupsplit/shared';
import type { SplitWorkflowState } from '@groupsplit/workflows';

export type LedgerEntry = {
  id: string;
  status: string;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  capture_calls: number;
};

export type ParticipantView = {
  id: string;
  email: string;
  amount: number;
  status: string;
  processor_payment_intent_id: string | null;
  last_error: string | null;
};

export type ProcessorView = { hold: Hold | null; error: string | null };

/** Processor statuses a participant status is consistent with. */
const EXPECTED: Record<string, string[]> = {
  pending: ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'canceled'],
  authorised: ['requires_capture'],
  captured: ['succeeded'],
  refunded: ['succeeded'],
};

function participantVsProcessor(p: ParticipantView, hold: Hold, now: Date): string | null {
  const label = `participant ${p.id} (${p.email})`;
  if (p.status === 'canceled') {
    if (hold.status === 'succeeded') return `${label}: database says canceled, but the processor captured the money`;
    if (hold.status === 'requires_capture') {
      return `${label}: database says canceled, but a live hold is still on the card (lapses ${hold.captureBefore ?? 'by itself'})`;
    }
    return null;
  }
  const expected = EXPECTED[p.status] ?? [];
  if (!expected.includes(hold.status)) {
    return `${label}: database says ${p.status}, processor says ${hold.status}`;
  }
  if (p.status === 'authorised' && hold.captureBefore && Date.parse(hold.captureBefore) <= +now) {
    return `${label}: database says authorised, but the hold lapsed at ${hold.captureBefore}`;
  }
  if (p.status === 'refunded' && hold.amountRefunded < hold.amount) {
    return `${label}: database says refunded, processor has refunded ${hold.amountRefunded} of ${hold.amount} pence`;
  }
  return null;
}

/** One way two views of a split disagree; `key` names what it is about, so a re-read can match it. */
export type Mismatch = { key: string; text: string; inFlight: boolean };

/**
 * Every way the workflow, the projection, the processor and the emulator's ledger disagree.
 * A mismatch the workflow's step in flight explains is marked `inFlight` (not a disagreement).
 */
export function findMismatches(input: {
  status: string;
  participants: ParticipantView[];
  workflow: SplitWorkflowState | null;
  processor: Map<string, ProcessorView>;
  ledger: LedgerEntry[] | null;
  now: Date;
}): Mismatch[] {
  const out: Mismatch[] = [];
  const { workflow } = input;
  const step = inFlightStep(workflow);
  const moving = (participantId: string) => participantInFlight(step, participantId, input.status);
  if (workflow && workflow.status !== input.status) {
    out.push({
      key: 'split',
      text: `split: workflow says ${workflow.status}, database says ${input.status}`,
      inFlight: splitStatusInFlight(step, input.status),
    });
  }
  for (const p of input.participants) {
    const inWorkflow = workflow?.participants.find((w) => w.id === p.id);
    if (workflow && !inWorkflow) {
      out.push({ key: `${p.id}:workflow`, text: `participant ${p.id}: unknown to the workflow`, inFlight: false });
    }
    if (inWorkflow && inWorkflow.status !== p.status) {
      out.push({
        key: `${p.id}:workflow`,
        text: `participant ${p.id} (${p.email}): workflow says ${inWorkflow.status}, database says ${p.status}`,
        inFlight: moving(p.id),
      });
    }
    const seen = input.processor.get(p.id);
    if (seen?.hold) {
      const problem = participantVsProcessor(p, seen.hold, input.now);
      if (problem) out.push({ key: `${p.id}:processor`, text: problem, inFlight: moving(p.id) });
      const booked = input.ledger?.find((l) => l.id === seen.hold?.id);
      if (input.ledger && !booked) {
        out.push({
          key: `${p.id}:ledger`,
          text: `participant ${p.id}: PaymentIntent ${seen.hold.id} missing from the ledger`,
          inFlight: false,
        });
      }
      if (booked && booked.status !== seen.hold.status) {
        out.push({
          key: `${p.id}:ledger`,
          text: `participant ${p.id}: ledger says ${booked.status}, processor API says ${seen.hold.status}`,
          inFlight: false,
        });
      }
    }
  }
  return out;
}
