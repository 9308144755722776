export * from './common';
export * from './document';
export * from './errors';
export * from './families';
export * from './fields';
export * from './operation';
export * from './router';
