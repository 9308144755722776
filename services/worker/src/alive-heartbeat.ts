import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/**
 * Every regular activity heartbeats while it runs, so that when its worker dies (a crash, a
 * SIGKILL, a lost machine) Temporal notices within the activity's heartbeat timeout
 * (`WORKER_ALIVE_TIMEOUT`, workflows/src/liveness.ts) and tries it again on another worker, instead
 * of at its start-to-close timeout (20–45 s): a refund's slices or a capture's rollbacks no longer
 * stall for most of a minute per lost worker (bench/README.md, "Chaos run"). The heartbeat says only
 * "this worker is alive"; an activity that keeps its own heartbeat details (the janitor) still sends
 * them itself, and Temporal keeps the latest. Local activities run inside the workflow task and
 * have no heartbeat of their own.
 */
export const ALIVE_HEARTBEAT_EVERY_MS = 2_000;

export const aliveHeartbeat: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    async execute(input, next) {
      if (ctx.info.isLocal) return next(input);
      const beat = setInterval(() => ctx.heartbeat(), ALIVE_HEARTBEAT_EVERY_MS);
      try {
        return await next(input);
      } finally {
        clearInterval(beat);
      }
    },
  },
});
