import { recordAudit, SplitOperationsRepository } from '@groupsplit/shared';
import {
  type SplitWorkflowState,
  type SupportResolution,
  splitWorkflowId,
  supportCompensateSignal,
  supportResolveSignal,
  supportRetrySignal,
} from '@groupsplit/workflows';
import { SupportCommandError } from '../args';
import { queryWorkflowState, withTemporal } from './split-support';
import type { SupportDeps } from './types';

export type SupportActionKind = 'retry' | 'compensate' | 'resolve';
type FinalStatus = NonNullable<SupportResolution['status']>;

/** Which final statuses `resolve --status` may record from each stuck stage. */
export const RESOLVABLE: Record<'capturing' | 'canceling', FinalStatus[]> = {
  capturing: ['captured', 'capture_failed'],
  canceling: ['canceled'],
};

const ACK_TIMEOUT_MS = 10_000;

/** Refuses an action the split's current state does not allow; the message says why and what to do. */
function checkApplies(
  splitId: string,
  kind: SupportActionKind,
  state: SplitWorkflowState,
  status: FinalStatus | undefined,
): asserts state is SplitWorkflowState & { stuck: NonNullable<SplitWorkflowState['stuck']> } {
  if (!state.stuck) {
    if (state.status === 'capturing' || state.status === 'canceling') {
      throw new SupportCommandError(
        `Split ${splitId} is ${state.status} but not waiting for support: it is still retrying by itself. ` +
          `Run \`split ${splitId}\` again once it shows STUCK.`,
      );
    }
    throw new SupportCommandError(
      `Split ${splitId} is ${state.status}: ${kind} applies only to a split stuck in capturing or canceling`,
    );
  }
  if (kind === 'compensate' && state.stuck.stage !== 'capturing') {
    throw new SupportCommandError(
      `Split ${splitId} is stuck in ${state.stuck.stage}: compensate applies only to a split stuck in capturing ` +
        '(use retry to release the holds again, or resolve)',
    );
  }
  if (kind === 'resolve' && status && !RESOLVABLE[state.stuck.stage].includes(status)) {
    throw new SupportCommandError(
      `A split stuck in ${state.stuck.stage} can only be resolved as ${RESOLVABLE[state.stuck.stage].join(' or ')}`,
    );
  }
}

/** Polls the workflow until it has taken the request (no longer stuck, or moved on). */
async function waitForPickUp(deps: SupportDeps, splitId: string, before: SplitWorkflowState) {
  return withTemporal(deps, async (temporal) => {
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    for (;;) {
      const state = await queryWorkflowState(temporal, splitId);
      if (!state || state.stuck === null || state.status !== before.status) return state;
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}

/**
 * Sends one support request to a stuck split's workflow. The audit row and the signal go
 * together: the row is written in a transaction that commits only once the signal is sent.
 */
export async function sendSupportAction(
  deps: SupportDeps,
  input: { splitId: string; kind: SupportActionKind; actor: string; reason: string; status?: FinalStatus },
): Promise<string> {
  const { splitId, kind, actor, reason, status } = input;
  const split = await new SplitOperationsRepository(deps.db).find(splitId);
  if (!split) throw new SupportCommandError(`No split ${splitId}`);

  const state = await withTemporal(deps, (temporal) => queryWorkflowState(temporal, splitId));
  if (!state) throw new SupportCommandError(`No workflow ${splitWorkflowId(splitId)} for split ${splitId}`);
  checkApplies(splitId, kind, state, status);
  const stuck = state.stuck;

  const workflowActor = `support:${actor}`;
  await deps.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      merchantId: split.merchant_id,
      actorUserId: null,
      actorRole: 'support',
      action: `split.support_${kind}`,
      before: { split_id: splitId, status: state.status, stuck },
      after: { split_id: splitId, actor, reason, ...(status ? { status } : {}) },
    });
    if (kind === 'resolve') {
      await trx
        .updateTable('janitor_findings')
        .set({ resolved_at: new Date(), resolved_by: workflowActor, resolution: reason })
        .where('split_id', '=', splitId)
        .where('resolved_at', 'is', null)
        .execute();
    }
    await withTemporal(deps, async (temporal) => {
      const handle = temporal.client.workflow.getHandle(splitWorkflowId(splitId));
      if (kind === 'retry') await handle.signal(supportRetrySignal, { actor: workflowActor, reason });
      if (kind === 'compensate') await handle.signal(supportCompensateSignal, { actor: workflowActor, reason });
      if (kind === 'resolve') await handle.signal(supportResolveSignal, { actor: workflowActor, reason, status });
    });
  });

  const after = await waitForPickUp(deps, splitId, state);
  const sent = `Sent ${kind} to split ${splitId} (stuck in ${stuck.stage} since ${stuck.since}: ${stuck.error}), by ${actor}.`;
  if (!after) return `${sent} The workflow has not picked it up yet; check with \`split ${splitId}\`.`;
  return `${sent} The workflow picked it up; status now ${after.status}.`;
}
