import { createProcessors } from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { createAuthoriseActivities } from './authorise';
import { createCaptureActivities } from './capture';
import { createHistoryActivities } from './history';
import { createMerchantAcceptActivities } from './merchant-accept';
import { createOpenAndHoldActivities } from './open-and-hold';
import { createReleaseAndRefundActivities } from './release-and-refund';
import { createReplaceActivities } from './replace';
import { createSeatActivities } from './seats';
import { createSplitContext } from './shares';
import { createStatusActivities } from './status';

/**
 * The split workflow's I/O: processor calls (always with an idempotency key built from the
 * participant id) and the Postgres projection the API reads, through the repositories of
 * `@groupsplit/shared`. Every projection change and the webhook event it causes are written in
 * one transaction (or one statement).
 */
export function createSplitActivities(deps: ActivityDeps): SplitActivities {
  const context = createSplitContext(deps, createProcessors(deps.config, { logger: deps.logger }));
  return {
    ...createOpenAndHoldActivities(context),
    ...createAuthoriseActivities(context),
    ...createCaptureActivities(context),
    ...createReleaseAndRefundActivities(context),
    ...createStatusActivities(deps),
    ...createHistoryActivities(deps),
    ...createReplaceActivities(context),
    ...createMerchantAcceptActivities(deps),
    ...createSeatActivities(context),
  };
}
