export { createMerchantsApp } from './app';
export type { MerchantsDeps } from './deps';
export { merchantsOpenApi } from './openapi';
