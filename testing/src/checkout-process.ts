import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import type { Stack } from './stack';
import { waitUntil } from './wait';

const ROOT = path.resolve(__dirname, '..', '..');

/** A free port on loopback, for a service a test starts as its own process. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether a new connection to the port is refused (the service stopped listening). */
export const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

export type CheckoutProcess = {
  process: ChildProcess;
  /** The last 20,000 characters it wrote. */
  output(): string;
  /** Its exit code once it has ended. */
  exited: Promise<number | null>;
};

/**
 * Checkout as a real process (services/checkout/src/main.ts, as `npm start` runs it) on `port`, behind the
 * stack's gateway (a stack started with `CHECKOUT_URL` pointing there) and on the stack's task queue: a
 * test can SIGTERM or kill it, and start another on the same port. `env` adds or overrides settings.
 * Resolves once it answers /readyz.
 */
export async function startCheckoutProcess(
  stack: Stack,
  port: number,
  env: Record<string, string> = {},
): Promise<CheckoutProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/checkout/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CHECKOUT_HOST: '127.0.0.1',
      CHECKOUT_PORT: String(port),
      CHECKOUT_URL: url,
      MERCHANTS_URL: stack.urls.merchants,
      STRIPE_API_BASE_URL: stack.urls.emulator,
      PUBLIC_BASE_URL: stack.urls.gateway,
      TEMPORAL_TASK_QUEUE: stack.config.TEMPORAL_TASK_QUEUE,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitUntil(
    'checkout ready',
    () =>
      // A connection of its own that closes after the answer: one left idle would stay open through a drain.
      new Promise<number>((resolve) => {
        get(`${url}/readyz`, { agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).once('error', () => resolve(0));
      }),
    (status) => status === 200 || child.exitCode !== null,
    90_000,
  );
  if (child.exitCode !== null) throw new Error(`checkout did not start:\n${output}`);
  return { process: child, output: () => output, exited };
}

/** Ends a checkout process the test left running (a failed test), at once. */
export function killCheckoutProcess(checkout: CheckoutProcess | undefined) {
  const child = checkout?.process;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
