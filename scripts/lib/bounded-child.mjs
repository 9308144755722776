// The launcher shared by the bench runs (bench/chaos/run.mjs, bench/drill/run.mjs): runs one TypeScript
// entry point (`node --import tsx <script>`) from the repository's root in a process group of its own,
// and kills that whole group (every service process it started too) when the run outlives its limit.
import { spawn } from 'node:child_process';
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
