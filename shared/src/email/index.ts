export * from './html';
export * from './layout';
export * from './mask';
export * from './order';
export * from './templates';
export * from './transport';
export * from './uk-time';
export * from './unsubscribe';
