export * from './audit';
export * from './merchant-context';
export * from './policy';
