export * from './contract';
export * from './errors';
export * from './events';
export * from './keys';
export * from './processor';
export * from './signature';
export * from './types';
