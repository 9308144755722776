import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How every browser test file starts Chromium (Debian's, driven by playwright-core): one place for the
 * executable, its flags and the contexts' defaults, so the files cannot drift apart. Nothing here imports
 * playwright-core: a file passes these to its own `chromium.launch` or `launchPersistentContext`.
 */
const ROOT = join(__dirname, '..', '..');

const workerCache = (globalThis as { __groupsplitWorkerCache?: Map<string, unknown> }).__groupsplitWorkerCache;

/**
 * Debian's `/usr/bin/chromium` is a shell script that runs `/usr/lib/chromium/chromium` with the flags of
 * /etc/chromium.d (GPU rasterisation, extension loading): the tests run the binary itself, with only
 * the flags below. Any other path (CHROMIUM_PATH, another distribution's binary) is used as it is.
 */
function withoutDebianWrapper(path: string): string {
  const binary = '/usr/lib/chromium/chromium';
  try {
    const head = readFileSync(path, 'utf8').slice(0, 4096);
    if (head.startsWith('#!') && head.includes('LIBDIR=/usr/lib/$APPNAME') && existsSync(binary)) return binary;
  } catch {
    // not readable as text: a binary
  }
  return path;
}

/**
 * Chromium's executable: found (and installed when missing) by scripts/lib/chromium.mjs once per Jest
 * worker, not once per launch.
 */
export function chromiumPath(): string {
  const cached = workerCache?.get('chromium-path');
  if (typeof cached === 'string') return cached;
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/lib/chromium.mjs')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`chromium unavailable: ${result.stderr || result.stdout}`);
  const path = withoutDebianWrapper(result.stdout.trim().split('\n').pop() as string);
  workerCache?.set('chromium-path', path);
  return path;
}

/**
 * The flags: no sandbox (the tests run as root in a container), no GPU (software compositing only), and
 * none of the browser's own background work (updates, sync, QUIC, first-run pages). Playwright adds its
 * own (headless, muted audio, no extensions, no background throttling).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What `chromium.launch` and `chromium.launchPersistentContext` take from here. */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS };
}

/**
 * The docs' pictures (`docs/images/*.png`) are screenshots the browser tests take. Every screenshot goes to
 * `test-artifacts/` on every run, for a person to look at; the tracked copies in docs/images are rewritten
 * only when asked, with `DOCS_IMAGES=1` (docs/testing.md): the pages show random shop names and dates, so
 * writing them on every run would change tracked files each time.
 */
export const DOCS_IMAGES = join(ROOT, 'docs', 'images');

/** Copies `files` (names in `fromDir`, a test-artifacts directory) to docs/images, with DOCS_IMAGES=1 only. */
export function keepDocsImages(fromDir: string, files: string[]) {
  if (process.env.DOCS_IMAGES !== '1') return;
  mkdirSync(DOCS_IMAGES, { recursive: true });
  for (const file of files) copyFileSync(join(fromDir, file), join(DOCS_IMAGES, file));
}

/**
 * Where a screenshot taken only for the docs goes: docs/images with DOCS_IMAGES=1, else
 * `test-artifacts/docs-images/` under the same name.
 */
export function docsImagePath(file: string): string {
  const dir = process.env.DOCS_IMAGES === '1' ? DOCS_IMAGES : join(ROOT, 'test-artifacts', 'docs-images');
  mkdirSync(dir, { recursive: true });
  return join(dir, file);
}

/**
 * The options of an axe-core run for the browser tests, as a script expression for `page.evaluate`: the
 * tests fail on serious and critical violations only, so the rules that can report nothing worse than
 * moderate (the rule and each of its checks: `region`, the landmark and heading-order rules, …) are not
 * run; they are asked of the loaded axe itself, so a new axe version cannot hide a serious rule. A third
 * of the CPU of each check on the dashboard's pages, and the same serious and critical results.
 */
export const AXE_RUN_OPTIONS = `(() => {
  const low = (impact) => impact === 'minor' || impact === 'moderate';
  const audit = axe._audit;
  const rules = {};
  for (const rule of audit?.rules ?? []) {
    const checks = [...rule.any, ...rule.all, ...rule.none].map((check) => (typeof check === 'string' ? check : check.id));
    if (low(rule.impact) && checks.every((id) => low(audit.data?.checks?.[id]?.impact))) rules[rule.id] = { enabled: false };
  }
  return { resultTypes: ['violations'], rules };
})()`;
