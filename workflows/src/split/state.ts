import { condition, upsertSearchAttributes } from '@temporalio/workflow';
import type { RefundRequest, RefundWorkflowResult } from '../refunds/types';
import { stepProjectionActivities } from './activities';
import type {
  AcceptRequest,
  Actor,
  CancelRequest,
  ClaimSeatOutcome,
  ClaimSeatRequest,
  CreateSplitOutcome,
  ParticipantAuthorised,
  ReplaceOutcome,
  ReplaceRequest,
  SupportAction,
  SupportKind,
  SupportOutcome,
  SupportRefusal,
  SupportResolution,
} from './messages';
import { SPLIT_STATUS_KEY } from './search-attributes';
import type { HistoryEntry, InFlight, InFlightStep, ParticipantState, SeatState, SplitWorkflowState } from './snapshot';
import type { ParticipantStatus, SplitStatus, SplitTrigger } from './statuses';
import { transition } from './transitions';
import type { SplitWorkflowInput } from './workflow-io';

export type SupportRequest =
  | { kind: Exclude<SupportKind, 'resolve'>; action: SupportAction }
  | { kind: 'resolve'; action: SupportResolution };

/** A support action accepted and waiting for the main line (support.ts), with the stage it was sent in. */
export type QueuedSupport = SupportRequest & { stage: 'capturing' | 'canceling' };

/** Work the post-capture loop runs one at a time; refunds add their handlers by pushing here. */
export type PostCaptureTask = { name: string; run: () => Promise<void> };

/** A request an Update handler queued for the main line, and (once decided) its answer. */
export type QueuedRequest<Request, Outcome> = {
  readonly request: Request;
  answer: { kind: 'decided'; outcome: Outcome } | { kind: 'refused'; error: Error } | null;
};

/**
 * Requests Update handlers leave for the main line, oldest first: replaces (replace.ts), seat claims
 * (seats.ts), covers as either (cover.ts), the merchant's accept (merchant-accept.ts) and support's
 * actions (support.ts). A handler's whole part is `ask`: it queues the request and answers once the main
 * line decided it, so requests, authorisations, a cancel and the expiry are decided one at a time. The
 * main line `take`s a request and sets its `answer`. While `taking()` is false the main line takes none
 * (a `pending` queue once the split left `pending`: capture, cancel, expiry): a request still queued then
 * is taken out of the queue and refused with the handler's `whenLeft()`.
 */
export class RequestQueue<Request, Outcome> {
  private readonly queued: QueuedRequest<Request, Outcome>[] = [];

  constructor(private readonly taking: () => boolean) {}

  get size(): number {
    return this.queued.length;
  }

  /** The oldest request not taken yet. */
  peek(): Request | undefined {
    return this.queued[0]?.request;
  }

  /** Queues a request whose sender waits for no answer (a signal). */
  add(request: Request): QueuedRequest<Request, Outcome> {
    const queued: QueuedRequest<Request, Outcome> = { request, answer: null };
    this.queued.push(queued);
    return queued;
  }

  /** The Update handler's part: queues the request and answers with the main line's decision. */
  async ask(request: Request, whenLeft: () => Error): Promise<Outcome> {
    const queued = this.add(request);
    await condition(() => queued.answer !== null || !this.taking());
    if (queued.answer === null) {
      this.queued.splice(this.queued.indexOf(queued), 1);
      throw whenLeft();
    }
    if (queued.answer.kind === 'refused') throw queued.answer.error;
    return queued.answer.outcome;
  }

  /** The main line's part: the oldest request, out of the queue; the caller sets its answer. */
  take(): QueuedRequest<Request, Outcome> | undefined {
    return this.queued.shift();
  }

  /** Every request queued, oldest first, out of the queue (requests that join the first: one accept). */
  takeAll(): QueuedRequest<Request, Outcome>[] {
    return this.queued.splice(0);
  }
}

/** The refund running or queued; there is at most one (that is how refund_in_progress works). */
export type ActiveRefund = { request: RefundRequest; result: RefundWorkflowResult | null };

type TransitionOptions = {
  reason?: string;
  /** Also move these participants (only rows still holding money move, as in the projection). */
  participants?: { ids: string[]; to: ParticipantStatus };
};

/** A status change's stable id: the table has no cycles, so a from → to pair happens once per split. */
export const transitionDedupeKey = (splitId: string, from: SplitStatus, to: SplitStatus) =>
  `transition:${splitId}:${from}:${to}`;

/**
 * Everything one split workflow run knows, and the only code that changes the split's status.
 * Handlers only record what arrived (queues, requests); the main line acts on it. Plain data
 * survives continue-as-new through `carry()`.
 */
export class SplitState {
  readonly splitId: string;
  private currentStatus: SplitStatus;
  createdAt: string | null;
  authorizationExpiresAt: string | null;
  capturedAt: string | null;
  readonly participants: ParticipantState[];
  /** Open seats and who took them (seats.ts); empty for a split made without seats. */
  readonly seats: SeatState[];
  /** The participants' addresses, lower-cased, kept for seat claims only (seats.ts). */
  readonly memberEmails: string[];
  readonly history: HistoryEntry[];
  stuck: SplitWorkflowState['stuck'] = null;
  /** Steps in flight, oldest first; usually one. */
  private readonly steps: InFlight[] = [];

  // ---- what handlers leave for the main line ----
  creationOutcome: CreateSplitOutcome | null = null;
  cancelRequest: CancelRequest | null = null;
  readonly authorisations: ParticipantAuthorised[] = [];
  /** Replaces (replace.ts), and covers of a pending participant's share (cover.ts). */
  readonly replacements = new RequestQueue<ReplaceRequest, ReplaceOutcome>(() => this.status === 'pending');
  /** Seat claims (seats.ts), and covers of an open seat (cover.ts). */
  readonly claims = new RequestQueue<ClaimSeatRequest, ClaimSeatOutcome>(() => this.status === 'pending');
  /** Support's action on a stuck split (support.ts): at most one, taken while the split waits for support. */
  readonly supportRequests = new RequestQueue<QueuedSupport, SupportOutcome>(() => this.stuck !== null);
  readonly supportRefusals: SupportRefusal[];
  readonly postCaptureTasks: PostCaptureTask[] = [];
  activeRefund: ActiveRefund | null = null;
  /** Merchant accept (merchant-accept.ts): waiting for the merchant now, the accepts sent, and the one taken. */
  awaitingMerchant = false;
  readonly accepts = new RequestQueue<AcceptRequest, void>(() => this.status === 'pending');
  acceptTaken: AcceptRequest | null = null;
  readonly processorSyncsQueued = new Set<string>();
  refundWindowEndsAt = Number.POSITIVE_INFINITY;

  constructor(readonly input: SplitWorkflowInput) {
    const carried = input.resume;
    this.splitId = input.splitId;
    this.currentStatus = carried?.status ?? 'creating';
    this.createdAt = carried?.createdAt ?? null;
    this.authorizationExpiresAt = carried?.authorizationExpiresAt ?? null;
    this.capturedAt = carried?.capturedAt ?? null;
    this.participants =
      carried?.participants ??
      (input.creation?.participants ?? []).map((p) => ({
        id: p.id,
        status: 'pending' as const,
        paymentIntentId: null,
        captureBefore: null,
      }));
    this.seats =
      carried?.seats ??
      (input.creation?.seats ?? []).map((seat) => ({ id: seat.id, amount: seat.amount, participantId: null }));
    this.memberEmails = this.seats.length
      ? (input.creation?.participants ?? []).map((p) => p.email.trim().toLowerCase())
      : [];
    this.history = carried?.history ?? [];
    this.supportRefusals = carried?.supportRefusals ?? [];
  }

  /** Whether an accept is recorded (queued or taken): a cancel then defers to it, and a second accept joins it. */
  get acceptRecorded(): boolean {
    return this.acceptTaken !== null || this.accepts.size > 0;
  }

  /** Whether the split came from a session created with `capture: 'merchant_accept'` (merchant-accept.ts). */
  get usesMerchantAccept(): boolean {
    return this.input.creation?.session?.capture === 'merchant_accept';
  }

  get status(): SplitStatus {
    return this.currentStatus;
  }

  note(entry: Omit<HistoryEntry, 'at'>) {
    this.history.push({ at: new Date().toISOString(), ...entry });
  }

  findParticipant(id: string) {
    return this.participants.find((p) => p.id === id);
  }

  /** Expiry: authorization_expires_at, brought forward by the earliest hold's capture_before. */
  expiresAtMs() {
    const times = [this.authorizationExpiresAt, ...this.participants.map((p) => p.captureBefore)]
      .filter((t): t is string => t !== null)
      .map((t) => Date.parse(t));
    return times.length ? Math.min(...times) : Number.POSITIVE_INFINITY;
  }

  /** The answer to the `state` query. */
  snapshot(): SplitWorkflowState {
    const expiresAt = this.expiresAtMs();
    return {
      splitId: this.splitId,
      merchantId: this.input.merchantId,
      mode: this.input.mode,
      status: this.currentStatus,
      createdAt: this.createdAt,
      authorizationExpiresAt: this.authorizationExpiresAt,
      expiresAt: Number.isFinite(expiresAt) ? new Date(expiresAt).toISOString() : null,
      capturedAt: this.capturedAt,
      participants: this.participants.map((p) => ({ ...p })),
      stuck: this.stuck,
      inFlight: this.inFlight,
      history: [...this.history],
      support_refusals: [...this.supportRefusals],
      ...(this.usesMerchantAccept ? { awaitingMerchant: this.awaitingMerchant } : {}),
      ...(this.seats.length ? { seats: this.seats.map((seat) => ({ ...seat })) } : {}),
    };
  }

  /**
   * Marks `step` in flight while `pending` (an activity or child workflow that writes the
   * projection) runs, and returns `pending` itself: awaiting it takes no extra turn, so the
   * workflow's commands come in the same order as without this. The mark is cleared just before
   * the caller's continuation applies the result, in the same activation, so a query sees either
   * the step in flight or its result applied, never neither.
   */
  track<T>(
    step: { step: InFlightStep; to?: SplitStatus; participantId?: string; participantIds?: string[] },
    pending: Promise<T>,
  ): Promise<T> {
    const mark: InFlight = { ...step, since: new Date().toISOString() };
    this.steps.push(mark);
    const clear = () => {
      const at = this.steps.indexOf(mark);
      if (at >= 0) this.steps.splice(at, 1);
    };
    pending.then(clear, clear);
    return pending;
  }

  /** Whether this participant's authorisation is being recorded right now (its step in flight). */
  recordingAuthorisationOf(participantId: string): boolean {
    return this.steps.some((s) => s.step === 'record_authorisation' && s.participantId === participantId);
  }

  /** The step in flight (the latest, naming every participant moving when there are several), or null. */
  get inFlight(): InFlight | null {
    const latest = this.steps.at(-1);
    if (!latest) return null;
    if (this.steps.length === 1) return { ...latest };
    const moving = this.steps.flatMap((s) => s.participantIds ?? (s.participantId ? [s.participantId] : []));
    return { ...latest, participantIds: [...new Set(moving)] };
  }

  /**
   * A status change the workflow makes: checked against the transition table before anything is
   * written, then written to the projection (with the paid/canceled webhook events where the spec
   * says so), then applied here.
   */
  async transition(trigger: SplitTrigger, to: SplitStatus, actor: Actor, options: TransitionOptions = {}) {
    const from = this.currentStatus;
    transition(from, trigger, to);
    await this.track(
      { step: 'transition', to },
      stepProjectionActivities.transitionSplit({
        splitId: this.splitId,
        from,
        to,
        actor,
        dedupeKey: transitionDedupeKey(this.splitId, from, to),
        reason: options.reason,
        participants: options.participants,
      }),
    );
    this.enter(trigger, to, actor, options);
  }

  /**
   * A status change written by a step that does other work in the same transaction (the capture
   * batch writes `captured` with the last share's capture): checked against the table before anything is
   * written, the step given the transition's dedupe key, then applied here.
   */
  async transitionWith<T>(
    trigger: SplitTrigger,
    to: SplitStatus,
    actor: Actor,
    step: { step: InFlightStep; participantId?: string; participantIds?: string[] },
    write: (dedupeKey: string) => Promise<T>,
  ): Promise<T> {
    const from = this.currentStatus;
    transition(from, trigger, to);
    const result = await this.track({ ...step, to }, write(transitionDedupeKey(this.splitId, from, to)));
    this.enter(trigger, to, actor);
    return result;
  }

  /**
   * A status change the next step writes as its first statement (the capture batch writes
   * `capturing`): checked against the table and applied now, so that handlers see the new status
   * while that step runs (a cancel then changes nothing). The step writes it with transitionDedupeKey.
   */
  enterWrittenByNextStep(trigger: SplitTrigger, to: SplitStatus, actor: Actor) {
    this.enter(trigger, to, actor);
  }

  /**
   * A status change a refund activity has already written (refunds settle the split's status in
   * the same transaction as the money): checked against the table and applied here.
   */
  applyWrittenTransition(trigger: SplitTrigger, to: SplitStatus, actor: Actor) {
    this.enter(trigger, to, actor);
  }

  /** The one assignment of the split's status; every change passes the table's gate first. */
  private enter(trigger: SplitTrigger, to: SplitStatus, actor: Actor, options: TransitionOptions = {}) {
    const from = this.currentStatus;
    this.currentStatus = transition(from, trigger, to).to;
    for (const id of options.participants?.ids ?? []) {
      const p = this.findParticipant(id);
      // Same rule as the projection: only rows still holding money move.
      if (p && (p.status === 'pending' || p.status === 'authorised')) p.status = options.participants!.to;
    }
    upsertSearchAttributes([{ key: SPLIT_STATUS_KEY, value: to }]);
    this.note({ kind: 'status', actor, from, to, trigger, note: options.reason });
  }
}
