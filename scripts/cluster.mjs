// `npm run cluster`: the whole stack as `npm start` runs it, on a production-shaped Temporal instead of
// the dev server: Temporal's own server (built into .tools/bin on the first run) as separate frontend,
// history ×2, matching ×2 and internal-worker processes on a Postgres instance of its own
// (scripts/lib/temporal-cluster.mjs). docs/deploy.md, "Running the real cluster locally".
//
// `npm run cluster -- --temporal-only` starts only the Temporal cluster (with the namespace and search
// attributes) and writes its address and process ids to <dir>/cluster.json; testing/src/cluster/ uses it.
// TEMPORAL_PORT (7233), TEMPORAL_POSTGRES_PORT (5434), TEMPORAL_CLUSTER_DIR and TEMPORAL_CLUSTER_PG_DIR
// (.data/temporal-cluster, .data/temporal-pg) move it; TEMPORAL_CLUSTER_DATABASE_URL puts its databases
// on an existing Postgres server instead of the embedded one. TEMPORAL_CLUSTER_SUPERVISE=1 starts a server
// process again when it ends (the chaos run kills them; scripts/lib/temporal-cluster.mjs, startRunTemporalCluster).
import { ensureNodeModules } from './lib/deps.mjs';

ensureNodeModules();

if (!process.argv.includes('--temporal-only')) {
  process.argv.push('--cluster');
  await import('./start.mjs');
} else {
  const { stopAll } = await import('./lib/procs.mjs');
  const { registerNamespace, startTemporalCluster, unregisteredDynamicConfigKeys, waitUntilServing } = await import(
    './lib/temporal-cluster.mjs'
  );
  let stopping = false;
  let cluster = null;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    cluster?.stopSupervising();
    console.log('\nStopping the Temporal cluster…');
    await stopAll(10_000);
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  try {
    cluster = await startTemporalCluster({
      // TEMPORAL_CLUSTER_SUPERVISE=1: a server process that ends is started again (as a pod is).
      supervise: process.env.TEMPORAL_CLUSTER_SUPERVISE === '1',
      frontendPort: Number(process.env.TEMPORAL_PORT ?? 7233),
      pgPort: Number(process.env.TEMPORAL_POSTGRES_PORT ?? 5434),
      ...(process.env.TEMPORAL_CLUSTER_DIR ? { dataDir: process.env.TEMPORAL_CLUSTER_DIR } : {}),
      ...(process.env.TEMPORAL_CLUSTER_PG_DIR ? { pgDir: process.env.TEMPORAL_CLUSTER_PG_DIR } : {}),
    });
    await registerNamespace(cluster.address);
    await waitUntilServing(cluster.address);
    console.log(`\nTemporal cluster ${cluster.version} is running at ${cluster.address}`);
    for (const [name, pid] of Object.entries(cluster.pids)) console.log(`  ${name.padEnd(16)} pid ${pid}`);
    for (const line of unregisteredDynamicConfigKeys(cluster.logs)) console.warn(`  dynamic config not known: ${line}`);
    if (cluster.supervised) console.log('  supervised: a process that ends is started again');
    console.log(`  Postgres          ${cluster.postgres}\n  logs              ${cluster.logs}`);
    console.log('\nPress Ctrl-C to stop it.\n');
    // Written last: its presence tells a waiting caller that the namespace is usable too.
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    writeFileSync(join(cluster.logs, 'ready'), `${new Date().toISOString()}\n`);
  } catch (error) {
    console.error(`\nnpm run cluster failed: ${error instanceof Error ? error.message : error}`);
    await shutdown(1);
  }
}
