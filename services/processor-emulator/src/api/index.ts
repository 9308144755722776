import type { Route } from '../pipeline';
import { accountRoutes } from './accounts';
import { checkoutSessionRoutes } from './checkout-sessions';
import { customerRoutes } from './customers';
import { paymentIntentRoutes } from './payment-intents';
import { paymentMethodDomainRoutes } from './payment-method-domains';
import { refundRoutes } from './refunds';

/** Every Stripe endpoint the emulator speaks. */
export const stripeRoutes: readonly Route[] = [
  ...accountRoutes,
  ...paymentIntentRoutes,
  ...refundRoutes,
  ...customerRoutes,
  ...checkoutSessionRoutes,
  ...paymentMethodDomainRoutes,
];
