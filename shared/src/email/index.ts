export * from './html';
export * from './layout';
export * from './templates';
export * from './transport';
export * from './unsubscribe';
