/**
 * A Temporal dev server of one bench's own, keeping its state in a SQLite file next to the run's
 * workflow bundle, so that the bench can measure the bytes its workflows take on disk
 * (open-splits). The run's shared server stays in memory as in earlier rounds; with
 * BENCH_TEMPORAL_FILE=1 it is file-backed already and is used as is.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Points this process's environment (which the stack's services inherit) at a file-backed Temporal. */
export async function useFileBackedTemporal(): Promise<{ stop: () => Promise<void> }> {
  if (process.env.BENCH_TEMPORAL_DB_FILE) return { stop: async () => {} };
  const scripts = path.join(ROOT, 'scripts', 'lib');
  const { startTemporal } = await import(path.join(scripts, 'temporal.mjs'));
  const { freePort } = await import(path.join(scripts, 'procs.mjs'));
  const dbFile = path.join(path.dirname(process.env.WORKFLOW_BUNDLE_PATH!), `temporal-${process.pid}.sqlite`);
  const temporal: { child: ChildProcess; address: string } = await startTemporal({
    port: await freePort(),
    dbFile,
    quiet: true,
  });
  const kill = () => {
    try {
      process.kill(-temporal.child.pid!, 'SIGKILL');
    } catch {
      temporal.child.kill('SIGKILL');
    }
  };
  process.on('exit', kill);
  process.env.TEMPORAL_ADDRESS = temporal.address;
  process.env.BENCH_TEMPORAL_PID = String(temporal.child.pid);
  process.env.BENCH_TEMPORAL_DB_FILE = dbFile;
  return {
    async stop() {
      const exited = new Promise((resolve) => temporal.child.once('exit', resolve));
      temporal.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      kill();
    },
  };
}
