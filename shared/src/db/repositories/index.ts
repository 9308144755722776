export * from './memberships';
export * from './participants';
export * from './receipts';
export * from './split-history';
export * from './split-operations';
export * from './split-projection';
export * from './split-refunds';
export * from './splits';
