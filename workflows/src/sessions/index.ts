export type * from './types';
export { REMIND_INTERVAL_MS, REMIND_SESSION_CAP } from './types';
export * from './workflows';
