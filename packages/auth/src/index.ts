export * from './audit';
export * from './consent';
export * from './device';
export * from './merchant-context';
export * from './permit';
export * from './refresh-cookie';
