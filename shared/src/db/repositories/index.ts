export * from './abuse-counters';
export * from './memberships';
export * from './splits';
