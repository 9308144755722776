import { condition, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SkeletonActivities } from './activity-types';

export const pingUpdate = defineUpdate<string, [string]>('ping');

const { recordPing } = proxyActivities<SkeletonActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 5 },
});

/** Walking skeleton: proves gateway → checkout → Temporal → worker → Postgres end to end. */
export async function skeletonWorkflow(): Promise<string | undefined> {
  let rowId: string | undefined;
  setHandler(pingUpdate, async (message) => {
    rowId = await recordPing(message);
    return rowId;
  });
  await condition(() => rowId !== undefined);
  return rowId;
}
