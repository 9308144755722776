export { createGatewayApp, type GatewayDeps } from './app';
export { authenticate } from './authenticate';
