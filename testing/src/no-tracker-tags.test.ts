import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Code, migrations, docs and benches say what a thing is, never which tracker item asked for it: "issue 37"
 * means nothing to the next engineer, and the tracker is not part of the repository. Every tracked file
 * is read (git ls-files); a line naming an issue by number fails, with the file and line.
 * docs/development.md, "Rules".
 */
const ROOT = join(__dirname, '..', '..');
const TRACKER_TAG = /\bissues?\s+#?[0-9]/i;
/** Files that may hold such text: this test, whose pattern and examples name one. */
const EXCLUDED = new Set(['testing/src/no-tracker-tags.test.ts']);
const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|pdf|zip|gz|tgz)$/i;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '' && !EXCLUDED.has(path) && !BINARY.test(path));
}

function tagsIn(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(ROOT, path), 'utf8');
  } catch {
    return []; // deleted in the working tree, not yet committed
  }
  return text.split('\n').flatMap((line, i) => (TRACKER_TAG.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
}

describe('tracker tags', () => {
  it('names no tracker issue by number in any tracked file', () => {
    const files = trackedFiles();
    expect(files).toContain('docs/spec.md');
    expect(files.some((path) => path.startsWith('packages/db/migrations/'))).toBe(true);
    expect(files.flatMap(tagsIn)).toEqual([]);
  });

  it('recognises a tag however it is written', () => {
    for (const line of ['(issue 37)', 'Issue 38: the floor', "issue 41's figure", 'issues 52 and 53', 'issue #57']) {
      expect(TRACKER_TAG.test(line)).toBe(true);
    }
    for (const line of ['a known issue', 'the issue of 2026', 'tissue 3']) {
      expect(TRACKER_TAG.test(line)).toBe(false);
    }
  });
});
