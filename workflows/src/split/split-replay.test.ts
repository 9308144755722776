import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ENCRYPTED_ENCODING, loadConfig, temporalDataConverter } from '@groupsplit/shared';
import { type ReplayResult, Worker } from '@temporalio/worker';
import { historyFromJson } from './__histories__/history-json';
import { quietTemporalRuntime } from './test-support/fake-worker';

/**
 * Split workflows stay open for the 180-day refund window, so every change to the workflow code
 * meets histories written by older code. Each released version's histories were recorded from real
 * runs of that version (`__histories__/<release>/`, written by `__histories__/record.ts`); each must
 * replay against the code of this run without a nondeterminism error. When this fails, see
 * docs/workflow-versioning.md: the fix is a patch, never re-recording a released version's fixtures.
 * Until a release is cut, the histories of the code being prepared are in `__histories__/unreleased/`,
 * re-recorded whenever that code changes; the release renames the folder to its version.
 */
const DIR = join(__dirname, '__histories__');
const UNRELEASED = 'unreleased';
/** Every folder of fixtures: the released versions' (`v<x.y.z>`), and the unreleased code's when there is one. */
const RELEASES = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && (/^v\d+\.\d+\.\d+$/.test(entry.name) || entry.name === UNRELEASED))
  .map((entry) => entry.name)
  .sort();
/** `<release>/<scenario>`, one per recorded history. */
const FIXTURES = RELEASES.flatMap((release) =>
  readdirSync(join(DIR, release))
    .filter((file) => file.endsWith('.json'))
    .map((file) => `${release}/${basename(file, '.json')}`),
).sort();

/** The lifecycles every release's fixtures must cover; a missing one is a failure, not a smaller test. */
const REQUIRED = [
  'paid',
  'capture-failed',
  'canceled-by-expiry',
  'canceled-by-user',
  'canceled-by-signal',
  'creation-failed',
  'refunded-partly-then-fully',
  'stuck-then-resolved',
  'stuck-then-retried',
  'stuck-then-compensated',
  'stuck-then-compensated-by-update',
  'stuck-canceling-then-retried',
  'continue-as-new-first-run',
  'continue-as-new-second-run',
  'participant-replaced-then-paid',
  'participant-covered-then-paid',
  'authorised-by-processor-event',
  'merchant-accepted',
  'merchant-accept-versus-cancel',
  'merchant-accept-after-expiry',
  'merchant-accept-hold-lapses-sooner',
  'seat-claim-race',
  'seat-open-at-deadline',
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
        // As the production worker reads them: encrypted payloads decrypt, older plain ones pass through.
        dataConverter: temporalDataConverter(loadConfig()),
        ...(bundlePath ? { workflowBundle: { codePath: bundlePath } } : { workflowsPath: require.resolve('../index') }),
      },
      histories,
    );
    for await (const result of replay) results.set(result.workflowId, result);
  });

  it("has fixtures (the unreleased code's before the first release), and every lifecycle in every folder", () => {
    // No release is cut yet: the release point v0.1.0 is the unreleased folder until then.
    expect(RELEASES.includes('v0.1.0') || RELEASES.includes(UNRELEASED)).toBe(true);
    const missing = RELEASES.flatMap((release) =>
      REQUIRED.filter((name) => !FIXTURES.includes(`${release}/${name}`)).map((name) => `${release}/${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads encrypted fixtures, as production histories are, through the production data converter', () => {
    // base64 of the encrypted payloads' `binary/encrypted` encoding, in Temporal's JSON history format.
    const encrypted = Buffer.from(ENCRYPTED_ENCODING).toString('base64');
    const plain = FIXTURES.filter((name) => !readFileSync(join(DIR, `${name}.json`), 'utf8').includes(encrypted));
    expect(plain).toEqual([]);
  });

  it.each(FIXTURES)('%s replays without a nondeterminism error', (name) => {
    const result = results.get(name);
    expect(result).toBeDefined();
    expect(result!.error?.message).toBeUndefined();
  });
});
