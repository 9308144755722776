import { ApplicationFailure } from '@temporalio/common';
import type { SplitStatus, SplitTrigger } from './statuses';

/**
 * The spec's split transition table ("Transition table (split)"), as data. The spec's "(none)" is
 * our internal `creating` (the split row exists while its holds are placed); its "`capturing`,
 * then `captured`" and "`canceling`, then `canceled`" are two rows each here; expiry goes through
 * `canceling` like a cancel. Rows from `partially_refunded` are implied by the spec's refund rows
 * ("`partially_refunded`, or `refunded` once everything is refunded"). Support's outcomes for a
 * stuck split are ours (docs/runbook.md): the spec says only that support must intervene.
 *
 * Rows that change nothing (cancel of a non-pending split, chargebacks, a refund that leaves the
 * status as it was) are not transitions and are not listed. The triggers are SplitTrigger.
 */
export type SplitTransition = {
  from: SplitStatus;
  trigger: SplitTrigger;
  /** When the row applies, in the spec's words where it has them. */
  condition: string;
  to: SplitStatus;
};

const row = (from: SplitStatus, trigger: SplitTrigger, condition: string, to: SplitStatus): SplitTransition => ({
  from,
  trigger,
  condition,
  to,
});

export const SPLIT_TRANSITIONS: readonly SplitTransition[] = [
  row('creating', 'create', 'one hold placed per participant, sequentially', 'pending'),
  row('creating', 'create', 'a hold cannot be placed', 'creation_failed'),

  row('pending', 'all_authorised', 'every participant authorised', 'capturing'),
  row('capturing', 'all_authorised', "each participant's money taken, one at a time", 'captured'),
  row('capturing', 'capture_breaks', 'any share fails', 'capture_failed'),

  row('pending', 'cancel', 'caller permitted', 'canceling'),
  row('canceling', 'cancel', 'holds released (a failed release is left to lapse)', 'canceled'),
  row('pending', 'expiry', 'holds expire', 'canceling'),
  row('canceling', 'expiry', 'holds released (a failed release is left to lapse)', 'canceled'),

  row('captured', 'refund_dashboard', 'every captured share refunded in full', 'refunded'),
  row('captured', 'refund_dashboard', 'the processor refused a share part-way (partial_failure)', 'partially_refunded'),
  row('captured', 'refund_api', 'amount within what is outstanding, some left', 'partially_refunded'),
  row('captured', 'refund_api', 'everything is refunded', 'refunded'),
  row('partially_refunded', 'refund_api', 'everything is refunded', 'refunded'),
  row('captured', 'processor_refund', 'the processor reports part of a charge back', 'partially_refunded'),
  row('captured', 'processor_refund', 'every share is back', 'refunded'),
  row('partially_refunded', 'processor_refund', 'every share is back', 'refunded'),

  row('capturing', 'support_compensate', 'stuck; support compensates', 'capture_failed'),
  row('capturing', 'support_resolve', 'stuck; support resolves it as captured', 'captured'),
  row('capturing', 'support_resolve', 'stuck; support resolves it (default capture_failed)', 'capture_failed'),
  row('canceling', 'support_resolve', 'stuck; support resolves it', 'canceled'),
];

/** The ApplicationFailure type of a move the table does not have. */
export const ILLEGAL_TRANSITION = 'illegal_split_transition';

/**
 * The gate every status change of a split passes: returns the table's row for the move, or
 * throws a non-retryable ApplicationFailure naming it. The workflow asks before it writes the
 * projection, so an illegal move of its own changes nothing: in capturing or canceling the split
 * then waits for support with this error, elsewhere the workflow fails. A refund's move was
 * written by the refund's own activity; there the workflow keeps its state and records the
 * refund (or processor-refund sync) as failed with this error.
 */
export function transition(from: SplitStatus, trigger: SplitTrigger, to: SplitStatus): SplitTransition {
  const found = SPLIT_TRANSITIONS.find((t) => t.from === from && t.trigger === trigger && t.to === to);
  if (found) return found;
  throw ApplicationFailure.create({
    type: ILLEGAL_TRANSITION,
    message: `Illegal split transition: ${from} → ${to} on ${trigger} is not in the transition table`,
    nonRetryable: true,
    details: [{ from, trigger, to }],
  });
}
