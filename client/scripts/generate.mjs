// `npm run generate -w @groupsplit/client`: writes src/schema.d.ts, the TypeScript types of
// docs/openapi.json (openapi-typescript). `--check` writes nothing and exits 1 when the file
// differs from what the document generates (the client's tests run it); `--document <path>`
// generates from another document.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENT = join(CLIENT, '..', 'docs', 'openapi.json');
export const SCHEMA_FILE = join(CLIENT, 'src', 'schema.d.ts');

const HEADER = `/**
 * Generated from docs/openapi.json by openapi-typescript: do not edit.
 * Regenerate with \`npm run generate -w @groupsplit/client\` after the document changes.
 */

`;

export async function generateSchema(documentPath = DOCUMENT) {
  const document = JSON.parse(readFileSync(documentPath, 'utf8'));
  const ast = await openapiTS(document, { alphabetize: false });
  return HEADER + astToString(ast);
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const documentFlag = args.indexOf('--document');
  const generated = await generateSchema(documentFlag >= 0 ? resolve(args[documentFlag + 1]) : DOCUMENT);
  if (args.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(SCHEMA_FILE, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (current !== generated) {
      console.error('client/src/schema.d.ts is stale: run `npm run generate -w @groupsplit/client` and commit it');
      process.exit(1);
    }
    console.log('client/src/schema.d.ts matches docs/openapi.json');
  } else {
    writeFileSync(SCHEMA_FILE, generated);
    console.log('wrote client/src/schema.d.ts');
  }
}
