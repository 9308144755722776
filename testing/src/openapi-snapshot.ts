import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The committed snapshot of the public OpenAPI document (`npm run openapi` writes it). Clients
 * are generated from it; a test fails when it differs from what the gateway serves.
 */
export const OPENAPI_SNAPSHOT = join(__dirname, '..', '..', 'docs', 'openapi.json');

/** The snapshot's exact text: pretty-printed, keys in the order the build gives them. */
export const formatOpenApi = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

export const readOpenApiSnapshot = () => readFileSync(OPENAPI_SNAPSHOT, 'utf8');
