export type { SplitTransition } from './transitions';
export { ILLEGAL_TRANSITION, SPLIT_TRANSITIONS } from './transitions';
export type * from './types';
export { IN_FLIGHT_STEPS, TERMINAL_SPLIT_STATUSES } from './types';
export * from './workflow';
