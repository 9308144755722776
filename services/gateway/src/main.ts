import { runService } from '@groupsplit/shared';
import { createGatewayApp } from './app';

void runService({
  name: 'gateway',
  port: (config) => config.GATEWAY_PORT,
  host: (config) => config.GATEWAY_HOST,
  publicApp: true,
  build: (runtime) => createGatewayApp(runtime),
});
