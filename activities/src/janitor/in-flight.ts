import type { SplitWorkflowState } from '@groupsplit/workflows';

/**
 * The split workflow writes the Postgres projection (and calls the processor) first and only
 * then updates its own state, so for a moment the database, the processor and the workflow's
 * query legitimately disagree. These rules, shared by the janitor and the support report, tell
 * such a transition in flight from drift.
 */
export type InFlightStep = NonNullable<SplitWorkflowState['inFlight']>;

/** The step the workflow is recording; null when idle, or from workflow code that does not say. */
export const inFlightStep = (state: SplitWorkflowState | null | undefined): InFlightStep | null =>
  state?.inFlight ?? null;

/** Refund steps name neither a status nor a participant: any participant, and a refund status, may be moving. */
const isRefundStep = (step: InFlightStep) => step.to === undefined && step.participantId === undefined;
const REFUND_STATUSES: readonly string[] = ['partially_refunded', 'refunded'];

/** A split-status mismatch where the database already shows where the step in flight is going. */
export function splitStatusInFlight(step: InFlightStep | null, databaseStatus: string): boolean {
  if (!step) return false;
  if (step.to !== undefined) return step.to === databaseStatus;
  return isRefundStep(step) && REFUND_STATUSES.includes(databaseStatus);
}

/**
 * A mismatch about one participant (workflow against database, or database against
 * processor) caused by the step in flight: that participant's own step, a refund step, or a
 * status transition that moves participants with it and that the database already shows.
 */
export function participantInFlight(step: InFlightStep | null, participantId: string, databaseStatus: string): boolean {
  if (!step) return false;
  // Several steps at once (a capture's projection write beside the next capture): each one's participant.
  if (step.participantIds?.includes(participantId)) return true;
  if (step.participantId !== undefined) return step.participantId === participantId;
  if (step.to !== undefined) return step.to === databaseStatus;
  return true;
}

/** How long a mismatch must last before it is drift: longer than any step takes to be recorded. */
export const SETTLE_WINDOW_MS = 3_000;
const SETTLE_INTERVAL_MS = 250;

export type SettleOptions = {
  windowMs?: number;
  /** Waits between two readings; tests replace it to move the system on deterministically. */
  pause?: () => Promise<void>;
  /** The clock the window is measured on; tests give one that moves with their readings, not with the machine. */
  now?: () => number;
};

export type Settled<T> = {
  /** The last reading. */
  reading: T;
  /** Problems seen in every reading for the whole window, by key, as last worded. */
  lasting: Map<string, string>;
  /** Problems seen at some point that did not last: transitions that were in flight. */
  passed: Map<string, string>;
};

/**
 * Reads until no problem has lasted through every reading, or the window is over. Problems
 * are keyed by what they are about (a split, a participant's view), so one whose wording
 * changes while the workflow moves on still counts as the same problem.
 */
export async function readUntilSettled<T>(
  read: () => Promise<T>,
  problemsOf: (reading: T) => Map<string, string>,
  options: SettleOptions = {},
): Promise<Settled<T>> {
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_INTERVAL_MS)));
  const now = options.now ?? Date.now;
  const deadline = now() + (options.windowMs ?? SETTLE_WINDOW_MS);
  let reading = await read();
  let lasting = problemsOf(reading);
  const seen = new Map(lasting);
  while (lasting.size > 0 && now() < deadline) {
    await pause();
    reading = await read();
    const problems = problemsOf(reading);
    for (const [key, text] of problems) if (!seen.has(key)) seen.set(key, text);
    lasting = new Map([...problems].filter(([key]) => lasting.has(key)));
  }
  const passed = new Map([...seen].filter(([key]) => !lasting.has(key)));
  return { reading, lasting, passed };
}
