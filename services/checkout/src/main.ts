import { runService } from '@groupsplit/shared';
import { createCheckoutApp } from './app';

void runService({
  name: 'checkout',
  port: (config) => config.CHECKOUT_PORT,
  host: (config) => config.CHECKOUT_HOST,
  needsTemporal: true,
  build: ({ temporal, ...rest }) => {
    if (!temporal) throw new Error('checkout needs Temporal');
    return createCheckoutApp({ ...rest, temporal });
  },
});
