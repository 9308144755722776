import type { SupportAction, SupportKind, SupportResolution } from './messages';
import type { SplitWorkflowState } from './snapshot';
import type { SplitStatus } from './statuses';

/**
 * When support may act on a split, in one place: the support Updates' validators, the support
 * signals (a refused signal changes nothing and is recorded) and the support CLI all ask this.
 * Pure code with no workflow API, so the CLI can word its own refusals the same way.
 */

/** The ApplicationFailure type a refused support Update fails with; its message says why. */
export const SUPPORT_REFUSED = 'SUPPORT_REFUSED';

type FinalStatus = NonNullable<SupportResolution['status']>;

/** Which final statuses a resolve may record from each stuck stage (the transition table allows no others). */
export const RESOLVABLE: Record<'capturing' | 'canceling', FinalStatus[]> = {
  capturing: ['captured', 'capture_failed'],
  canceling: ['canceled'],
};

/** What the rules look at: the split as its workflow knows it. */
export type SupportRuleInput = {
  splitId: string;
  status: SplitStatus;
  stuck: SplitWorkflowState['stuck'];
  /** A support action accepted and not yet taken by the workflow (one per stuck episode). */
  waiting: { kind: SupportKind; actor: string } | null;
};

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The operator's name as recorded: `ada` → `support:ada`; `support:ada` stays. */
export function supportActor(actor: string): string {
  const name = actor.trim();
  return name.startsWith('support:') ? name : `support:${name}`;
}

/** Why support may not take this action now, or null when it may. */
export function supportRefusal(
  split: SupportRuleInput,
  kind: SupportKind,
  action: Partial<SupportAction & Pick<SupportResolution, 'status'>> | null | undefined,
): string | null {
  if (blank(action?.actor))
    return `actor is required: who is acting, e.g. {"actor": "support:ada", "reason": "processor outage"}`;
  if (blank(action?.reason)) return 'reason is required: why this action, in a few words';
  const { splitId, status, stuck } = split;
  if (!stuck) {
    if (status === 'capturing' || status === 'canceling')
      return (
        `Split ${splitId} is ${status} but not waiting for support: it is still retrying by itself. ` +
        'Try again once the state query shows it stuck.'
      );
    return `Split ${splitId} is ${status}: ${kind} applies only to a split stuck in capturing or canceling`;
  }
  if (split.waiting)
    return `Split ${splitId} already has a support action waiting to be taken (${split.waiting.kind} by ${split.waiting.actor})`;
  if (kind === 'compensate' && stuck.stage !== 'capturing')
    return (
      `Split ${splitId} is stuck in ${stuck.stage}: compensate applies only to a split stuck in capturing ` +
      '(use retry to release the holds again, or resolve)'
    );
  const asked = action?.status;
  if (kind === 'resolve' && asked != null && !RESOLVABLE[stuck.stage].includes(asked))
    return `A split stuck in ${stuck.stage} can only be resolved as ${RESOLVABLE[stuck.stage].join(' or ')}`;
  return null;
}
