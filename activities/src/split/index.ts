export { createSplitActivities } from './split';
