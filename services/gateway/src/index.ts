export { createGatewayApp, type GatewayDeps } from './app';
