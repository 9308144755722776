// The launcher shared by the bench runs (bench/chaos/run.mjs, bench/drill/run.mjs): brings up the run's
// infrastructure, runs one TypeScript entry point (`node --import tsx <script>`) from the repository's
// root in a process group of its own, and kills that whole group (every service process it started too)
// when the run outlives its limit; then stops everything and drops what a passing run leaves.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureNodeModules } from './deps.mjs';
import { ROOT } from './paths.mjs';

/**
 * One bounded child at a time. `run()` resolves with its exit code (1 when a signal ended it);
 * `killGroup()` kills its process group now (for the launcher's own signal handlers and errors);
 * `running` says whether it is still up.
 */
export function boundedChild() {
  let child = null;
  const killGroup = () => {
    if (!child) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  /**
   * @param {{ script: string, args?: string[], env: NodeJS.ProcessEnv, deadline: number, onTimeout: () => void }} options
   *   `args`: passed on to the script (e.g. the launcher's own flags); `deadline`: epoch ms after which
   *   `onTimeout` is called and the group killed.
   */
  const run = ({ script, args = [], env, deadline, onTimeout }) =>
    new Promise((resolve) => {
      child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: ROOT,
        env,
        stdio: 'inherit',
        // Its own process group: the time limit takes down every process it started too.
        detached: true,
      });
      const timer = setTimeout(
        () => {
          onTimeout();
          killGroup();
        },
        Math.max(0, deadline - Date.now()),
      );
      child.on('exit', (exitCode, signal) => {
        clearTimeout(timer);
        child = null;
        resolve(exitCode ?? (signal ? 1 : 0));
      });
    });
  return {
    run,
    killGroup,
    get running() {
      return child !== null;
    },
  };
}

/**
 * The whole launcher of a bounded run: installs what is missing, brings up the infrastructure of
 * run-infrastructure.mjs (a fresh database, Temporal, mail, one workflow bundle), runs the entry point
 * `entry` names with `deadline` (epoch ms, the launcher's start plus `limitMs`), stops everything and,
 * when the run passed and `keep` is not set, drops the database and the run's folder (else says where
 * they are). SIGINT and SIGTERM stop it all (exit 130). Sets process.exitCode to the entry point's.
 *
 * @param {{
 *   name: string,
 *   limitMs: number,
 *   infrastructure?: { engine?: string },
 *   entry: (run: any, startedAt: number) => Promise<{ script: string, args?: string[], env: NodeJS.ProcessEnv }>,
 *   keep: boolean,
 *   keptHolds: string,
 *   beforeStop?: (run: any, code: number) => Promise<void>,
 *   ignoreSignal?: (signal: string, running: boolean) => boolean,
 * }} options
 *   `name`: the run's name for startRunInfrastructure and its log prefix; `keptHolds`: what a kept run
 *   folder holds, for the message; `beforeStop`: after the entry point, before the infrastructure stops;
 *   `ignoreSignal`: a signal to leave to `beforeStop` (e.g. a SIGINT that ends an inspection).
 */
export async function launchBoundedRun({
  name,
  limitMs,
  infrastructure,
  entry,
  keep,
  keptHolds,
  beforeStop,
  ignoreSignal,
}) {
  ensureNodeModules();
  // After the install: these import npm packages.
  const { ensureTemporalCli } = await import('./tools.mjs');
  const { dropDatabase } = await import('./postgres.mjs');
  const { stopAll } = await import('./procs.mjs');
  const { startRunInfrastructure } = await import('./run-infrastructure.mjs');
  const startedAt = Date.now();
  const child = boundedChild();

  const main = async () => {
    ensureTemporalCli();
    const run = await startRunInfrastructure(name, infrastructure);
    let code = 1;
    try {
      code = await child.run({
        ...(await entry(run, startedAt)),
        deadline: startedAt + limitMs,
        onTimeout: () => console.error(`[${name}] not finished within ${limitMs} ms: stopping it; the run fails`),
      });
    } finally {
      await beforeStop?.(run, code);
      await stopAll(5000);
      if (!keep && code === 0) {
        await dropDatabase(run.pgServer.serverUrl, run.databaseName).catch(() => undefined);
        rmSync(run.runDir, { recursive: true, force: true });
      } else console.log(`[${name}] kept database ${run.databaseName}, and ${run.runDir} (${keptHolds})`);
    }
    process.exitCode = code;
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      if (ignoreSignal?.(signal, child.running)) return;
      console.error(`[${name}] ${signal}: stopping`);
      child.killGroup();
      stopAll(2000).finally(() => process.exit(130));
    });
  }

  await main().catch(async (error) => {
    console.error(error);
    child.killGroup();
    await stopAll(2000);
    process.exit(1);
  });
}
