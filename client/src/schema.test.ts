import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** src/schema.d.ts and src/error-codes.ts are what docs/openapi.json makes today, never a stale or edited copy. */
const CLIENT = join(__dirname, '..');

type Run = { status: number; stdout: string; stderr: string };

/**
 * Runs the generator's command line (scripts/generate.mjs, its `main`) once per argument list, one after
 * the other in one Node process, so that the generator, openapi-typescript and TypeScript load once: each
 * run's exit status and what it printed on the console, and what the process wrote to stderr besides.
 */
function generate(...argLists: string[][]): { runs: Run[]; stderr: string } {
  const script = `
import { format } from 'node:util';
import { main } from ${JSON.stringify(pathToFileURL(join(CLIENT, 'scripts/generate.mjs')).href)};
const runs = [];
for (const args of ${JSON.stringify(argLists)}) {
  const run = { stdout: '', stderr: '' };
  const out = (...items) => { run.stdout += format(...items) + '\\n'; };
  const err = (...items) => { run.stderr += format(...items) + '\\n'; };
  Object.assign(console, { log: out, info: out, debug: out, warn: err, error: err, trace: err });
  run.status = await main(args);
  runs.push(run);
}
process.stdout.write(JSON.stringify(runs));
`;
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: CLIENT,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the generator's process failed (${child.status}): ${child.stderr}`);
  return { runs: JSON.parse(child.stdout) as Run[], stderr: child.stderr };
}

/** Both tests' runs of the generator, in one process, on first use. */
let runs: { current: Run; changed: Run; stderr: string } | undefined;
function generated() {
  if (!runs) {
    const document = JSON.parse(readFileSync(join(CLIENT, '../docs/openapi.json'), 'utf8'));
    document.paths['/api/example-added-later'] = {
      get: { operationId: 'exampleAddedLater', responses: { '204': { description: 'Nothing.' } } },
    };
    const changed = join(process.env.TEST_RUN_DIR ?? CLIENT, `openapi-changed-${process.pid}.json`);
    writeFileSync(changed, JSON.stringify(document));
    const {
      runs: [current, withChange],
      stderr,
    } = generate(['--check'], ['--check', '--document', changed]);
    runs = { current: current!, changed: withChange!, stderr };
  }
  return runs;
}

describe('the generated schema', () => {
  it('matches docs/openapi.json', () => {
    const { current: check, stderr } = generated();
    expect({ status: check.status, stderr: check.stderr + stderr }).toEqual({ status: 0, stderr: '' });
    expect(check.stdout.trim()).toBe('client/src/schema.d.ts and client/src/error-codes.ts match docs/openapi.json');
  });

  it('is reported stale when the document changes', () => {
    const check = generated().changed;
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('client/src/schema.d.ts is stale');
  });
});
