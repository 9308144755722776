import { execFile } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive';
import { waitUntil } from './wait';

const CLIENT = join(__dirname, '../../client');
/** Held while one test process runs `npm pack` in client/ (ignored by git with the logs). */
const LOCK = join(CLIENT, 'pack.lock.log');

/** A clean environment for npm: none of the npm_* settings of the `npm test` that runs the caller. */
export const outsideNpmEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));

/** Takes the lock if it is free (or its holder died); false while another live process holds it. */
function tryLock(): boolean {
  try {
    const fd = openSync(LOCK, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(LOCK, 'utf8'));
    if (holder && !processAlive(holder)) rmSync(LOCK, { force: true });
    return false;
  }
}

/**
 * `npm pack` of client/ into `destination`, returning the tarball's path. Its `prepack` rebuilds
 * client/dist from scratch, so two test files packing at once (in two Jest workers) could each ship
 * the other's half-written dist: one pack at a time, across processes.
 */
export async function packClient(destination: string): Promise<{ tarball?: string; output: string }> {
  await waitUntil('the client pack lock', async () => tryLock(), Boolean, 300_000);
  try {
    const output = await new Promise<{ status: number; output: string }>((resolve) => {
      execFile(
        'npm',
        ['pack', '--pack-destination', destination],
        { cwd: CLIENT, env: outsideNpmEnv(), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => resolve({ status: error ? 1 : 0, output: `${stdout}${stderr}` }),
      );
    });
    const [tarball] = readdirSync(destination).filter((name) => name.endsWith('.tgz'));
    return { tarball: output.status === 0 && tarball ? join(destination, tarball) : undefined, output: output.output };
  } finally {
    rmSync(LOCK, { force: true });
  }
}
