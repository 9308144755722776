export * from './db-gauges';
export * from './http';
export * from './processor';
export * from './registry';
