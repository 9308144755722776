export { createCheckoutApp } from './app';
export type { CheckoutDeps } from './deps';
export { FALLBACK_LOGS } from './fallback-logs';
export { checkoutOpenApi } from './openapi';
