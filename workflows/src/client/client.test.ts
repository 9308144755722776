import { readFileSync } from 'node:fs';

/**
 * The client entry point is Node code (database, Temporal client); the worker's workflow
 * bundle is built from `src/index.ts` and must never pull it in. The bundle the test run
 * built (scripts/lib/run-infrastructure.mjs) is the one every test worker runs.
 */
describe('@groupsplit/workflows/client', () => {
  it('stays out of the workflow bundle', () => {
    const bundlePath = process.env.WORKFLOW_BUNDLE_PATH;
    if (!bundlePath) throw new Error('WORKFLOW_BUNDLE_PATH is set by the Jest global setup');
    const bundle = readFileSync(bundlePath, 'utf8');
    expect(bundle).toContain('./workflows/src/email.ts');
    expect(bundle).not.toContain('./workflows/src/client/');
    expect(bundle).not.toContain('@groupsplit/shared');
  });

  it('resolves as a package subpath with the workflow functions it starts', async () => {
    const client = await import('@groupsplit/workflows/client');
    expect(typeof client.sendEmail).toBe('function');
    expect(typeof client.dispatchWebhookEvents).toBe('function');
    expect(typeof client.ensureCheckoutSchedules).toBe('function');
  });
});
