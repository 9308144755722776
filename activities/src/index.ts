import type { ActivityDeps } from './deps';
import { createEmailActivities } from './email';
import { createJanitorActivities } from './janitor';
import { createRefundActivities } from './refunds';
import { createSessionActivities } from './sessions';
import { createSplitActivities } from './split';
import { createWebhookActivities } from './webhooks';

export { installJanitorSchedule } from './janitor';
/** What counts as a split transition in flight: shared by the janitor and the support report. */
export * from './janitor/in-flight';
/** The janitor's re-check interval from its settings (docs/deploy.md, "Sizing"). */
export * from './janitor/sizing';
export { splitRowsFromCreation } from './split/split-rows';

/** Every activity the worker registers, bound to its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createEmailActivities(deps),
    ...createSessionActivities(deps),
    ...createSplitActivities(deps),
    ...createRefundActivities(deps),
    ...createWebhookActivities(deps),
    ...createJanitorActivities(deps),
  };
}
