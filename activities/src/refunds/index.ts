import type { RefundActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { createDisputeActivities } from './disputes';
import { createProcessorRefundActivities } from './processor-refunds';
import { createRefundRunActivities } from './refunds';

/** Refunds (API key, dashboard, processor dashboard) and chargebacks. */
export function createRefundActivities(deps: ActivityDeps): RefundActivities {
  return {
    ...createRefundRunActivities(deps),
    ...createProcessorRefundActivities(deps),
    ...createDisputeActivities(deps),
  };
}
