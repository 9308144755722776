export * from './memberships';
export * from './splits';
