import { SplitHistoryRepository, SplitProjectionRepository } from '@groupsplit/shared';
import type { SplitActivities, TransitionInput } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { dispatchCommittedEvents } from '../outbox';
import { recordSplitEvent } from './events';

/**
 * Moves the split's status (SplitActivities.transitionSplit), with the paid and canceled webhook
 * events where the spec says so. Safe to run again after the split moved on: a local step of a
 * lost workflow task runs again with the steps after it.
 */
export async function moveStatus(deps: ActivityDeps, input: TransitionInput) {
  const { db } = deps;
  const { splitId, from, to, dedupeKey, reason } = input;
  // The usual case of a transition without a webhook event: one statement.
  if (to !== 'captured' && to !== 'canceled' && (await new SplitProjectionRepository(db).moveIfAt(input))) return;
  const eventId = await db.transaction().execute(async (trx): Promise<string | null> => {
    const projection = new SplitProjectionRepository(trx);
    const status = await projection.lockStatus(splitId);
    if (!status) throw ApplicationFailure.nonRetryable(`Split ${splitId} not found`);
    if (status === to) return null; // a retried activity
    // Run again after the split moved on: the transition's own history row says it was made. The
    // table has no cycles, so a from → to pair happens once per split.
    if (status !== from && (await new SplitHistoryRepository(trx).has(dedupeKey))) return null;
    if (status !== from) {
      throw ApplicationFailure.nonRetryable(`Split ${splitId} is ${status}, expected ${from} before ${to}`);
    }
    await projection.move(input);
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

/** The split's status writes. */
export function createStatusActivities(deps: ActivityDeps): Pick<SplitActivities, 'transitionSplit'> {
  return { transitionSplit: (input) => moveStatus(deps, input) };
}
