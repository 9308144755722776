export * from './audit';
export * from './consent';
export * from './merchant-context';
export * from './permit';
export * from './policy';
