export { classifyDrift, holdHasLapsed } from './drift';
export { createJanitorActivities, JANITOR_ACTOR } from './reconcile';
export { ensureJanitorSchedule, installJanitorSchedule } from './schedule';
