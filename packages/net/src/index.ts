export * from './ip-address';
export * from './safe-fetch';
export * from './url-check';
export * from './within';
