import { runService } from '@groupsplit/shared';
import { createMerchantsApp } from './app';

void runService({
  name: 'merchants',
  port: (config) => config.MERCHANTS_PORT,
  host: (config) => config.MERCHANTS_HOST,
  needsTemporal: true,
  build: ({ temporal, ...rest }) => {
    if (!temporal) throw new Error('merchants needs Temporal');
    return createMerchantsApp({ ...rest, temporal });
  },
});
