export * from './delivery';
export * from './retry-schedule';
export * from './sweep';
export type * from './types';
