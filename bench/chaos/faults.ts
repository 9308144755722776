import { sql } from 'kysely';
import type { ProcessStack } from '../lib/process-stack';
import type { ChaosHttp } from './http';
import type { ChaosReceiver } from './receiver';

/**
 * The faults of one chaos run, all at once (bench/chaos/README.md): processor errors and
 * timeouts, a worker killed every 10 s (the workers taking turns), one restart each of the gateway and checkout, the
 * services' Postgres backends terminated every 30 s, and a flaky, once-down webhook receiver.
 */

export const PROCESSOR_ERROR_RATE = 0.1;
/** The message of the injected processor 5xx: a creation refused with it failed on faults alone. */
export const INJECTED_PROCESSOR_ERROR = 'chaos: the processor failed';
/**
 * The processor client's own message for a call that outlived its timeout: an injected delay does
 * that, and so does the emulator slowed by the run's own load (run Q, bench/history/2026-12-cluster.md).
 */
const PROCESSOR_TIMEOUT_MESSAGE = /^Request aborted due to timeout being reached/;

/**
 * A creation answered 400 with this error failed on the run's faults alone (a hold met a processor
 * error or a timeout on every try): the spec's creation_failed with the processor's message.
 */
export const failedOnProcessorFaults = (error: unknown) =>
  typeof error === 'string' && (error === INJECTED_PROCESSOR_ERROR || PROCESSOR_TIMEOUT_MESSAGE.test(error));
export const PROCESSOR_TIMEOUT_RATE = 0.03;
export const WORKER_KILL_EVERY_MS = 10_000;
export const BACKEND_TERMINATE_EVERY_MS = 30_000;
export const RECEIVER_DOWN_MS = 30_000;
const PROCESSOR_OPERATIONS = ['create', 'confirm', 'capture', 'cancel', 'refund'] as const;

/** The application_name each service's Postgres connections carry, so only theirs are terminated. */
export const serviceApplicationName = (service: string) => `groupsplit-chaos-${service}`;

export type FaultTally = {
  processorErrors: number;
  processorTimeouts: number;
  workerKills: number;
  serviceRestarts: number;
  backendsTerminated: number;
  terminateRounds: number;
  receiverFailures: number;
  receiverOutages: number;
};

const noneYet = (): FaultTally => ({
  processorErrors: 0,
  processorTimeouts: 0,
  workerKills: 0,
  serviceRestarts: 0,
  backendsTerminated: 0,
  terminateRounds: 0,
  receiverFailures: 0,
  receiverOutages: 0,
});

type Control = (method: string, path: string, body?: unknown) => Promise<any>;

export function startFaults(options: {
  stack: ProcessStack;
  http: ChaosHttp;
  receiver: ChaosReceiver;
  control: Control;
  processorTimeoutMs: number;
  /** When each one-off fault happens, measured from the start of the faults. */
  gatewayRestartAtMs: number;
  checkoutRestartAtMs: number;
  receiverDownAtMs: number;
  log: (line: string) => void;
}) {
  const { stack, http, receiver, control, log } = options;
  const tally = noneYet();
  /** How long each restarted worker took from its start to ready (polling): the part of its life it did no work. */
  const workerStartMs: number[] = [];
  let stopping = false;
  const sleeping = new Set<() => void>();
  const loops: Promise<void>[] = [];
  /** A pause that ends early when the faults stop. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleeping.add(wake);
    });

  const processorFaults = (async () => {
    for (const operation of PROCESSOR_OPERATIONS) {
      await control('POST', '/faults', {
        operation,
        probability: PROCESSOR_ERROR_RATE,
        error: { type: 'api_error', message: INJECTED_PROCESSOR_ERROR, status: 500 },
      });
      // Past the client's limit: the client gives up, and the call still happens afterwards.
      await control('POST', '/faults', {
        operation,
        probability: PROCESSOR_TIMEOUT_RATE,
        delay_ms: options.processorTimeoutMs + 1_000,
      });
    }
  })();

  // A worker SIGKILLed 10 s after the last one started again was ready, then started again, over and over.
  // With two or more (CHAOS_WORKERS; production runs two or more replicas) they take turns, so the others
  // keep polling; with one, the task queue has no worker while it starts.
  loops.push(
    (async () => {
      await processorFaults;
      let replica = 0;
      while (!stopping) {
        await sleep(WORKER_KILL_EVERY_MS);
        if (stopping) break;
        replica = (replica % stack.workers) + 1;
        await stack.kill('worker', 'SIGKILL', replica);
        tally.workerKills += 1;
        const startedAt = Date.now();
        await stack.start('worker', replica);
        workerStartMs.push(Date.now() - startedAt);
      }
    })(),
  );

  // The services' Postgres backends, every 30 s.
  loops.push(
    (async () => {
      while (!stopping) {
        await sleep(BACKEND_TERMINATE_EVERY_MS);
        if (stopping) break;
        const terminated = http.databaseFault();
        const { rows } = await sql<{ terminated: number }>`
          SELECT count(*)::int AS terminated FROM (
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name LIKE ${serviceApplicationName('%')}
          ) t`.execute(stack.db);
        terminated();
        tally.backendsTerminated += rows[0]?.terminated ?? 0;
        tally.terminateRounds += 1;
      }
    })(),
  );

  const restart = async (service: 'gateway' | 'checkout') => {
    const ready = http.restarting(service);
    log(`restarting ${service}`);
    await stack.restart(service);
    ready();
    tally.serviceRestarts += 1;
  };
  loops.push(sleep(options.gatewayRestartAtMs).then(() => (stopping ? undefined : restart('gateway'))));
  loops.push(sleep(options.checkoutRestartAtMs).then(() => (stopping ? undefined : restart('checkout'))));
  loops.push(
    sleep(options.receiverDownAtMs).then(async () => {
      if (stopping) return;
      log(`webhook receiver down for ${RECEIVER_DOWN_MS / 1000} s`);
      tally.receiverOutages += 1;
      await receiver.down(RECEIVER_DOWN_MS);
    }),
  );

  return {
    tally,
    workerStartMs,
    /** Ends every fault: processor faults cleared, loops finished, the worker left running. */
    async stop() {
      stopping = true;
      for (const wake of [...sleeping]) wake();
      await processorFaults;
      const { faults } = (await control('GET', '/faults')) as {
        faults: { error?: unknown; delay_ms?: number; hits: number }[];
      };
      for (const fault of faults) {
        if (fault.error) tally.processorErrors += fault.hits;
        else tally.processorTimeouts += fault.hits;
      }
      await control('DELETE', '/faults');
      // A loop in the middle of an action (a restart, a worker starting) finishes it first.
      await Promise.all(loops);
      tally.receiverFailures = receiver.failuresInjected;
    },
  };
}

/** No faults at all (CHAOS_FAULTS=0), with the same shape as startFaults. */
export function noFaults(_options: Parameters<typeof startFaults>[0]): ReturnType<typeof startFaults> {
  return { tally: noneYet(), workerStartMs: [], stop: async () => undefined };
}
