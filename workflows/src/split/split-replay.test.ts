import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type ReplayResult, Worker } from '@temporalio/worker';
import { historyFromJson } from './__histories__/history-json';
import { quietTemporalRuntime } from './test-support/fake-worker';

/**
 * Split workflows stay open for the 180-day refund window, so every change to the workflow code
 * meets histories written by older code. These histories were recorded from real runs of an
 * earlier version (`__histories__/record.ts`); each must replay against the code of this run
 * without a nondeterminism error. When this fails, see "Changing a workflow safely" in
 * docs/development.md: the fix is `patched()`, not re-recording.
 */
const DIR = join(__dirname, '__histories__');
const FIXTURES = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => basename(file, '.json'))
  .sort();

/** The lifecycles the fixtures must cover; a missing one is a failure, not a smaller test. */
const REQUIRED = [
  'paid',
  'capture-failed',
  'canceled-by-expiry',
  'refunded-partly-then-fully',
  'stuck-then-resolved',
  'continue-as-new-first-run',
  'continue-as-new-second-run',
  'participant-replaced-then-paid',
];

describe('split workflow replay of recorded histories', () => {
  const results = new Map<string, ReplayResult>();

  beforeAll(async () => {
    quietTemporalRuntime();
    const histories = FIXTURES.map((name) => ({
      workflowId: name,
      history: historyFromJson(JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8'))),
    }));
    const bundlePath = process.env.WORKFLOW_BUNDLE_PATH;
    const replay = Worker.runReplayHistories(
      {
        replayName: 'split-replay',
        ...(bundlePath ? { workflowBundle: { codePath: bundlePath } } : { workflowsPath: require.resolve('../index') }),
      },
      histories,
    );
    for await (const result of replay) results.set(result.workflowId, result);
  });

  it('has a recorded history for every lifecycle', () => {
    expect(FIXTURES).toEqual(expect.arrayContaining(REQUIRED));
  });

  it.each(FIXTURES)('%s replays without a nondeterminism error', (name) => {
    const result = results.get(name);
    expect(result).toBeDefined();
    expect(result!.error?.message).toBeUndefined();
  });
});
