export * from './common';
export * from './document';
export * from './errors';
export * from './router';
export * from './webhooks';
export * from './fields';
