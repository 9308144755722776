export * from './client';
export * from './data-converter';
export * from './payload-codec';
