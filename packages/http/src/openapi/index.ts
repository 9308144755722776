export * from './common';
export * from './document';
export * from './errors';
export * from './fields';
export * from './operation';
export * from './router';
