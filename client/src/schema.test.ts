import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** src/schema.d.ts and src/error-codes.ts are what docs/openapi.json makes today, never a stale or edited copy. */
const CLIENT = join(__dirname, '..');
const generate = (...args: string[]) =>
  spawnSync(process.execPath, [join(CLIENT, 'scripts/generate.mjs'), ...args], { cwd: CLIENT, encoding: 'utf8' });

describe('the generated schema', () => {
  it('matches docs/openapi.json', () => {
    const check = generate('--check');
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
    expect(check.stdout.trim()).toBe('client/src/schema.d.ts and client/src/error-codes.ts match docs/openapi.json');
  });

  it('is reported stale when the document changes', () => {
    const document = JSON.parse(readFileSync(join(CLIENT, '../docs/openapi.json'), 'utf8'));
    document.paths['/api/example-added-later'] = {
      get: { operationId: 'exampleAddedLater', responses: { '204': { description: 'Nothing.' } } },
    };
    const changed = join(process.env.TEST_RUN_DIR ?? CLIENT, `openapi-changed-${process.pid}.json`);
    writeFileSync(changed, JSON.stringify(document));
    const check = generate('--check', '--document', changed);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('client/src/schema.d.ts is stale');
  });
});
