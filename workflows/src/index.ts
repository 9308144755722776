export type * from './activity-types';
export * from './names';
export * from './skeleton';
