import { runTemporalService } from '@groupsplit/shared';
import { createCheckoutApp } from './app';

void runTemporalService({
  name: 'checkout',
  port: (config) => config.CHECKOUT_PORT,
  host: (config) => config.CHECKOUT_HOST,
  build: (runtime) => createCheckoutApp(runtime),
});
