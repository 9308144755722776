import { SplitOperationsRepository } from '@groupsplit/shared';
import {
  SUPPORT_REFUSED,
  type SupportOutcome,
  type SupportResolution,
  splitWorkflowId,
  supportCompensateUpdate,
  supportRefusal,
  supportResolveUpdate,
  supportRetryUpdate,
} from '@groupsplit/workflows';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import { SupportCommandError } from '../args';
import { queryWorkflowState, withTemporal } from './split-support';
import type { SupportDeps } from './types';

export type SupportActionKind = 'retry' | 'compensate' | 'resolve';
type FinalStatus = NonNullable<SupportResolution['status']>;

export { RESOLVABLE } from '@groupsplit/workflows';

/** The workflow's refusal (the Update's validator), as the operator reads it. */
function refusalOf(error: unknown): string | null {
  const cause = error instanceof Error ? error.cause : null;
  return cause instanceof ApplicationFailure && cause.type === SUPPORT_REFUSED ? cause.message : null;
}

/**
 * Sends one support action to a split's workflow as an Update (the same one the Temporal UI sends):
 * the workflow's validator accepts it or says why not, and an accepted action is audited by the
 * workflow itself (audit row and history row) before the Update answers.
 */
export async function sendSupportAction(
  deps: SupportDeps,
  input: { splitId: string; kind: SupportActionKind; actor: string; reason: string; status?: FinalStatus },
): Promise<string> {
  const { splitId, kind, actor, reason, status } = input;
  const split = await new SplitOperationsRepository(deps.db).find(splitId);
  if (!split) throw new SupportCommandError(`No split ${splitId}`);

  return withTemporal(deps, async (temporal) => {
    const before = await queryWorkflowState(temporal, splitId);
    if (!before) throw new SupportCommandError(`No workflow ${splitWorkflowId(splitId)} for split ${splitId}`);
    const handle = temporal.client.workflow.getHandle(splitWorkflowId(splitId));
    const action = { actor, reason };
    let outcome: SupportOutcome;
    try {
      if (kind === 'retry') outcome = await handle.executeUpdate(supportRetryUpdate, { args: [action] });
      else if (kind === 'compensate') outcome = await handle.executeUpdate(supportCompensateUpdate, { args: [action] });
      else outcome = await handle.executeUpdate(supportResolveUpdate, { args: [{ ...action, status }] });
    } catch (error) {
      const refused = refusalOf(error);
      if (refused) throw new SupportCommandError(refused);
      // A finished workflow takes no Update; say why in the same words its validator would.
      if (error instanceof WorkflowNotFoundError) {
        const rule = { splitId, status: before.status, stuck: null, waiting: null };
        throw new SupportCommandError(
          supportRefusal(rule, kind, { ...action, status }) ?? `Split ${splitId} has finished`,
        );
      }
      throw error;
    }
    const after = await queryWorkflowState(temporal, splitId);
    const stuck = before.stuck;
    const where = stuck ? ` (stuck in ${stuck.stage} since ${stuck.since}: ${stuck.error})` : '';
    return (
      `Sent ${kind} to split ${splitId}${where}, by ${outcome.actor}. ` +
      `The workflow accepted it and recorded it; status now ${after?.status ?? before.status}.`
    );
  });
}
