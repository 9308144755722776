import { createServer } from 'node:http';
import { assertSecretsForBinding, createLogger, loadConfig } from '@groupsplit/shared';
import { createTemporalUiFront } from './temporal-ui-front';

/**
 * `node dist/services/worker/src/temporal-ui-front-cli.js` (compose's `temporal-ui-front`, Kubernetes'
 * `temporal-ui-front`): the Temporal UI and the codec endpoint on one origin, the codec token added here
 * rather than handed to the browser in the UI's settings (temporal-ui-front.ts; docs/runbook.md).
 */
function main() {
  const config = loadConfig();
  assertSecretsForBinding(config, process.env, 'temporal-ui-front', config.TEMPORAL_UI_FRONT_HOST);
  const logger = createLogger('temporal-ui-front', config.LOG_LEVEL);
  const serve = createTemporalUiFront({
    ...config,
    uiUrl: config.TEMPORAL_UI_UPSTREAM_URL,
    codecUrl: config.TEMPORAL_CODEC_UPSTREAM_URL,
  });
  const server = createServer(serve);
  server.listen(config.TEMPORAL_UI_PORT, config.TEMPORAL_UI_FRONT_HOST, () =>
    logger.info(
      { host: config.TEMPORAL_UI_FRONT_HOST, port: config.TEMPORAL_UI_PORT, ui: config.TEMPORAL_UI_UPSTREAM_URL },
      'Temporal UI front listening',
    ),
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.close());
}

try {
  main();
} catch (error) {
  console.error(`temporal-ui-front failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
