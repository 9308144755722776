export type * from './activity-types';
export * from './email';
export * from './janitor';
export * from './names';
export * from './refunds';
export * from './sessions';
export * from './skeleton';
export * from './split';
export * from './webhooks';
