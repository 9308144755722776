import Router from '@koa/router';
import type { OpenApiDocument } from './document';

/** Where a service serves its part of the OpenAPI document (never routed by the gateway's route table). */
export const INTERNAL_OPENAPI_PATH = '/internal/openapi.json';

/** GET /internal/openapi.json: the service's part, built once on first call. */
export function openApiPartRoutes(build: () => OpenApiDocument): Router {
  const router = new Router();
  let part: OpenApiDocument | undefined;
  router.get(INTERNAL_OPENAPI_PATH, (ctx) => {
    part ??= build();
    ctx.body = part;
  });
  return router;
}
