export type * from './activity-types';
export * from './email';
export * from './janitor';
export * from './refunds';
export * from './sessions';
export * from './split';
export * from './webhooks';
