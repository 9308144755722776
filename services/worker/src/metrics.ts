import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Db, enableDatabaseGauges, type Logger, METRICS_CONTENT_TYPE, renderMetrics } from '@groupsplit/shared';
import { serveHealth, type WorkerReadiness } from './health';

export type WorkerMetricsOptions = {
  db: Db;
  logger: Logger;
  port: number;
  host?: string;
  /** The Temporal core's own exporter (see installWorkerRuntime); its text is appended. */
  temporalMetricsUrl?: string;
  /** Behind GET /readyz on the same port (GET /healthz is always served). */
  readiness?: WorkerReadiness;
  /** The Temporal codec endpoint (codec-server.ts), served on the same port when given. */
  codec?: (req: IncomingMessage, res: ServerResponse) => boolean;
};

/** The Temporal core's metrics, or a comment saying why they are missing (a scrape never fails on it). */
async function temporalMetrics(url: string | undefined): Promise<string> {
  if (!url) return '';
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? await response.text() : `# temporal core metrics unavailable: HTTP ${response.status}\n`;
  } catch (error) {
    return `# temporal core metrics unavailable: ${(error as Error).message}\n`;
  }
}

/**
 * The worker's operations port: GET /healthz and /readyz, the codec endpoint, and
 * GET /metrics for the worker process: activity-side metrics (processor calls, webhook
 * deliveries, janitor), the database-backed gauges (splits by status, open findings) and the
 * Temporal worker's own metrics, in one scrape target.
 */
export async function startWorkerMetricsServer(
  options: WorkerMetricsOptions,
): Promise<{ server: Server; url: string }> {
  enableDatabaseGauges(options.db);
  const server = createServer((req, res) => {
    if (serveHealth(req, res, options.readiness)) return;
    if (options.codec?.(req, res)) return;
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    renderMetrics(() => temporalMetrics(options.temporalMetricsUrl)).then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (error) => {
        options.logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/metrics` };
}
