export * from './client';
export * from './html';
export * from './layout';
export * from './mask';
export * from './message';
export * from './templates';
export * from './transport';
export * from './unsubscribe';
