export * from './client';
export * from './client-errors';
export * from './data-converter';
export * from './payload-codec';
