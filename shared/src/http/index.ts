export * from './body';
export * from './loggable-path';
export * from './principal';
export * from './request-logger';
export * from './run-service';
export * from './service-app';
export * from './service-mode';
export * from './validate';
