import { createTemporalClient, loadConfig } from '@groupsplit/shared';
import { setUpTemporalNamespace } from './temporal-setup';

/** One-shot: `node dist/services/worker/src/temporal-setup-cli.js` (compose and Kubernetes jobs). */
async function main() {
  const config = loadConfig();
  const temporal = await createTemporalClient(config);
  try {
    const result = await setUpTemporalNamespace(temporal, config.TEMPORAL_NAMESPACE);
    console.log(
      `namespace ${config.TEMPORAL_NAMESPACE}: ${result.namespaceCreated ? 'created' : 'present'}; ` +
        `search attributes added: ${result.searchAttributesAdded.join(', ') || 'none'}`,
    );
  } finally {
    await temporal.close();
  }
}

main().catch((error) => {
  console.error(`temporal setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
