import { runTemporalService } from '@groupsplit/shared';
import { createMerchantsApp } from './app';

void runTemporalService({
  name: 'merchants',
  port: (config) => config.MERCHANTS_PORT,
  host: (config) => config.MERCHANTS_HOST,
  build: (runtime) => createMerchantsApp(runtime),
});
