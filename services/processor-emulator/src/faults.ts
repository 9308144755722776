import { EmulatorError } from './errors';

/** `list_refunds`: the one read that can fail (`GET /v1/refunds`), to drive readers' retry limits. */
export const FAULT_OPERATIONS = ['create', 'confirm', 'capture', 'cancel', 'refund', 'list_refunds'] as const;
export type FaultOperation = (typeof FAULT_OPERATIONS)[number];

export type FaultSpec = {
  operation: FaultOperation;
  match?: { payment_intent?: string; amount?: number; account?: string };
  error?: { type: string; code?: string; decline_code?: string; message: string; status?: number };
  /** Fires this many times, then is spent; unlimited when omitted. */
  times?: number;
  /** Waits this long before answering (a slow or timed-out call); the request still executes afterwards unless `error` is set. */
  delay_ms?: number;
  /**
   * The call executes, then the connection is dropped before the answer: the caller sees a network
   * error and cannot know the outcome (a timeout after the processor acted). Asking again under the
   * same idempotency key replays what was done.
   */
  lose_answer?: boolean;
  /**
   * Chance (0 < p <= 1) that the fault fires on each matching call; always when omitted. A call it
   * does not fire on proceeds normally and does not count towards `times`.
   */
  probability?: number;
};

/**
 * `seen`: matching calls that reached this fault while it was live (not spent, and no earlier fault
 * fired on them); `hits`: those it fired on.
 */
export type Fault = FaultSpec & { id: number; hits: number; seen: number };

export type FaultTarget = { paymentIntentId?: string | null; amount?: number | null; account: string };

/**
 * Injected failures, held in memory by this emulator instance (they are test knobs, not
 * processor state, and several test stacks share one database).
 */
export class Faults {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault = { ...spec, id: this.nextId++, hits: 0, seen: 0 };
    this.faults.push(fault);
    return fault;
  }

  clear() {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /**
   * The first live fault matching this call that fires, consumed once. Faults are considered in
   * the order they were added; each probabilistic one rolls on its own, and one that does not fire
   * lets the next one have its turn.
   */
  take(operation: FaultOperation, target: FaultTarget): Fault | null {
    for (const fault of this.faults) {
      if (fault.operation !== operation) continue;
      if (fault.times !== undefined && fault.hits >= fault.times) continue;
      const m = fault.match ?? {};
      if (m.payment_intent !== undefined && m.payment_intent !== target.paymentIntentId) continue;
      if (m.amount !== undefined && m.amount !== target.amount) continue;
      if (m.account !== undefined && m.account !== target.account) continue;
      fault.seen += 1;
      if (fault.probability !== undefined && Math.random() >= fault.probability) continue;
      fault.hits += 1;
      return { ...fault };
    }
    return null;
  }
}

export async function applyFault(fault: Fault | null): Promise<void> {
  if (!fault) return;
  if (fault.delay_ms && fault.delay_ms > 0) await new Promise((r) => setTimeout(r, fault.delay_ms));
  if (fault.error) {
    throw new EmulatorError({
      type: fault.error.type,
      message: fault.error.message,
      status: fault.error.status,
      code: fault.error.code,
      declineCode: fault.error.decline_code,
      // An injected failure happens before the request executes: nothing is remembered, so a retry can succeed.
      replayable: false,
    });
  }
}
