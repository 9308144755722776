export * from './memberships';
export * from './merchants';
export * from './outbox';
export * from './splits';
