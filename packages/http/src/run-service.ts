import type { Server } from 'node:http';
import { assertSecretsForBinding, type Config, loadConfig } from '@groupsplit/config';
import { createLogger, type Logger } from '@groupsplit/core';
import { createDb, type Db, MIGRATIONS_DIR, runMigrations } from '@groupsplit/db';
import { createTemporalClient, type TemporalHandle } from '@groupsplit/temporal';
import type Koa from 'koa';
import { drainable } from './drain';

export type ServiceRuntime = { config: Config; db: Db; logger: Logger; temporal?: TemporalHandle };

/** Work a running service does beside answering requests (checkout's invitation sweep); stopped after the drain. */
export type BackgroundWork = { stop(): Promise<void> };
/** A service's app, with the background work it runs as a process (not in a test's in-process stack). */
export type ServiceApp = Koa & { startBackground?(): BackgroundWork };

type RunServiceOptions = {
  name: string;
  port: (config: Config) => number;
  /** The address to listen on (its `*_HOST` setting). */
  host: (config: Config) => string;
  /**
   * The public gateway trusts no signed principal, so it may listen anywhere with development
   * secrets (`npm start`); every internal service refuses public secrets off loopback.
   */
  publicApp?: boolean;
  needsTemporal?: boolean;
  /** Migration sets the service needs besides the production one (the emulator's own tables). */
  extraMigrations?: string[];
  build: (runtime: ServiceRuntime) => ServiceApp | Promise<ServiceApp>;
};

/**
 * Start-up shared by every HTTP service: config, logger, migrations, database,
 * optionally Temporal, then listen; SIGTERM/SIGINT drain the server (drain.ts), then close the rest.
 */
export async function runService(options: RunServiceOptions): Promise<void> {
  try {
    const config = loadConfig();
    const host = options.host(config);
    if (!options.publicApp) assertSecretsForBinding(config, process.env, options.name, host);
    const logger = createLogger(options.name, config.LOG_LEVEL);
    for (const dir of [MIGRATIONS_DIR, ...(options.extraMigrations ?? [])])
      await runMigrations(config.DATABASE_URL, dir);
    const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
    const temporal = options.needsTemporal ? await createTemporalClient(config) : undefined;
    const app = await options.build({ config, db, logger, temporal });
    const port = options.port(config);
    const server: Server = app.listen(port, host, () => logger.info({ host, port }, `${options.name} listening`));
    server.keepAliveTimeout = config.SERVICE_KEEP_ALIVE_MS;
    const drain = drainable(server);
    const background = app.startBackground?.();
    let stopping = false;
    // SIGTERM (a restart, a deploy) drains: new connections refused, answers in flight finished within
    // SHUTDOWN_DRAIN_MS, kept-alive connections closed after an answer or left to the client (drain.ts).
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, boundMs: config.SHUTDOWN_DRAIN_MS }, `${options.name} stopping: draining`);
      const drained = await drain.drain(config.SHUTDOWN_DRAIN_MS);
      if (drained.closedAtBound > 0) logger.warn(drained, `${options.name} drain bound reached: connections closed`);
      else if (drained.answeredAtBound > 0)
        logger.warn(drained, `${options.name} drain bound reached: requests answered 503`);
      else logger.info(drained, `${options.name} drained`);
      try {
        // After the drain: what the background work hands on may name requests the drain just ended.
        await background?.stop();
        await temporal?.close();
        await db.destroy();
      } finally {
        process.exit(0);
      }
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (error) {
    console.error(`${options.name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/** runService for a service that cannot run without Temporal: `build` always gets the client. */
export function runTemporalService(
  options: Omit<RunServiceOptions, 'needsTemporal' | 'build'> & {
    build: (runtime: ServiceRuntime & { temporal: TemporalHandle }) => ServiceApp | Promise<ServiceApp>;
  },
): Promise<void> {
  return runService({
    ...options,
    needsTemporal: true,
    build: ({ temporal, ...rest }) => {
      if (!temporal) throw new Error(`${options.name} needs Temporal`);
      return options.build({ ...rest, temporal });
    },
  });
}
