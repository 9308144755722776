export * from './db-gauges';
export * from './http';
export * from './registry';
