import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_WORKFLOW_BUNDLE, resolveWorkflowBundle } from './worker';

describe('resolveWorkflowBundle', () => {
  const withBundle = mkdtempSync(join(tmpdir(), 'groupsplit-bundle-'));
  const withoutBundle = mkdtempSync(join(tmpdir(), 'groupsplit-no-bundle-'));
  writeFileSync(join(withBundle, BUILT_WORKFLOW_BUNDLE), '// bundle');
  afterAll(() => {
    rmSync(withBundle, { recursive: true, force: true });
    rmSync(withoutBundle, { recursive: true, force: true });
  });

  it('takes WORKFLOW_BUNDLE_PATH first', () => {
    expect(resolveWorkflowBundle({ explicitPath: '/run/bundle.js', entryDir: withBundle, production: true })).toBe(
      '/run/bundle.js',
    );
  });

  it('loads the bundle `npm run build` put beside the compiled entry point', () => {
    expect(resolveWorkflowBundle({ entryDir: withBundle, production: true })).toBe(
      join(withBundle, BUILT_WORKFLOW_BUNDLE),
    );
  });

  it('bundles from source outside production when there is no bundle (npm start)', () => {
    expect(resolveWorkflowBundle({ entryDir: withoutBundle, production: false })).toBeUndefined();
  });

  it('refuses to bundle at start-up in production', () => {
    expect(() => resolveWorkflowBundle({ entryDir: withoutBundle, production: true })).toThrow(
      /no prebuilt workflow bundle/,
    );
  });
});
