export * from './html';
export * from './layout';
export * from './mask';
export * from './templates';
export * from './transport';
export * from './unsubscribe';
