import { randomUUID } from 'node:crypto';
import {
  AppError,
  errorWithStatus,
  INTERNAL_OPENAPI_PATH,
  type Logger,
  type OpenApiDocument,
  PRINCIPAL_HEADER,
  signPrincipal,
} from '@groupsplit/shared';
import type { Context, Next } from 'koa';
import type { Target } from '../routes/types';
import { buildPublicDocument } from './document';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * How long a built document is reused. The parts come from the services, which a rolling deploy
 * replaces one by one; a short reuse keeps the document current without rebuilding it per request.
 */
const REUSE_MS = 60_000;

const unavailable = () =>
  errorWithStatus(503, 'The API reference is not available right now. Try again shortly.', 'openapi_unavailable');

type Options = { targets: Record<Target, string>; signingSecret: string; logger: Logger };

async function fetchPart(service: Target, baseUrl: string, signingSecret: string): Promise<OpenApiDocument> {
  const principal = { kind: 'anonymous', ip: 'internal:gateway', requestId: randomUUID() } as const;
  const audience = { service, method: 'GET', url: INTERNAL_OPENAPI_PATH };
  const response = await fetch(new URL(INTERNAL_OPENAPI_PATH, baseUrl), {
    headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, signingSecret, audience) },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${baseUrl}${INTERNAL_OPENAPI_PATH} answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/**
 * GET /api/openapi.json (public): the OpenAPI 3.1 document, merged from the parts the services
 * serve at /internal/openapi.json (their route folders' schemas) with the gateway's route table.
 */
export function openApiDocumentRoute({ targets, signingSecret, logger }: Options) {
  let cached: { body: string; at: number } | undefined;
  let building: Promise<string> | undefined;

  const build = async () => {
    const parts = await Promise.all(
      (Object.entries(targets) as [Target, string][]).map(([service, url]) => fetchPart(service, url, signingSecret)),
    );
    return JSON.stringify(buildPublicDocument(parts));
  };

  const current = async (): Promise<string> => {
    if (cached && Date.now() - cached.at < REUSE_MS) return cached.body;
    building ??= build()
      .then((body) => {
        cached = { body, at: Date.now() };
        return body;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  };

  return async (ctx: Context, next: Next) => {
    if (ctx.path !== OPENAPI_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let body: string;
    try {
      body = await current();
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error }, 'could not build the OpenAPI document');
      // A stale document is better than none while a service restarts.
      if (!cached) throw unavailable();
      body = cached.body;
    }
    ctx.set('cache-control', 'no-cache');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  };
}
