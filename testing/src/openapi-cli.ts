import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildOpenApiDocument, formatOpenApi, OPENAPI_SNAPSHOT } from './openapi';

// `npm run openapi`: rewrites docs/openapi.json from the route folders' schemas.
writeFileSync(OPENAPI_SNAPSHOT, formatOpenApi(buildOpenApiDocument()));
console.log(`[openapi] wrote ${relative(process.cwd(), OPENAPI_SNAPSHOT)}`);
