import { activityInfo } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { RefundActivities, RefundRejection, RefundWorkflowInput } from '../../refunds/types';
import type { SplitActivities } from '../activity-types';
import type { ParticipantStatus, SplitStatus } from '../statuses';
import type { SplitCreation } from '../workflow-io';

/**
 * In-memory stand-ins for the split and refund activities, for workflow tests that run on the
 * dev server without Postgres or a processor. They keep a small projection (statuses, refunded
 * amounts) with the same rules as the real activities, log every call, and can be told per
 * participant to fail, or to stop at a gate until the test opens it.
 */
type FakeParticipant = {
  id: string;
  email: string;
  amount: number;
  status: ParticipantStatus;
  refunded: number;
  paymentIntentId: string | null;
};
type FakeSplit = { status: SplitStatus; participants: FakeParticipant[] };
type Slice = { participantId: string; amount: number; status: 'pending' | 'succeeded' | 'failed' };

export type FakeCall = { name: string; splitId: string; participantId?: string; detail?: unknown };

/** A gate an activity waits at (after writing, as a real activity has committed before it returns). */
class Gate {
  private opened!: () => void;
  private arrived!: () => void;
  readonly reached = new Promise<void>((resolve) => {
    this.arrived = resolve;
  });
  readonly open = new Promise<void>((resolve) => {
    this.opened = resolve;
  });
  arrive() {
    this.arrived();
    return this.open;
  }
  release() {
    this.opened();
  }
}

/** Retryable, retried at once: the activity's retry policy still counts the attempts. */
const transient = (message: string) => ApplicationFailure.create({ message, nextRetryDelay: '10 milliseconds' });

export class FakeWorld {
  readonly splits = new Map<string, FakeSplit>();
  readonly calls: FakeCall[] = [];
  /** Open seats' amounts, by seat id. */
  readonly seats = new Map<string, number>();
  /** Per participant id (or `<splitId>:<to>` for transitionSplit refusals). */
  readonly faults = {
    holdFails: new Map<string, string>(),
    unconfirmed: new Set<string>(),
    captureBefore: new Map<string, string>(),
    captureBreaks: new Map<string, string>(),
    captureTransient: new Map<string, string>(),
    releaseFails: new Set<string>(),
    rollbackRefundFails: new Set<string>(),
    refundRefused: new Set<string>(),
    /** Slice attempts lost without an answer (a worker that died mid-call), per participant. */
    refundSliceLost: new Map<string, number>(),
    /** Capture-rollback attempts (refund or release) lost without an answer, per participant. */
    rollbackLost: new Map<string, number>(),
    transitionRefused: new Map<string, string>(),
    /** The participant confirmed their hold at the processor; the workflow has not heard yet. */
    authorisedAtProcessor: new Set<string>(),
    replaceFails: new Map<string, string>(),
    replacedReleaseFails: new Set<string>(),
  };
  /** Holds released because their participant was replaced. */
  readonly releasedReplacedHolds: string[] = [];
  private readonly gates = new Map<string, Gate>();
  private readonly refunds = new Map<string, { splitId: string; slices: Slice[] }>();
  private readonly processorRefunds = new Map<string, number>();

  /**
   * Stops the next call `key` names (e.g. `capture:<participantId>`, a share's capture in the batch,
   * `releaseShare:<participantId>`, `transitionSplit:<splitId>:<to>`).
   */
  gate(key: string) {
    const gate = new Gate();
    this.gates.set(key, gate);
    return { reached: gate.reached, open: () => gate.release() };
  }

  /** A refund the merchant made in the processor's own dashboard (synced by syncProcessorRefunds). */
  refundAtProcessor(participantId: string, amount: number) {
    this.processorRefunds.set(participantId, (this.processorRefunds.get(participantId) ?? 0) + amount);
  }

  callsOf(splitId: string, name?: string) {
    return this.calls.filter((c) => c.splitId === splitId && (name === undefined || c.name === name));
  }

  split(splitId: string): FakeSplit {
    const split = this.splits.get(splitId);
    if (!split) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
    return split;
  }

  private participant(splitId: string, participantId: string) {
    const participant = this.split(splitId).participants.find((p) => p.id === participantId);
    if (!participant) throw ApplicationFailure.nonRetryable(`Participant ${participantId} not found`);
    return participant;
  }

  private async passGate(key: string) {
    const gate = this.gates.get(key);
    if (!gate) return;
    this.gates.delete(key);
    await gate.arrive();
  }

  /** A capture-rollback attempt whose worker died before it answered (faults.rollbackLost). */
  private loseRollbackAttempt(rollback: boolean, participantId: string) {
    if (rollback && activityInfo().attempt <= (this.faults.rollbackLost.get(participantId) ?? 0))
      throw transient('The worker died mid-rollback.');
  }

  private log(name: string, splitId: string, participantId?: string, detail?: unknown) {
    this.calls.push({ name, splitId, participantId, detail });
  }

  /** Like the real settle step: `refunded` once every payer is refunded, `partially_refunded` while some money is back. */
  private settle(split: FakeSplit) {
    for (const p of split.participants) if (p.status === 'captured' && p.refunded >= p.amount) p.status = 'refunded';
    if (split.status !== 'captured' && split.status !== 'partially_refunded') return;
    const paid = split.participants.filter((p) => p.status === 'captured' || p.status === 'refunded');
    if (paid.length > 0 && paid.every((p) => p.status === 'refunded')) split.status = 'refunded';
    else if (paid.some((p) => p.refunded > 0)) split.status = 'partially_refunded';
  }

  private refundState(split: FakeSplit) {
    return split.participants.map((p) => ({ id: p.id, status: p.status }));
  }

  activities(): SplitActivities & RefundActivities {
    return {
      openSplit: async (input: SplitCreation & { createdAt: string; authorizationExpiresAt: string }) => {
        this.log('openSplit', input.splitId);
        if (this.splits.has(input.splitId)) return;
        for (const seat of input.seats ?? []) this.seats.set(seat.id, seat.amount);
        this.splits.set(input.splitId, {
          status: 'creating',
          participants: input.participants.map((p) => ({
            id: p.id,
            email: p.email,
            amount: p.amount,
            status: 'pending',
            refunded: 0,
            paymentIntentId: null,
          })),
        });
      },

      placeHold: async ({ splitId, participantId }) => {
        this.log('placeHold', splitId, participantId);
        const failure = this.faults.holdFails.get(participantId);
        if (failure) throw ApplicationFailure.nonRetryable(failure);
        const participant = this.participant(splitId, participantId);
        participant.paymentIntentId = `pi_${participantId}`;
        return { paymentIntentId: participant.paymentIntentId };
      },

      recordAuthorisation: async ({ splitId, participantId, source }) => {
        this.log('recordAuthorisation', splitId, participantId, source);
        const participant = this.participant(splitId, participantId);
        if (participant.status !== 'pending')
          return { authorised: false, status: participant.status, captureBefore: null };
        if (this.faults.unconfirmed.has(participantId))
          return { authorised: false, status: 'pending', captureBefore: null };
        participant.status = 'authorised';
        await this.passGate(`recordAuthorisation:${participantId}`);
        return {
          authorised: true,
          status: 'authorised',
          captureBefore: this.faults.captureBefore.get(participantId) ?? null,
        };
      },

      replaceParticipant: async ({ splitId, participantId, email, replacement, previousPaymentIntentId }) => {
        this.log('replaceParticipant', splitId, participantId, { email, replacement });
        const participant = this.participant(splitId, participantId);
        if (this.faults.authorisedAtProcessor.has(participantId)) return { outcome: 'already_authorised' as const };
        const failure = this.faults.replaceFails.get(participantId);
        if (failure) throw ApplicationFailure.nonRetryable(failure);
        if (participant.status !== 'pending' || participant.paymentIntentId !== previousPaymentIntentId) {
          throw ApplicationFailure.nonRetryable(`Participant ${participantId} changed before it was replaced`);
        }
        participant.email = email;
        participant.paymentIntentId = `pi_${participantId}_${replacement}`;
        await this.passGate(`replaceParticipant:${participantId}`);
        return { outcome: 'replaced' as const, paymentIntentId: participant.paymentIntentId };
      },

      claimSeat: async ({ splitId, seatId, participantId, email }) => {
        this.log('claimSeat', splitId, participantId, { seatId, email });
        const split = this.splits.get(splitId)!;
        const existing = split.participants.find((p) => p.id === participantId);
        if (existing) return { outcome: 'claimed' as const, paymentIntentId: existing.paymentIntentId! };
        if (split.participants.some((p) => p.email.toLowerCase() === email.toLowerCase()))
          return { outcome: 'already_in_split' as const };
        const seat = this.seats.get(seatId)!;
        const paymentIntentId = `pi_${participantId}`;
        split.participants.push({
          id: participantId,
          email,
          amount: seat,
          status: 'pending',
          refunded: 0,
          paymentIntentId,
        });
        await this.passGate(`claimSeat:${seatId}`);
        return { outcome: 'claimed' as const, paymentIntentId };
      },

      remindOpenSeats: async ({ splitId }) => {
        this.log('remindOpenSeats', splitId);
        return { email: null };
      },

      releaseReplacedHold: async ({ splitId, participantId, paymentIntentId, maxAttempts }) => {
        this.log('releaseReplacedHold', splitId, participantId, paymentIntentId);
        if (this.faults.replacedReleaseFails.has(participantId)) {
          if (activityInfo().attempt < maxAttempts) throw transient('Release failed at the processor.');
          return { outcome: 'failed' as const, error: 'Release failed at the processor.' };
        }
        this.releasedReplacedHolds.push(paymentIntentId);
        return { outcome: 'released' as const };
      },

      captureBatch: async ({ splitId, participantIds }) => {
        this.log('captureBatch', splitId, undefined, participantIds);
        const split = this.split(splitId);
        if (split.status === 'pending') split.status = 'capturing';
        for (const participantId of participantIds) {
          const participant = this.participant(splitId, participantId);
          if (participant.status === 'captured') continue;
          // Each share's capture at the processor, logged as `capture` (the batch's progress is the projection).
          this.log('capture', splitId, participantId);
          const broken = this.faults.captureBreaks.get(participantId);
          if (broken) throw ApplicationFailure.nonRetryable(broken);
          const trouble = this.faults.captureTransient.get(participantId);
          if (trouble) throw transient(trouble);
          participant.status = 'captured';
          await this.passGate(`capture:${participantId}`);
        }
        if (split.status === 'captured') return;
        if (split.status !== 'capturing') {
          throw ApplicationFailure.nonRetryable(
            `Split ${splitId} is ${split.status}, expected capturing before captured`,
          );
        }
        split.status = 'captured';
        // The gate of the `captured` write, wherever it is made.
        await this.passGate(`transitionSplit:${splitId}:captured`);
      },

      capturedShares: async ({ splitId }) => {
        this.log('capturedShares', splitId);
        return this.split(splitId)
          .participants.filter((p) => p.status === 'captured')
          .map((p) => p.id);
      },

      releaseShare: async ({ splitId, participantId, purpose, maxAttempts }) => {
        this.log('releaseShare', splitId, participantId, purpose);
        this.loseRollbackAttempt(purpose === 'capture_failed', participantId);
        const participant = this.participant(splitId, participantId);
        if (participant.status !== 'pending' && participant.status !== 'authorised') {
          return { outcome: 'no_hold', status: participant.status };
        }
        if (this.faults.releaseFails.has(participantId)) {
          // As the real activity: cancel and expiry retry a processor failure, a rollback records it at
          // once (it is an answer); on the last attempt recorded and returned, not thrown.
          if (purpose !== 'capture_failed' && activityInfo().attempt < maxAttempts)
            throw transient('Release failed at the processor.');
          if (purpose !== 'capture_failed') participant.status = 'canceled';
          return { outcome: 'failed', status: participant.status, error: 'Release failed at the processor.' };
        }
        participant.status = 'canceled';
        await this.passGate(`releaseShare:${participantId}`);
        return { outcome: 'released', status: 'canceled' };
      },

      rollbackCapturedShare: async ({ splitId, participantId }) => {
        this.log('rollbackCapturedShare', splitId, participantId);
        this.loseRollbackAttempt(true, participantId);
        const participant = this.participant(splitId, participantId);
        if (participant.status !== 'captured') return { outcome: 'refunded', status: participant.status };
        if (this.faults.rollbackRefundFails.has(participantId)) {
          return { outcome: 'failed', status: 'captured', error: 'Refund failed at the processor.' };
        }
        participant.status = 'refunded';
        participant.refunded = participant.amount;
        return { outcome: 'refunded', status: 'refunded' };
      },

      transitionSplit: async ({ splitId, from, to, participants }) => {
        this.log('transitionSplit', splitId, undefined, { from, to });
        const refused = this.faults.transitionRefused.get(`${splitId}:${to}`);
        if (refused) throw ApplicationFailure.nonRetryable(refused);
        const split = this.split(splitId);
        if (split.status === to) return;
        if (split.status !== from) {
          throw ApplicationFailure.nonRetryable(`Split ${splitId} is ${split.status}, expected ${from} before ${to}`);
        }
        split.status = to;
        for (const p of split.participants) {
          if (participants?.ids.includes(p.id) && (p.status === 'pending' || p.status === 'authorised')) {
            p.status = participants.to;
          }
        }
        await this.passGate(`transitionSplit:${splitId}:${to}`);
      },

      markAwaitingMerchant: async ({ splitId }) => {
        this.log('markAwaitingMerchant', splitId);
        await this.passGate(`markAwaitingMerchant:${splitId}`);
      },

      recordMerchantAccept: async ({ splitId, actor }) => {
        this.log('recordMerchantAccept', splitId, undefined, actor);
      },

      recordSplitHistory: async ({ splitId, kind }) => {
        this.log('recordSplitHistory', splitId, undefined, kind);
      },

      recordSupportAction: async (input) => {
        this.log('recordSupportAction', input.splitId, undefined, input);
      },

      beginRefund: async (input: RefundWorkflowInput) => {
        this.log('beginRefund', input.splitId, undefined, input.refundId);
        const split = this.split(input.splitId);
        const rejected = (code: RefundRejection) => ({ kind: 'rejected' as const, code, splitStatus: split.status });
        const from: SplitStatus[] = input.source === 'api' ? ['captured', 'partially_refunded'] : ['captured'];
        if (!from.includes(split.status))
          return rejected(input.source === 'dashboard' ? 'not_captured' : 'not_refundable');
        const refundedSoFar = split.participants.reduce((sum, p) => sum + p.refunded, 0);
        if (refundedSoFar !== input.expectedRefunded) return rejected('refund_in_progress');
        const open = split.participants
          .filter((p) => p.status === 'captured')
          .map((p) => ({ participantId: p.id, outstanding: p.amount - p.refunded }));
        const outstanding = open.reduce((sum, p) => sum + p.outstanding, 0);
        if (outstanding <= 0) return rejected('not_refundable');
        let left = input.amount ?? outstanding;
        if (left > outstanding) return rejected('over_refund');
        const slices: Slice[] = [];
        for (const p of open) {
          const amount = Math.min(p.outstanding, left);
          if (amount > 0) slices.push({ participantId: p.participantId, amount, status: 'pending' });
          left -= amount;
        }
        this.refunds.set(input.refundId, { splitId: input.splitId, slices });
        return { kind: 'started' as const, participantIds: slices.map((s) => s.participantId) };
      },

      refundSlice: async ({ splitId, refundId, participantId }) => {
        this.log('refundSlice', splitId, participantId, refundId);
        const slice = this.refunds.get(refundId)!.slices.find((s) => s.participantId === participantId)!;
        const lost = this.faults.refundSliceLost.get(participantId) ?? 0;
        if (activityInfo().attempt <= lost) throw transient('The worker died mid-call.');
        await this.passGate(`refundSlice:${participantId}`);
        if (this.faults.refundRefused.has(participantId)) {
          slice.status = 'failed';
          return { outcome: 'failed', error: 'Refund refused by the processor.' };
        }
        slice.status = 'succeeded';
        this.participant(splitId, participantId).refunded += slice.amount;
        return { outcome: 'succeeded' };
      },

      finishRefund: async ({ splitId, refundId }) => {
        this.log('finishRefund', splitId, undefined, refundId);
        const split = this.split(splitId);
        const refund = this.refunds.get(refundId)!;
        this.settle(split);
        return {
          status: refund.slices.every((s) => s.status === 'succeeded') ? 'complete' : 'partial',
          splitStatus: split.status,
          participants: this.refundState(split),
        };
      },

      syncProcessorRefunds: async ({ splitId, participantId }) => {
        this.log('syncProcessorRefunds', splitId, participantId);
        const split = this.split(splitId);
        const amount = this.processorRefunds.get(participantId) ?? 0;
        this.processorRefunds.delete(participantId);
        this.participant(splitId, participantId).refunded += amount;
        this.settle(split);
        return { recorded: amount > 0 ? 1 : 0, splitStatus: split.status, participants: this.refundState(split) };
      },

      recordDispute: async () => null,
    };
  }
}
