export * from './config';
export * from './db';
export * from './errors';
export * from './http';
export * from './logger';
export * from './money';
export * from './temporal';
