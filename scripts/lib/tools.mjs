// Finds or installs the Go-built tools the stack needs, into the git-ignored .tools/bin.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOLS_BIN } from './paths.mjs';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
export const MAILPIT_VERSION = 'v1.21.8';
export const STRIPE_MOCK_VERSION = 'v0.203.0';
export const KUSTOMIZE_VERSION = 'v5.7.1';
/**
 * Temporal's own server (`npm run cluster`): the version production runs, `server.image.tag` in
 * deploy/kubernetes/temporal/values.yaml (testing/src/temporal-cluster-config.test.ts keeps them equal).
 */
export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
export const TEMPORAL_SERVER_VERSION = 'v1.31.2';

function onPath(name) {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function goBinary() {
  const go = onPath('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null);
  return go;
}

function goInstall(modulePath, version, env = {}) {
  const go = goBinary();
  if (!go) return false;
  mkdirSync(TOOLS_BIN, { recursive: true });
  console.log(`[tools] go install ${modulePath}@${version} (first run only; this can take several minutes)`);
  const result = spawnSync(go, ['install', `${modulePath}@${version}`], {
    stdio: 'inherit',
    env: { ...process.env, GOBIN: TOOLS_BIN, ...env },
  });
  return result.status === 0;
}

/**
 * `go install` of a module whose proxy listing is unavailable still works when the
 * module is required from a throwaway module and built there.
 */
function goBuildPinned(modulePath, version, output) {
  const go = goBinary();
  if (!go) return false;
  const dir = mkdtempSync(join(tmpdir(), 'groupsplit-gobuild-'));
  writeFileSync(join(dir, 'go.mod'), `module toolbuild\n\ngo 1.22\n\nrequire ${modulePath} ${version}\n`);
  writeFileSync(join(dir, 'tools.go'), `//go:build tools\npackage tools\n\nimport _ "${modulePath}"\n`);
  const result = spawnSync(go, ['build', '-o', output, modulePath], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, GOFLAGS: '-mod=mod', GONOSUMDB: modulePath },
  });
  return result.status === 0;
}

function missingGo(tool) {
  return new Error(
    `${tool} is not installed and Go is not available to install it. Install Go 1.22+ (https://go.dev/dl/) ` +
      `or put ${tool} on PATH, then run again.`,
  );
}

/**
 * A tool's path from its own variable, then .tools/bin, then PATH; null when none has it.
 * Every tool below is looked for in this order, so a pinned local build wins over whatever PATH holds.
 */
function findTool(program, envVar) {
  if (process.env[envVar]) return process.env[envVar];
  const local = join(TOOLS_BIN, program);
  if (existsSync(local)) return local;
  return onPath(program);
}

/** The tools the stack cannot start or test without, and the Go module each is installed from. */
const REQUIRED_GO_TOOLS = {
  temporal: {
    envVar: 'TEMPORAL_CLI',
    title: 'The Temporal CLI',
    module: 'github.com/temporalio/cli/cmd/temporal',
    version: TEMPORAL_CLI_VERSION,
  },
  'stripe-mock': {
    envVar: 'STRIPE_MOCK_BIN',
    title: 'stripe-mock',
    module: 'github.com/stripe/stripe-mock',
    version: STRIPE_MOCK_VERSION,
  },
  kustomize: {
    envVar: 'KUSTOMIZE_BIN',
    title: 'kustomize',
    module: 'sigs.k8s.io/kustomize/kustomize/v5',
    version: KUSTOMIZE_VERSION,
  },
};

/** A required tool's path, found or else go-installed into .tools/bin; throws when neither works. */
function ensureGoTool(program) {
  const { envVar, title, module, version } = REQUIRED_GO_TOOLS[program];
  const found = findTool(program, envVar);
  if (found) return found;
  if (!goBinary()) throw missingGo(title);
  const local = join(TOOLS_BIN, program);
  if (!goInstall(module, version) || !existsSync(local)) {
    throw new Error(`go install of ${title.replace(/^The /, 'the ')} ${version} failed; see the output above.`);
  }
  return local;
}

/**
 * The module cache path of `go.temporal.io/server@TEMPORAL_SERVER_VERSION` (its
 * schema/ directory holds the SQL schemas temporal-sql-tool applies); downloads it when missing.
 */
export function temporalServerModuleDir() {
  const go = goBinary();
  if (!go) throw missingGo('The Temporal server module');
  const result = spawnSync(go, ['mod', 'download', '-json', `${TEMPORAL_SERVER_MODULE}@${TEMPORAL_SERVER_VERSION}`], {
    encoding: 'utf8',
    cwd: tmpdir(),
  });
  if (result.status !== 0) throw new Error(`go mod download ${TEMPORAL_SERVER_MODULE} failed: ${result.stderr}`);
  return JSON.parse(result.stdout).Dir;
}

/**
 * `go install` of one of the server module's commands, renamed to the name Temporal's images use
 * (`go install` names a binary after its directory: `server`, `sql`). `go install pkg@version` works for
 * this module (its go.mod has no replace directives). Runs under `nice -n 19`: the build takes minutes and
 * should not starve whatever else runs; set GOFLAGS=-p=1 as well on a shared machine.
 */
function ensureTemporalServerCommand(program, envVar, commandPath) {
  const found = findTool(program, envVar);
  if (found) return found;
  const go = goBinary();
  if (!go) throw missingGo(program);
  const local = join(TOOLS_BIN, program);
  mkdirSync(TOOLS_BIN, { recursive: true });
  // Built next to its final place, so that the rename never crosses file systems.
  const gobin = mkdtempSync(join(TOOLS_BIN, '.build-'));
  const pkg = `${TEMPORAL_SERVER_MODULE}/${commandPath}@${TEMPORAL_SERVER_VERSION}`;
  console.log(`[tools] go install ${pkg} as ${program} (first run only; this takes several minutes)`);
  const nice = onPath('nice');
  const [command, args] = nice ? [nice, ['-n', '19', go, 'install', pkg]] : [go, ['install', pkg]];
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, GOBIN: gobin } });
  const built = join(gobin, commandPath.split('/').pop());
  if (result.status !== 0 || !existsSync(built)) {
    rmSync(gobin, { recursive: true, force: true });
    throw new Error(`go install of ${pkg} failed; see the output above.`);
  }
  renameSync(built, local);
  rmSync(gobin, { recursive: true, force: true });
  return local;
}

/** TEMPORAL_SERVER_BIN, then .tools/bin/temporal-server, else go install of cmd/server. */
export const ensureTemporalServer = () =>
  ensureTemporalServerCommand('temporal-server', 'TEMPORAL_SERVER_BIN', 'cmd/server');

/** TEMPORAL_SQL_TOOL, then .tools/bin/temporal-sql-tool, else go install of cmd/tools/sql. */
export const ensureTemporalSqlTool = () =>
  ensureTemporalServerCommand('temporal-sql-tool', 'TEMPORAL_SQL_TOOL', 'cmd/tools/sql');

/** TEMPORAL_CLI, then .tools/bin, then `temporal` on PATH, else go install. */
export const ensureTemporalCli = () => ensureGoTool('temporal');

/** stripe-mock, for the adapter's request-shape contract tests. */
export const ensureStripeMock = () => ensureGoTool('stripe-mock');

/** kustomize, to render deploy/kubernetes/ overlays in the deployment tests. */
export const ensureKustomize = () => ensureGoTool('kustomize');

/**
 * Mailpit if it can be had; null means the caller should use the bundled
 * Mailpit-compatible catcher (scripts/mail-catcher.mjs) instead.
 */
export function ensureMailpit() {
  const found = findTool('mailpit', 'MAILPIT_BIN');
  if (found) return found;
  if (!goBinary()) return null;
  const local = join(TOOLS_BIN, 'mailpit');
  const marker = join(TOOLS_BIN, '.mailpit-unavailable');
  if (existsSync(marker)) return null;
  if (goInstall('github.com/axllent/mailpit', 'latest') && existsSync(local)) return local;
  if (goBuildPinned('github.com/axllent/mailpit', MAILPIT_VERSION, local) && existsSync(local)) return local;
  // Remember the failure so every later start does not wait on the module proxy again.
  mkdirSync(TOOLS_BIN, { recursive: true });
  writeFileSync(marker, `${new Date().toISOString()} mailpit could not be installed with go\n`);
  console.log('[tools] Mailpit could not be installed; using the bundled Mailpit-compatible mail catcher.');
  return null;
}

export function toolVersion(bin) {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
