// `npm run generate -w @groupsplit/client`: writes what the client generates from docs/openapi.json:
// src/schema.d.ts, its TypeScript types (openapi-typescript), and src/error-codes.ts, the error codes of
// every operation (./error-codes.mjs). `--check` writes nothing and exits 1 when a file differs from what
// the document generates (the client's tests run it); `--document <path>` generates from another document.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { errorCodesSource } from './error-codes.mjs';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENT = join(CLIENT, '..', 'docs', 'openapi.json');
export const SCHEMA_FILE = join(CLIENT, 'src', 'schema.d.ts');
export const ERROR_CODES_FILE = join(CLIENT, 'src', 'error-codes.ts');

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

/** Every generated file, by path, with what the document makes of it. */
async function generateAll(documentPath) {
  const document = JSON.parse(readFileSync(documentPath, 'utf8'));
  return [
    [SCHEMA_FILE, await generateSchema(documentPath)],
    [ERROR_CODES_FILE, errorCodesSource(document)],
  ];
}

const shown = (file) => `client/src/${file.slice(join(CLIENT, 'src').length + 1)}`;

/** The command line, `args` as after `node scripts/generate.mjs`: prints to the console, returns the exit status. */
export async function main(args) {
  const documentFlag = args.indexOf('--document');
  const files = await generateAll(documentFlag >= 0 ? resolve(args[documentFlag + 1]) : DOCUMENT);
  if (args.includes('--check')) {
    let stale = false;
    for (const [file, generated] of files) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        // A missing file is stale too.
      }
      if (current !== generated) {
        console.error(`${shown(file)} is stale: run \`npm run generate -w @groupsplit/client\` and commit it`);
        stale = true;
      }
    }
    if (stale) return 1;
    console.log('client/src/schema.d.ts and client/src/error-codes.ts match docs/openapi.json');
  } else {
    for (const [file, generated] of files) {
      writeFileSync(file, generated);
      console.log(`wrote ${shown(file)}`);
    }
  }
  return 0;
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) process.exitCode = await main(process.argv.slice(2));
