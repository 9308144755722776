// Starts `temporal server start-dev` with the project's search attributes.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { startProcess, waitFor } from './procs.mjs';
import { ensureTemporalCli } from './tools.mjs';

/**
 * How long the dev server may take to answer its health check. Its first start creates the SQLite
 * schema, and on a busy 2-core machine (load 15 and more) that took longer than 90 s.
 */
const TEMPORAL_START_TIMEOUT_MS = Number(process.env.TEMPORAL_START_TIMEOUT_MS ?? 300_000);

export const SEARCH_ATTRIBUTES = ['SplitStatus', 'MerchantId', 'SplitMode'];

/**
 * dbFile: SQLite file to keep state across runs; omitted means in memory. codecEndpoint: where the
 * UI decodes encrypted payloads (the worker's codec endpoint, docs/runbook.md).
 */
export async function startTemporal({ port, uiPort, dbFile, codecEndpoint, quiet = false }) {
  const cli = ensureTemporalCli();
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--log-level',
    'warn',
    '--dynamic-config-value',
    'frontend.enableUpdateWorkflowExecution=true',
    // The same cap as deploy/temporal/dynamicconfig.yaml: a retried workflow task held by a dead worker waits at most 10 s + 30 s.
    '--dynamic-config-value',
    'history.workflowTaskRetryMaxInterval="30s"',
  ];
  if (uiPort) args.push('--ui-port', String(uiPort));
  else args.push('--headless');
  if (uiPort && codecEndpoint) args.push('--ui-codec-endpoint', codecEndpoint);
  if (dbFile) {
    mkdirSync(dirname(dbFile), { recursive: true });
    args.push('--db-filename', dbFile);
  }
  for (const name of SEARCH_ATTRIBUTES) args.push('--search-attribute', `${name}=Keyword`);
  const child = startProcess('temporal', cli, args, { quiet, tier: 'infra' });
  const address = `127.0.0.1:${port}`;
  await waitFor(
    'the Temporal dev server',
    async () =>
      spawnSync(cli, ['operator', 'cluster', 'health', '--address', address], { encoding: 'utf8' }).status === 0,
    TEMPORAL_START_TIMEOUT_MS,
    500,
  );
  return { child, address };
}
