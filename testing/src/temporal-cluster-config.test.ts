import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * `npm run cluster` (scripts/lib/temporal-cluster.mjs) runs Temporal's own server locally; it must be the
 * server production runs (deploy/kubernetes/temporal/values.yaml) with the same dynamic config. Static and
 * fast: nothing is built or started here (testing/src/cluster/ runs the cluster itself).
 */
const ROOT = join(__dirname, '..', '..');
const values = parse(readFileSync(join(ROOT, 'deploy/kubernetes/temporal/values.yaml'), 'utf8'));
const shippedDynamicConfig = parse(readFileSync(join(ROOT, 'deploy/temporal/dynamicconfig.yaml'), 'utf8'));

type ClusterModules = {
  version: string;
  dynamicConfigFile: string;
  shards: number;
  processes: { name: string; service: string }[];
  config: {
    persistence: {
      defaultStore: string;
      visibilityStore: string;
      numHistoryShards: number;
      datastores: Record<string, { sql: { pluginName: string; databaseName: string; maxConns: number } }>;
    };
    dynamicConfigClient: { filepath: string };
    services: Record<string, { rpc: { grpcPort: number; membershipPort: number } }>;
  };
  ports: Record<string, { grpc: number; membership: number; metrics: number }>;
  portRange: [number, number];
  pools: { persistence: number; visibility: number };
  maxConnections: number;
  highestPorts: Record<string, { grpc: number; membership: number; metrics: number }>;
};

function loadClusterModules(): ClusterModules {
  const script = `
    const tools = await import(${JSON.stringify(join(ROOT, 'scripts/lib/tools.mjs'))});
    const cluster = await import(${JSON.stringify(join(ROOT, 'scripts/lib/temporal-cluster.mjs'))});
    const db = { host: '127.0.0.1', port: 5434, user: 'postgres', password: 'postgres' };
    console.log(JSON.stringify({
      version: tools.TEMPORAL_SERVER_VERSION,
      dynamicConfigFile: cluster.DYNAMIC_CONFIG_FILE,
      shards: cluster.NUM_HISTORY_SHARDS,
      processes: cluster.CLUSTER_PROCESSES,
      config: cluster.clusterConfig({ processName: 'history-2', frontendPort: 7233, db }),
      ports: cluster.clusterPorts(7233),
      portRange: cluster.CLUSTER_PORT_RANGE,
      pools: { persistence: cluster.PERSISTENCE_MAX_CONNS, visibility: cluster.VISIBILITY_MAX_CONNS },
      maxConnections: cluster.temporalPostgresMaxConnections(),
      highestPorts: cluster.clusterPorts(cluster.CLUSTER_PORT_RANGE[1]),
    }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

describe('the local Temporal cluster (npm run cluster) and the Helm values', () => {
  const cluster = loadClusterModules();

  it('builds the server version that values.yaml, compose and admin-tools run', () => {
    expect(cluster.version).toBe(`v${values.server.image.tag}`);
    expect(values.admintools.image.tag).toBe(values.server.image.tag);
  });

  it('runs with the dynamic config file the Helm values repeat, which the dev server flags also set', () => {
    expect(cluster.dynamicConfigFile).toBe(join(ROOT, 'deploy/temporal/dynamicconfig.yaml'));
    expect(cluster.config.dynamicConfigClient.filepath).toBe(cluster.dynamicConfigFile);
    expect(values.server.dynamicConfig).toEqual(shippedDynamicConfig);
    const devFlags = Object.fromEntries(
      [
        ...readFileSync(join(ROOT, 'scripts/lib/temporal.mjs'), 'utf8').matchAll(
          /'--dynamic-config-value',\s*'([\w.]+)=([^']+)'/g,
        ),
      ].map(([, key, value]) => [key, [{ value: JSON.parse(value!) }]]),
    );
    expect(devFlags).toEqual(shippedDynamicConfig);
  });

  it('keeps persistence and visibility on Postgres, in the stores and databases values.yaml names', () => {
    const local = cluster.config.persistence;
    const production = values.server.config.persistence;
    expect([local.defaultStore, local.visibilityStore]).toEqual([production.defaultStore, production.visibilityStore]);
    for (const store of [local.defaultStore, local.visibilityStore]) {
      expect(local.datastores[store]!.sql.pluginName).toBe(production.datastores[store].sql.pluginName);
      expect(local.datastores[store]!.sql.databaseName).toBe(production.datastores[store].sql.databaseName);
    }
    expect(local.numHistoryShards).toBe(cluster.shards);
    expect(Math.log2(local.numHistoryShards) % 1).toBe(0);
  });

  it('runs every service as its own process, history and matching twice, on ports of their own', () => {
    const count = (service: string) => cluster.processes.filter((p) => p.service === service).length;
    expect([count('frontend'), count('history'), count('matching'), count('worker')]).toEqual([1, 2, 2, 1]);
    const ports = Object.values(cluster.ports).flatMap(({ grpc, membership, metrics }) => [grpc, membership, metrics]);
    expect(new Set(ports).size).toBe(ports.length);
    expect(cluster.config.services.history!.rpc.grpcPort).toBe(cluster.ports['history-2']!.grpc);
    expect(cluster.config.services.frontend!.rpc.grpcPort).toBe(7233);
  });

  it("gives Temporal's Postgres room for every process's pools, sized as values.yaml sizes them", () => {
    const production = values.server.config.persistence.datastores;
    expect([cluster.pools.persistence, cluster.pools.visibility]).toEqual([
      production.default.sql.maxConns,
      production.visibility.sql.maxConns,
    ]);
    const local = cluster.config.persistence.datastores;
    expect(local.default!.sql).toMatchObject({ maxConns: cluster.pools.persistence });
    expect(local.visibility!.sql).toMatchObject({ maxConns: cluster.pools.visibility });
    // Postgres's default of 100 is below the 180 the six processes' pools may open (a hog chaos run met it).
    const pools = cluster.processes.length * (cluster.pools.persistence + cluster.pools.visibility);
    expect(cluster.maxConnections).toBeGreaterThan(pools);
  });

  it('picks run ports whose membership ports fit the SMALLINT Temporal stores them in', () => {
    // cluster_membership.rpc_port is a SMALLINT: a frontend on 35386 (membership 35486) exited at start.
    const [low, high] = cluster.portRange;
    expect(low).toBeGreaterThan(1024);
    expect(high).toBeGreaterThanOrEqual(low);
    const highest = Object.values(cluster.highestPorts).flatMap(({ grpc, membership, metrics }) => [
      grpc,
      membership,
      metrics,
    ]);
    expect(Math.max(...highest)).toBeLessThanOrEqual(32_767);
  });
});
