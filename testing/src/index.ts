export * from './api';
export * from './factories';
export * from './mail';
export * from './stack';
