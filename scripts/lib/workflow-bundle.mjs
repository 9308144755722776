// The workflow code as one bundle, built once and handed to every worker (`workflowBundle`), so that
// no worker runs webpack at start-up. `npm run build` ships it in the image; test and bench runs build
// their own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.mjs';

const require = createRequire(import.meta.url);
const quiet = { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} };

export async function writeWorkflowBundle(outputPath) {
  const { bundleWorkflowCode } = require('@temporalio/worker');
  const bundle = await bundleWorkflowCode({
    workflowsPath: join(ROOT, 'workflows/src/index.ts'),
    // As the worker's data converter (packages/temporal/src/data-converter.ts): failures raised in
    // workflow code keep their message in an encrypted payload.
    failureConverterPath: join(ROOT, 'packages/temporal/src/failure-converter.ts'),
    logger: quiet,
  });
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, bundle.code);
  return outputPath;
}
