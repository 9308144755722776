export * from './api';
export * from './factories';
export * from './factories-processor';
export * from './factories-refunds';
export * from './fixtures';
export * from './mail';
export * from './stack';
export * from './webhook-receiver';
