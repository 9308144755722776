export * from './memberships';
export * from './outbox';
export * from './splits';
