export { createMerchantServer, type MerchantServer, type MerchantServerOptions } from './app';
export { PRODUCTS } from './catalogue';
export type { ReceivedEvent } from './events';
export type { Order, OrderStatus } from './orders';
