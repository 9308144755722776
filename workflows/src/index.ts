export type * from './activity-types';
export * from './email';
export * from './names';
export * from './skeleton';
