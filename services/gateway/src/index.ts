export { createGatewayApp, type GatewayApp, type GatewayDeps } from './app';
export { authenticate } from './authenticate';
export { buildPublicDocument, ruleFor } from './openapi/document';
export { OPENAPI_PATH } from './openapi/serve';
