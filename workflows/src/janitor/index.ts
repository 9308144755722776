export * from './types';
export * from './workflow';
