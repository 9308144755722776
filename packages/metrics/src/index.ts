export * from './http';
export * from './registry';
