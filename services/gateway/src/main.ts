import { runService } from '@groupsplit/shared';
import { createGatewayApp } from './app';

void runService({
  name: 'gateway',
  port: (config) => config.GATEWAY_PORT,
  build: (runtime) => createGatewayApp(runtime),
});
