// Child processes with prefixed output, all stopped together.
import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

const children = new Set();

export function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    // Own process group: a terminal Ctrl-C reaches only the parent, which then stops
    // children in order (services before the databases they use).
    detached: true,
  });
  child.tier = options.tier ?? 'app';
  children.add(child);
  const prefix = `[${name}] `;
  const echo = (stream, target) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (options.quiet) return;
      for (const line of lines) target.write(`${prefix}${line}\n`);
    });
  };
  echo(child.stdout, process.stdout);
  echo(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!options.quiet && !stopping) console.log(`${prefix}exited (${signal ?? code})`);
    options.onExit?.(code, signal);
  });
  return child;
}

let stopping = false;

/** Sends SIGTERM to every child, then SIGKILL to any still running after the grace period. */
export async function stopAll(graceMs = 10_000) {
  stopping = true;
  await stopTier('app', graceMs);
  await stopTier('infra', graceMs);
}

async function stopTier(tier, graceMs) {
  const running = [...children].filter((child) => child.tier === tier);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const signalGroup = (signal) => {
            try {
              process.kill(-child.pid, signal);
            } catch {
              child.kill(signal);
            }
          };
          const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          signalGroup('SIGTERM');
        }),
    ),
  );
}

// Last resort if the parent dies without running its shutdown: take the children with it.
process.on('exit', () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(what, check, timeoutMs = 60_000, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
