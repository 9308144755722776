import type Router from '@koa/router';
import { z } from 'zod';
import { validate, validatesQuery } from './validate';

/**
 * Paths under /api whose query strings are not ours to police: the payment processor's webhooks
 * (its payloads and URLs are the processor's). The unsubscribe link declares a loose query schema
 * of its own, so mail clients' extra parameters pass there.
 */
const QUERY_NOT_OURS = ['/api/processor/webhooks/'];

/** The query string of a route that declares none: every parameter is unknown. */
const NO_QUERY_PARAMETERS = z.object({});

/**
 * Query strings follow the unknown-field rule (docs/errors.md, "Unknown fields") on every JSON
 * route, not only on the few that declare a query schema: a JSON `/api/…` route without
 * validate('query', …) gets one that accepts no parameter, first in its stack, so `?limt=5` sent
 * to a route that reads no query is a 400 instead of being silently ignored. Hosted pages and
 * other non-/api paths (the processor's redirects carry their own parameters) are left alone.
 */
export function refuseUndeclaredQueryParameters(router: Router): Router {
  for (const layer of router.stack) {
    const path = layer.path;
    if (layer.methods.length === 0 || typeof path !== 'string' || !path.startsWith('/api/')) continue;
    if (QUERY_NOT_OURS.some((prefix) => path.startsWith(prefix))) continue;
    if (layer.stack.some(validatesQuery)) continue;
    layer.stack.unshift(validate('query', NO_QUERY_PARAMETERS));
  }
  return router;
}
