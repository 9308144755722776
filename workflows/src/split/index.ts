export type * from './types';
export { TERMINAL_SPLIT_STATUSES } from './types';
export * from './workflow';
