import type { WebhookActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { createAttemptActivity } from './attempt';
import { createGiveUpActivity } from './give-up';
import { createSampleEventActivity } from './sample';
import { createSweepActivity } from './sweep';

export function createWebhookActivities(deps: ActivityDeps): WebhookActivities {
  return {
    attemptWebhookDelivery: createAttemptActivity(deps),
    giveUpWebhookDelivery: createGiveUpActivity(deps),
    recordSampleWebhookEvent: createSampleEventActivity(deps),
    dispatchPendingWebhookEvents: createSweepActivity(deps),
  };
}
