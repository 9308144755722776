import { checkoutOpenApi } from '@groupsplit/checkout';
import { buildPublicDocument } from '@groupsplit/gateway';
import { merchantsOpenApi } from '@groupsplit/merchants';

export { formatOpenApi, OPENAPI_SNAPSHOT, readOpenApiSnapshot } from './openapi-snapshot';

/** The document the gateway serves, built in this process from the services' parts. */
export function buildOpenApiDocument() {
  return buildPublicDocument([merchantsOpenApi(), checkoutOpenApi()]);
}
