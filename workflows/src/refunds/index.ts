export type * from './types';
export * from './workflow';
