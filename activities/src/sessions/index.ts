import type { SessionActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { createExpiryActivity } from './expiry';
import { createReminderActivities } from './reminders';

export function createSessionActivities(deps: ActivityDeps): SessionActivities {
  return { ...createReminderActivities(deps), expireCheckoutSessions: createExpiryActivity(deps) };
}
