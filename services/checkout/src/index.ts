export { createCheckoutApp } from './app';
export type { CheckoutDeps } from './deps';
export { checkoutOpenApi } from './openapi';
