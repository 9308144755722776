import { type Config, createTemporalClient, isUuid, loadConfig, type TemporalHandle } from '@groupsplit/shared';
import { type SplitWorkflowState, splitWorkflowId, stateQuery } from '@groupsplit/workflows';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { ParsedArgs } from '../args';
import { SupportCommandError, SupportUsageError } from '../args';
import type { SupportDeps } from './types';

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function splitIdArg(args: ParsedArgs): string {
  const id = args.positional[1];
  if (!id) throw new SupportUsageError('<splitId> is required');
  if (!isUuid(id)) throw new SupportCommandError(`Not a split id: ${id}`);
  return id;
}

/** `15m`, `2h`, `30s`, `1d` → milliseconds. */
export function parseDuration(value: string, flag: string): number {
  const match = DURATION.exec(value.trim());
  if (!match) throw new SupportUsageError(`--${flag} takes a duration like 30s, 15m, 2h or 1d`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

export const configOf = (deps: SupportDeps): Config => deps.config ?? loadConfig();

/** Runs fn with the caller's Temporal client, or one opened (and closed) for this command. */
export async function withTemporal<T>(deps: SupportDeps, fn: (temporal: TemporalHandle) => Promise<T>): Promise<T> {
  if (deps.temporal) return fn(deps.temporal);
  const temporal = await createTemporalClient(configOf(deps));
  try {
    return await fn(temporal);
  } finally {
    await temporal.close();
  }
}

/** The split workflow's `state` query; null when there is no such workflow. */
export async function queryWorkflowState(
  temporal: TemporalHandle,
  splitId: string,
): Promise<SplitWorkflowState | null> {
  try {
    return await temporal.client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}
