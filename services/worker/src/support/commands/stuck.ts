import { isUuid, JanitorRepository, SplitOperationsRepository } from '@groupsplit/shared';
import { splitWorkflowId } from '@groupsplit/workflows';
import { SupportCommandError } from '../args';
import { parseDuration, queryWorkflowState, withTemporal } from './split-support';
import type { SupportCommand, SupportDeps } from './types';

const DEFAULT_OLDER_THAN = '15m';

export type StuckSplit = {
  splitId: string;
  merchantId: string;
  status: string;
  since: Date;
  /** Found through the SplitStatus search attribute; false: only the database says so. */
  inTemporal: boolean;
  waiting: { stage: string; error: string; since: string } | null;
};

/** Temporal's view first (the SplitStatus search attribute), then the projection as a cross-check. */
export async function findStuckSplits(deps: SupportDeps, options: { olderThanMs: number; merchantId?: string }) {
  const cutoff = new Date(Date.now() - options.olderThanMs);
  const scope = options.merchantId ? ` AND MerchantId="${options.merchantId}"` : '';
  const query = `(SplitStatus="capturing" OR SplitStatus="canceling") AND ExecutionStatus="Running"${scope}`;
  return withTemporal(deps, async (temporal) => {
    const fromTemporal = new Set<string>();
    for await (const execution of temporal.client.workflow.list({ query })) {
      if (execution.workflowId.startsWith('split:')) fromTemporal.add(execution.workflowId.slice('split:'.length));
    }
    const rows = await new SplitOperationsRepository(deps.db).stuckCandidates({
      namedByTemporal: [...fromTemporal].filter(isUuid),
      merchantId: options.merchantId,
    });
    const stuck: StuckSplit[] = [];
    for (const row of rows) {
      // Visibility lags: a split the database has already moved on is not stuck.
      if (row.status !== 'capturing' && row.status !== 'canceling') continue;
      if (row.updated_at > cutoff) continue;
      const state = await queryWorkflowState(temporal, row.id).catch(() => null);
      stuck.push({
        splitId: row.id,
        merchantId: row.merchant_id,
        status: row.status,
        since: row.updated_at,
        inTemporal: fromTemporal.has(row.id),
        waiting: state?.stuck ?? null,
      });
    }
    return stuck;
  });
}

export async function openFindings(deps: SupportDeps, merchantId?: string) {
  return new JanitorRepository(deps.db).openFindings(merchantId);
}

export const stuckCommand: SupportCommand = {
  usage: 'stuck [--older-than 15m] [--merchant <merchantId>]',
  summary:
    'List splits in capturing or canceling for longer than --older-than, and splits the janitor found disagreeing with the processor',
  async run(args, deps) {
    const olderThan = typeof args.flags['older-than'] === 'string' ? args.flags['older-than'] : DEFAULT_OLDER_THAN;
    const olderThanMs = parseDuration(olderThan, 'older-than');
    const merchantId = typeof args.flags.merchant === 'string' ? args.flags.merchant : undefined;
    // It goes into a visibility query, so only a well-formed id is accepted.
    if (merchantId !== undefined && !isUuid(merchantId))
      throw new SupportCommandError(`Not a merchant id: ${merchantId}`);
    const stuck = await findStuckSplits(deps, { olderThanMs, merchantId });
    const findings = await openFindings(deps, merchantId);
    const lines = [`Splits in capturing or canceling for at least ${olderThan}: ${stuck.length}`];
    for (const s of stuck) {
      const why = s.waiting
        ? `WAITING FOR SUPPORT (${s.waiting.stage}: ${s.waiting.error})`
        : 'still retrying by itself, or its workflow is not answering';
      lines.push(
        `  ${s.splitId}  ${s.status} since ${s.since.toISOString()}  merchant ${s.merchantId}  ${why}` +
          (s.inTemporal ? '' : `  [not in Temporal visibility as ${s.status}: check ${splitWorkflowId(s.splitId)}]`),
      );
    }
    lines.push(`Splits disagreeing with the processor (open janitor findings): ${findings.length}`);
    for (const f of findings) {
      lines.push(
        `  ${f.split_id}  ${f.kind}${f.participant_id ? ` participant ${f.participant_id}` : ''}  ${f.action}  ` +
          `split ${f.split_status}, participant ${f.participant_status ?? '-'}, processor ${f.processor_status ?? '-'}  ` +
          `since ${f.first_seen_at.toISOString()}`,
      );
    }
    return lines.join('\n');
  },
};
