export * from './api';
export * from './mail';
export * from './stack';
