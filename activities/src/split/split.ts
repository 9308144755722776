import {
  createProcessors,
  type Hold,
  isProcessorError,
  type Processor,
  randomToken,
  retryTransientProcessorCall,
  toProcessorError,
} from '@groupsplit/shared';
import type {
  ParticipantStatus,
  ReleaseOutcome,
  RollbackRefundOutcome,
  SplitActivities,
  SplitStatus,
  TransitionInput,
} from '@groupsplit/workflows';
import { ApplicationFailure, activityInfo, CancelledFailure, Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { dispatchCommittedEvents } from '../outbox';
import { readAuthorisedEvent, writeAuthorised } from './authorise';
import { recordSplitEvent } from './events';
import { addSplitHistory, hasSplitHistory, type SplitHistoryRow, splitHistoryValues } from './history';
import { moveSplitStatus } from './move-status';
import { processorFailure } from './processor-failure';
import { createReplaceActivities } from './replace';

/** A capture made at the processor whose projection write is still to do. */
type UnwrittenCapture = { participantId: string; from: ParticipantStatus };

const isLastAttempt = (maxAttempts: number) => activityInfo().attempt >= maxAttempts;

/**
 * The split workflow's I/O: processor calls (always with an idempotency key built from the
 * participant id) and the Postgres projection the API reads. Every projection change and the
 * webhook event it causes are written in one transaction.
 */
/**
 * A capture's transient processor failure (5xx, timeout) is tried again at once, twice, under the
 * same idempotency key, before the step fails and CAPTURE_RETRY's backoff takes over. A batch step
 * fails on any one share's failure, so without this a 10 % processor error rate left about one
 * split in two hundred stuck in `capturing` for support after four batch attempts (the chaos run).
 */
const CAPTURE_QUICK_RETRY_PAUSES_MS = [200, 500];

export function createSplitActivities(deps: ActivityDeps): SplitActivities {
  const { config, db, logger } = deps;
  const processors = createProcessors(config, { logger });

  const selectShares = (splitId: string) =>
    db
      .selectFrom('split_participants as p')
      .innerJoin('splits as s', 's.id', 'p.split_id')
      .select([
        'p.id',
        'p.status',
        'p.amount',
        'p.customer_fee',
        'p.merchant_fee',
        'p.processor_payment_intent_id',
        'p.capture_before',
        's.mode',
        's.currency',
        's.order_reference',
        's.processor_account_id',
      ])
      .where('p.split_id', '=', splitId);

  type ShareRow = Awaited<ReturnType<ReturnType<typeof selectShares>['executeTakeFirstOrThrow']>>;

  function withProcessor(row: ShareRow) {
    const processor: Processor = processors.forMode(row.mode);
    const ref = row.processor_payment_intent_id
      ? { accountId: row.processor_account_id, paymentIntentId: row.processor_payment_intent_id }
      : null;
    return { ...row, processor, ref };
  }
  type Share = ReturnType<typeof withProcessor>;

  async function loadShare(splitId: string, participantId: string) {
    const row = await selectShares(splitId).where('p.id', '=', participantId).executeTakeFirst();
    if (!row) throw ApplicationFailure.nonRetryable(`Participant ${participantId} of split ${splitId} not found`);
    return withProcessor(row);
  }

  /** Several shares of one split in one statement, in the order asked for. */
  async function loadShares(splitId: string, participantIds: string[]) {
    const rows = participantIds.length ? await selectShares(splitId).where('p.id', 'in', participantIds).execute() : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return participantIds.map((participantId) => {
      const row = byId.get(participantId);
      if (!row) throw ApplicationFailure.nonRetryable(`Participant ${participantId} of split ${splitId} not found`);
      return withProcessor(row);
    });
  }

  /** The participant's row and its history row, in one statement (one round trip, atomic). */
  async function setParticipant(
    participantId: string,
    status: ParticipantStatus,
    history: SplitHistoryRow,
    extra: { last_error?: string | null; refunded_amount?: number; captured_at?: Date } = {},
    executor: typeof db = db,
  ) {
    await executor
      .with('moved', (qb) =>
        qb
          .updateTable('split_participants')
          .set({ status, updated_at: new Date(), ...extra })
          .where('id', '=', participantId)
          .returning('id'),
      )
      .insertInto('split_history')
      .values(splitHistoryValues(history))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  const capturedHistory = (splitId: string, participantId: string, from: ParticipantStatus): SplitHistoryRow => ({
    splitId,
    participantId,
    kind: 'captured',
    actor: 'system',
    dedupeKey: `captured:${participantId}`,
    from,
    to: 'captured',
  });

  /**
   * One share's capture at the processor (idempotency key `capture:<participantId>`), nothing
   * written on success. `already`: the projection showed it captured, so no call was made.
   */
  async function captureShareAtProcessor(splitId: string, share: Share) {
    const participantId = share.id;
    if (share.status === 'captured') return { from: share.status, already: true };
    const ref = share.ref;
    if (!ref) throw ApplicationFailure.nonRetryable(`Participant ${participantId} has no hold to capture`);
    try {
      await retryTransientProcessorCall(
        () => share.processor.captureHold({ ...ref, participantId }),
        CAPTURE_QUICK_RETRY_PAUSES_MS,
      );
    } catch (error) {
      const failure = toProcessorError(error);
      if (failure.retryable) throw processorFailure(failure);
      // Captured already (a replay, or the merchant in the processor dashboard): that is success.
      const hold = await holdAfterFailure(share.processor, ref);
      if (hold?.status !== 'succeeded') {
        await setParticipant(
          participantId,
          share.status,
          {
            splitId,
            participantId,
            kind: 'capture_failed',
            actor: 'processor',
            dedupeKey: `capture_failed:${participantId}`,
            detail: { error: failure.message, code: failure.code, hold_status: hold?.status ?? null },
          },
          { last_error: failure.message },
        );
        throw processorFailure(failure);
      }
    }
    return { from: share.status, already: false };
  }

  /** A capture's write: the participant `captured` (unless it already is) and its history row, one statement. */
  async function writeCapture(executor: typeof db, splitId: string, { participantId, from }: UnwrittenCapture) {
    const now = new Date();
    await executor
      .with('moved', (qb) =>
        qb
          .updateTable('split_participants')
          .set({ status: 'captured', captured_at: now, updated_at: now })
          .where('id', '=', participantId)
          .where('status', '<>', 'captured')
          .returning('id'),
      )
      .insertInto('split_history')
      .values(splitHistoryValues(capturedHistory(splitId, participantId, from)))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /**
   * The last share's write and the split's `capturing` → `captured`, one transaction. Repeated
   * after the split moved on, it finds the split captured or the transition's history row and
   * writes nothing twice; a split anywhere else is not ours to move.
   */
  async function writeSplitCaptured(splitId: string, last: UnwrittenCapture | null, dedupeKey: string) {
    const eventId = await db.transaction().execute(async (trx): Promise<string | null> => {
      const moved = await trx
        .updateTable('splits')
        .set({ status: 'captured', updated_at: new Date() })
        .where('id', '=', splitId)
        .where('status', '=', 'capturing')
        .returning('id')
        .executeTakeFirst();
      if (!moved) {
        const split = await trx.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirst();
        if (!split) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
        if (split.status !== 'captured' && !(await hasSplitHistory(trx, dedupeKey))) {
          throw ApplicationFailure.nonRetryable(
            `Split ${splitId} is ${split.status}, expected capturing before captured`,
          );
        }
      }
      if (last) await writeCapture(trx, splitId, last);
      if (!moved) return null;
      await addSplitHistory(trx, {
        splitId,
        kind: 'status',
        actor: 'system',
        dedupeKey,
        from: 'capturing',
        to: 'captured',
      });
      return recordSplitEvent(trx, splitId, 'checkout_split.paid', `paid:${splitId}`);
    });
    await dispatchCommittedEvents(deps, [eventId]);
  }

  /**
   * A capture rollback's refund of one captured share: the whole charge, its customer fee and the
   * platform's fee (idempotency key `refund:rollback-<splitId>:<participantId>`, so it is made once
   * however often it is asked for). Attempted once: a failure is recorded and the participant left
   * `captured`, where the money is. `found`: a release found the share captured at the processor
   * while the projection still showed its hold (the history rows say so, and move from there).
   */
  async function refundRollback(
    splitId: string,
    share: Share,
    ref: NonNullable<Share['ref']>,
    actor: string,
    found?: Record<string, unknown>,
  ): Promise<RollbackRefundOutcome> {
    const participantId = share.id;
    const from: ParticipantStatus = found ? share.status : 'captured';
    try {
      await share.processor.refund({
        ...ref,
        refundId: `rollback-${splitId}`,
        participantId,
        refundApplicationFee: true,
        metadata: { reason: 'capture_failed' },
      });
    } catch (error) {
      const failure = toProcessorError(error);
      await setParticipant(
        participantId,
        'captured',
        {
          splitId,
          participantId,
          kind: 'rollback_refund_failed',
          actor,
          dedupeKey: `rollback_refund_failed:${participantId}`,
          ...(found ? { from, to: 'captured' } : {}),
          detail: { error: failure.message, ...found },
        },
        { last_error: failure.message },
      );
      return { outcome: 'failed', status: 'captured', error: failure.message };
    }
    await setParticipant(
      participantId,
      'refunded',
      {
        splitId,
        participantId,
        kind: 'rollback_refunded',
        actor,
        dedupeKey: `rollback_refunded:${participantId}`,
        from,
        to: 'refunded',
        detail: found,
      },
      { refunded_amount: share.amount },
    );
    return { outcome: 'refunded', status: 'refunded' };
  }

  /** Where a hold really is, after a call on it failed; null when even that cannot be read. */
  async function holdAfterFailure(processor: Processor, ref: { accountId: string; paymentIntentId: string }) {
    try {
      return await processor.retrieveHold(ref);
    } catch {
      return null;
    }
  }

  return {
    ...createReplaceActivities(deps, processors),

    async openSplit(input) {
      // The split, its shares and the `opened` history row in one statement (one round trip,
      // atomic). Each insert does nothing when its row exists, so a retried activity changes nothing
      // (a share keeps the pay token it was first given).
      await db
        .with('opened', (qb) =>
          qb
            .insertInto('splits')
            .values({
              id: input.splitId,
              merchant_id: input.merchantId,
              mode: input.mode,
              created_by: input.createdBy,
              order_reference: input.orderReference,
              currency: input.currency,
              status: 'creating',
              total_amount: input.totalAmount,
              customer_fee_total: input.customerFeeTotal,
              merchant_fee_total: input.merchantFeeTotal,
              application_fee_total: input.applicationFeeTotal,
              merchant_fee_bps: input.merchantFeeBps,
              processor_account_id: input.processorAccountId,
              authorization_expires_at: new Date(input.authorizationExpiresAt),
              session_token: input.session?.token ?? null,
              session_context: input.session
                ? JSON.stringify({
                    customer_email: input.session.customerEmail,
                    customer_name: input.session.customerName,
                    metadata: input.session.metadata,
                  })
                : null,
              created_at: new Date(input.createdAt),
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id'),
        )
        .with('shares', (qb) =>
          qb
            .insertInto('split_participants')
            .values(
              input.participants.map((p, position) => ({
                id: p.id,
                split_id: input.splitId,
                position,
                user_id: null,
                email: p.email,
                amount: p.amount,
                customer_fee: p.customerFee,
                merchant_fee: p.merchantFee,
                status: 'pending' as const,
                pay_token: randomToken(24),
                created_at: new Date(input.createdAt),
              })),
            )
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id'),
        )
        .insertInto('split_history')
        .values(
          splitHistoryValues({
            splitId: input.splitId,
            kind: 'opened',
            actor: input.createdBy ? `user:${input.createdBy}` : 'system',
            dedupeKey: `opened:${input.splitId}`,
            to: 'creating',
          }),
        )
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },

    async placeHold({ splitId, participantId }) {
      const share = await loadShare(splitId, participantId);
      if (share.processor_payment_intent_id) return { paymentIntentId: share.processor_payment_intent_id };
      let hold: Hold;
      try {
        hold = await share.processor.createHold({
          accountId: share.processor_account_id,
          splitId,
          participantId,
          shareAmount: share.amount,
          customerFee: share.customer_fee,
          applicationFeeAmount: share.customer_fee + share.merchant_fee,
          currency: share.currency,
          description: share.order_reference,
        });
      } catch (error) {
        const failure = toProcessorError(error);
        if (!failure.retryable) {
          await addSplitHistory(db, {
            splitId,
            participantId,
            kind: 'hold_failed',
            actor: 'processor',
            dedupeKey: `hold_failed:${participantId}`,
            detail: { error: failure.message, code: failure.code },
          });
        }
        throw processorFailure(failure);
      }
      // The hold on the share's row and its history row: one statement (one round trip, atomic).
      await db
        .with('held', (qb) =>
          qb
            .updateTable('split_participants')
            .set({
              processor_payment_intent_id: hold.id,
              processor_client_secret: hold.clientSecret,
              updated_at: new Date(),
            })
            .where('id', '=', participantId)
            .returning('id'),
        )
        .insertInto('split_history')
        .values(
          splitHistoryValues({
            splitId,
            participantId,
            kind: 'hold_placed',
            actor: 'system',
            dedupeKey: `hold_placed:${participantId}`,
            detail: {
              payment_intent_id: hold.id,
              amount: hold.amount,
              application_fee_amount: hold.applicationFeeAmount,
            },
          }),
        )
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
      return { paymentIntentId: hold.id };
    },

    async recordAuthorisation({ splitId, participantId, source }) {
      const share = await loadShare(splitId, participantId);
      // Run again after it was recorded (a local step of a lost workflow task): the same answer. The lost task
      // may have gone on to capture the share (the capture pipeline's steps ran in it too): still `authorised`,
      // the answer the first run gave, so the retried task takes the same path and finds each capture made.
      if (share.status === 'authorised' || share.status === 'captured') {
        return { authorised: true, status: 'authorised', captureBefore: share.capture_before?.toISOString() ?? null };
      }
      if (share.status !== 'pending' || !share.ref) {
        return { authorised: false, status: share.status, captureBefore: null };
      }
      // The event's data is read while the processor answers, so the write below is one statement.
      const [hold, event] = await Promise.all([
        share.processor.retrieveHold(share.ref).catch((error: unknown): Promise<Hold> => {
          throw processorFailure(toProcessorError(error));
        }),
        readAuthorisedEvent(db, splitId, participantId),
      ]);
      // Only a hold the processor says is capturable counts, whoever signalled it.
      if (hold.status !== 'requires_capture') {
        return { authorised: false, status: 'pending', captureBefore: null };
      }
      const eventId = await writeAuthorised(db, {
        splitId,
        participantId,
        actor: source,
        captureBefore: hold.captureBefore ? new Date(hold.captureBefore) : null,
        event,
      });
      await dispatchCommittedEvents(deps, [eventId]);
      return { authorised: true, status: 'authorised', captureBefore: hold.captureBefore };
    },

    async captureBatch({ splitId, participantIds, capturing, captured }) {
      // `capturing` is written before any money moves; the shares are read meanwhile, once for the batch.
      const [, shares] = await Promise.all([
        moveStatus({ splitId, from: 'pending', to: 'capturing', actor: 'system', dedupeKey: capturing.dedupeKey }),
        loadShares(splitId, participantIds),
      ]);
      let unwritten: UnwrittenCapture | null = null;
      for (const share of shares) {
        if (share.status === 'captured') continue;
        // Timed out or cancelled: the workflow has moved on (a retry, compensation), so no further capture.
        if (Context.current().cancellationSignal.aborted) throw new CancelledFailure('capture batch cancelled');
        // One capture at a time; the previous share's write goes on while this share is captured.
        const earlier: Promise<void> = unwritten ? writeCapture(db, splitId, unwritten) : Promise.resolve();
        const [call, write] = await Promise.allSettled([captureShareAtProcessor(splitId, share), earlier]);
        if (write.status === 'rejected') throw write.reason;
        if (call.status === 'rejected') throw call.reason;
        const made: { from: ParticipantStatus } = call.value;
        unwritten = { participantId: share.id, from: made.from };
      }
      await writeSplitCaptured(splitId, unwritten, captured.dedupeKey);
    },

    async capturedShares({ splitId }) {
      const rows = await db
        .selectFrom('split_participants')
        .select('id')
        .where('split_id', '=', splitId)
        .where('status', '=', 'captured')
        .execute();
      return rows.map((row) => row.id);
    },

    async releaseShare({ splitId, participantId, purpose, actor, maxAttempts }): Promise<ReleaseOutcome> {
      const share = await loadShare(splitId, participantId);
      if (share.status !== 'pending' && share.status !== 'authorised')
        return { outcome: 'no_hold', status: share.status };
      if (!share.ref) return { outcome: 'no_hold', status: share.status };
      const history = (kind: string, to: ParticipantStatus, detail?: Record<string, unknown>): SplitHistoryRow => ({
        splitId,
        participantId,
        kind,
        actor,
        dedupeKey: `${kind}:${purpose}:${participantId}`,
        from: share.status,
        to,
        detail: { purpose, ...detail },
      });
      try {
        await share.processor.releaseHold({ ...share.ref, participantId, reason: 'abandoned' });
        await setParticipant(participantId, 'canceled', history('hold_released', 'canceled'));
        return { outcome: 'released', status: 'canceled' };
      } catch (error) {
        const failure = isProcessorError(error) ? error : toProcessorError(error);
        const hold = await holdAfterFailure(share.processor, share.ref);
        if (hold?.status === 'canceled') {
          await setParticipant(participantId, 'canceled', history('hold_released', 'canceled', { already: true }));
          return { outcome: 'already_released', status: 'canceled' };
        }
        if (hold?.status === 'succeeded') {
          // A capture rollback: the money was taken for this split (a capture whose answer or write was
          // lost, or a merchant's capture), so it is refunded like every captured share.
          if (purpose === 'capture_failed') {
            const refunded = await refundRollback(splitId, share, share.ref, actor, {
              purpose,
              captured_at_processor: true,
            });
            return { ...refunded, outcome: refunded.outcome === 'refunded' ? 'refunded' : 'refund_failed' };
          }
          // Captured in the merchant's own processor dashboard: skipped, and the participant says so.
          await setParticipant(participantId, 'captured', history('captured_elsewhere', 'captured'));
          return { outcome: 'captured_elsewhere', status: 'captured' };
        }
        if (failure.retryable && !isLastAttempt(maxAttempts)) throw processorFailure(failure);
        // Cancel and expiry end the row canceled even so (the hold lapses by itself); a failed
        // rollback leaves it authorised, because that is where the money is.
        const to: ParticipantStatus = purpose === 'capture_failed' ? share.status : 'canceled';
        await setParticipant(participantId, to, history('release_failed', to, { error: failure.message }), {
          last_error: failure.message,
        });
        return { outcome: 'failed', status: to, error: failure.message };
      }
    },

    async rollbackCapturedShare({ splitId, participantId, actor }) {
      const share = await loadShare(splitId, participantId);
      if (share.status !== 'captured' || !share.ref) return { outcome: 'refunded', status: share.status };
      return refundRollback(splitId, share, share.ref, actor);
    },

    transitionSplit: moveStatus,

    async recordSplitHistory({ splitId, kind, actor, dedupeKey, detail }) {
      await addSplitHistory(db, { splitId, kind, actor, dedupeKey, detail });
    },
  };

  /** Moves the split's status (see SplitActivities.transitionSplit); safe to run again after the split moved on. */
  async function moveStatus(input: TransitionInput) {
    const { splitId, from, to, actor, dedupeKey, reason, participants } = input;
    // The usual case of a transition without a webhook event: one statement.
    if (to !== 'captured' && to !== 'canceled' && (await moveSplitStatus(db, input))) return;
    const eventId = await db.transaction().execute(async (trx): Promise<string | null> => {
      const split = await trx
        .selectFrom('splits')
        .select(['status'])
        .where('id', '=', splitId)
        .forUpdate()
        .executeTakeFirst();
      if (!split) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
      if (split.status === to) return null; // a retried activity
      // Run again after the split moved on (a local activity of a lost workflow task runs again
      // with the steps after it): the transition's own history row says it was made. The table
      // has no cycles, so a from → to pair happens once per split.
      if (split.status !== from && (await hasSplitHistory(trx, dedupeKey))) return null;
      if (split.status !== from) {
        throw ApplicationFailure.nonRetryable(`Split ${splitId} is ${split.status}, expected ${from} before ${to}`);
      }
      const failed = to === 'creation_failed' || to === 'capture_failed';
      await trx
        .updateTable('splits')
        .set({
          status: to as SplitStatus,
          updated_at: new Date(),
          ...(failed ? { failure_reason: reason ?? null } : {}),
        })
        .where('id', '=', splitId)
        .execute();
      if (participants && participants.ids.length > 0) {
        await trx
          .updateTable('split_participants')
          .set({ status: participants.to, updated_at: new Date() })
          .where('split_id', '=', splitId)
          .where('id', 'in', participants.ids)
          .where('status', 'in', ['pending', 'authorised'])
          .execute();
      }
      await addSplitHistory(trx, {
        splitId,
        kind: 'status',
        actor,
        dedupeKey,
        from,
        to,
        detail: reason ? { reason } : undefined,
      });
      if (to === 'captured') return recordSplitEvent(trx, splitId, 'checkout_split.paid', `paid:${splitId}`);
      if (to === 'canceled') {
        return recordSplitEvent(trx, splitId, 'checkout_split.canceled', `canceled:${splitId}`, {
          data: { reason: reason === 'expired' ? 'expired' : 'canceled' },
        });
      }
      return null;
    });
    await dispatchCommittedEvents(deps, [eventId]);
  }
}
