import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { outsideNpmEnv } from '@groupsplit/testing';

/**
 * client/ as a package of its own (README.md, "Publishing"): a copy of the folder outside the
 * repository, with nothing of the workspace around it, installs its own build tools, packs and passes
 * `npm publish --dry-run`, as `cp -r client /tmp/x && cd /tmp/x && npm install && npm pack && npm
 * publish --dry-run` would. Install prefers npm's cache (the repository's own install filled it), so the
 * test needs the registry only for what the cache lacks; the dry run is made `--offline`, so it never
 * asks the registry anything.
 */
const CLIENT = join(__dirname, '..');
const ROOT = join(CLIENT, '..');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = outsideNpmEnv()) {
  return new Promise<{ status: number; stdout: string; output: string }>((resolve) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ status, stdout, output: `${stdout}${stderr}` });
    });
  });
}

/** What a fresh checkout of client/ holds: no build output, installed packages, tarballs or logs. */
const IGNORED = /(^|\/)(node_modules|dist)(\/|$)|\.tgz$|\.log$/;

describe('client/, copied out of the repository', () => {
  let copy: string;
  beforeAll(() => {
    copy = join(mkdtempSync(join(tmpdir(), 'groupsplit-client-copy-')), 'client');
    cpSync(CLIENT, copy, {
      recursive: true,
      filter: (source) => !IGNORED.test(relative(CLIENT, source).split(sep).join('/')),
    });
  });
  afterAll(() => {
    if (copy) rmSync(join(copy, '..'), { recursive: true, force: true });
  });

  it('lies outside the repository and names nothing of the workspace', () => {
    expect(relative(ROOT, copy).startsWith('..')).toBe(true);
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
    const named = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ];
    expect(named.filter((name) => name.startsWith('@groupsplit/'))).toEqual([]);
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(copy, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('installs, packs and passes npm publish --dry-run on its own', async () => {
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], copy);
    expect(install.status === 0 ? 'installed' : install.output).toBe('installed');

    const pack = await run('npm', ['pack', '--json'], copy);
    expect(pack.status === 0 ? 'packed' : pack.output).toBe('packed');
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
    const tarball = `groupsplit-client-${manifest.version}.tgz`;
    expect(existsSync(join(copy, tarball))).toBe(true);
    // npm prints its lifecycle scripts' output before the JSON report.
    const [report] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n'))) as { files: { path: string }[] }[];
    const files = report!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'CHANGELOG.md',
        'package.json',
        'dist/esm/index.js',
        'dist/esm/index.d.ts',
        'dist/cjs/index.js',
        'dist/cjs/node.js',
        'dist/cjs/node.d.ts',
      ]),
    );
    // Sources, tests and scripts stay out of the tarball.
    expect(files.filter((path) => !/^(dist\/|LICENSE$|README\.md$|CHANGELOG\.md$|package\.json$)/.test(path))).toEqual(
      [],
    );

    const dryRun = await run('npm', ['publish', '--dry-run', '--offline'], copy);
    expect(dryRun.status === 0 ? 'dry run passed' : dryRun.output).toBe('dry run passed');
    expect(dryRun.output).toContain(`+ ${manifest.name}@${manifest.version}`);
    expect(dryRun.output).toMatch(/public access \(dry-run\)/);
  });

  it('refuses a real publish until the scope is confirmed ours (prepublishOnly)', async () => {
    const guard = await run(process.execPath, ['scripts/publish-guard.mjs'], copy);
    expect(guard.status).toBe(1);
    expect(guard.output).toContain('its scope must be an npm organisation we own');
    const dry = await run(process.execPath, ['scripts/publish-guard.mjs'], copy, {
      ...outsideNpmEnv(),
      npm_config_dry_run: 'true',
    });
    expect({ status: dry.status, output: dry.output }).toEqual({ status: 0, output: '' });
  });

  it('has a changelog entry for its version, naming the API version its types were generated from', () => {
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
    const changelog = readFileSync(join(copy, 'CHANGELOG.md'), 'utf8');
    const document = JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8'));
    const headings = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    expect(headings[0]).toBe(`${manifest.version} (API ${document.info.version})`);
    for (const heading of headings) expect(heading).toMatch(/^\d+\.\d+\.\d+( \(API \d+\.\d+\.\d+\))?$/);
  });
});
