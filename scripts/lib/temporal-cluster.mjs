// A production-shaped Temporal (`npm run cluster`): Temporal's own server, built from go.temporal.io/server
// at the version deploy/kubernetes/temporal/values.yaml runs, as separate processes (frontend, two
// history, two matching, the internal worker) on a Postgres instance of its own, with the dynamic config
// the repository ships (deploy/temporal/dynamicconfig.yaml). docs/deploy.md, "Running the real cluster locally".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DATA_DIR, ROOT } from './paths.mjs';
import { postgresReachable } from './postgres.mjs';
import { freePort, startProcess, waitFor } from './procs.mjs';
import { SEARCH_ATTRIBUTES } from './temporal.mjs';
import {
  ensureTemporalCli,
  ensureTemporalServer,
  ensureTemporalSqlTool,
  TEMPORAL_SERVER_VERSION,
  temporalServerModuleDir,
} from './tools.mjs';

/** The dynamic config both this cluster and the Helm values use (testing/src/temporal-cluster-config.test.ts). */
export const DYNAMIC_CONFIG_FILE = join(ROOT, 'deploy', 'temporal', 'dynamicconfig.yaml');

/**
 * Fixed for the life of a cluster's database. Production has 512 (values.yaml); 8 is enough to see
 * shards move between the two history processes and keeps a 2-core machine's start-up short.
 */
export const NUM_HISTORY_SHARDS = 8;

/** Every process of the cluster: its name, the service it runs and its port offset from the frontend's gRPC port. */
export const CLUSTER_PROCESSES = [
  { name: 'frontend', service: 'frontend', offset: 0 },
  { name: 'history-1', service: 'history', offset: 1 },
  { name: 'history-2', service: 'history', offset: 2 },
  { name: 'matching-1', service: 'matching', offset: 3 },
  { name: 'matching-2', service: 'matching', offset: 4 },
  { name: 'internal-worker', service: 'worker', offset: 5 },
];

/**
 * Temporal's `cluster_membership.rpc_port` is a SMALLINT: a process whose membership port is above
 * 32767 cannot register itself and exits at start ("value … is out of range for type smallint").
 */
export const MEMBERSHIP_PORT_MAX = 32_767;
/** The frontend ports freeClusterPort picks from: every port of the cluster (P…P+210) stays below MEMBERSHIP_PORT_MAX. */
export const CLUSTER_PORT_RANGE = [20_000, MEMBERSHIP_PORT_MAX - 210];

/**
 * Ports from the frontend's gRPC port P: process gRPC P+offset, membership (ringpop) P+100+offset,
 * Prometheus metrics P+200+offset, and the frontend's HTTP API P+10. With P = 7233 (the dev server's
 * port, so that everything else connects as to the dev server): 7233–7238, 7333–7338, 7433–7438, 7243.
 */
export function clusterPorts(frontendPort) {
  return Object.fromEntries(
    CLUSTER_PROCESSES.map(({ name, offset }) => [
      name,
      {
        grpc: frontendPort + offset,
        membership: frontendPort + 100 + offset,
        metrics: frontendPort + 200 + offset,
        ...(name === 'frontend' ? { http: frontendPort + 10 } : {}),
      },
    ]),
  );
}

/** Each process's pools on Temporal's Postgres: as deploy/kubernetes/temporal/values.yaml sets them. */
export const PERSISTENCE_MAX_CONNS = 20;
export const VISIBILITY_MAX_CONNS = 10;
/** Room beyond the pools: a restarted process's new pool while its old backends are still ending, psql, the chaos run. */
const CONNECTION_HEADROOM = 60;

/**
 * The embedded instance's max_connections: every process's pools at their fullest, plus headroom.
 * Postgres's default of 100 is below the 6 processes × 30 = 180 the pools may open, and a chaos run
 * with a CPU hog met it: history logged "sorry, too many clients already" 2,304 times (7 December 2026).
 */
export function temporalPostgresMaxConnections() {
  return CLUSTER_PROCESSES.length * (PERSISTENCE_MAX_CONNS + VISIBILITY_MAX_CONNS) + CONNECTION_HEADROOM;
}

function sqlStore(db, databaseName, maxConns) {
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${db.host}:${db.port}`,
      connectProtocol: 'tcp',
      user: db.user,
      password: db.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  };
}

/**
 * One process's server configuration (Temporal's config file format; JSON is YAML). Every process of a
 * service gets the same file but for its own ports; they find each other through the cluster_membership
 * table, as pods do.
 */
export function clusterConfig({ processName, frontendPort, db, logLevel = 'info' }) {
  const ports = clusterPorts(frontendPort);
  const own = CLUSTER_PROCESSES.find((p) => p.name === processName);
  if (!own) throw new Error(`unknown cluster process ${processName}`);
  const firstOf = (service) => CLUSTER_PROCESSES.find((p) => p.service === service).name;
  const services = {};
  for (const service of ['frontend', 'history', 'matching', 'worker']) {
    const port = ports[own.service === service ? own.name : firstOf(service)];
    services[service] = {
      rpc: {
        grpcPort: port.grpc,
        membershipPort: port.membership,
        bindOnLocalHost: true,
        ...(service === 'frontend' ? { httpPort: port.http } : {}),
      },
    };
  }
  return {
    log: { stdout: true, level: logLevel },
    persistence: {
      defaultStore: 'default',
      visibilityStore: 'visibility',
      numHistoryShards: NUM_HISTORY_SHARDS,
      datastores: {
        default: sqlStore(db, 'temporal', PERSISTENCE_MAX_CONNS),
        visibility: sqlStore(db, 'temporal_visibility', VISIBILITY_MAX_CONNS),
      },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
      metrics: {
        prometheus: {
          framework: 'tally',
          timerType: 'histogram',
          listenAddress: `127.0.0.1:${ports[own.name].metrics}`,
        },
      },
    },
    services,
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${frontendPort}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } },
    namespaceDefaults: { archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } } },
    dynamicConfigClient: { filepath: DYNAMIC_CONFIG_FILE, pollInterval: '10s' },
  };
}

/**
 * Temporal's Postgres: the server of TEMPORAL_CLUSTER_DATABASE_URL when given (its databases `temporal`
 * and `temporal_visibility` are created there), else an embedded instance of its own under `pgDir`
 * (production keeps Temporal's database apart from the application's).
 */
async function temporalPostgres({ pgDir, pgPort }) {
  if (process.env.TEMPORAL_CLUSTER_DATABASE_URL) {
    const url = new URL(process.env.TEMPORAL_CLUSTER_DATABASE_URL);
    return {
      kind: 'TEMPORAL_CLUSTER_DATABASE_URL',
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  }
  mkdirSync(pgDir, { recursive: true });
  startProcess(
    'temporal-pg',
    process.execPath,
    [
      join(ROOT, 'scripts', 'embedded-postgres.mjs'),
      pgDir,
      String(pgPort),
      `--max-connections=${temporalPostgresMaxConnections()}`,
    ],
    {
      quiet: true,
      tier: 'infra',
    },
  );
  const url = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
  await waitFor("Temporal's embedded Postgres", () => postgresReachable(url), 120_000, 500);
  return { kind: 'embedded', host: '127.0.0.1', port: pgPort, user: 'postgres', password: 'postgres' };
}

/** How long a supervised process stays down before it is started again (a kubelet's first back-off is 10 s). */
export const RESTART_DELAY_MS = Number(process.env.TEMPORAL_CLUSTER_RESTART_DELAY_MS ?? 1000);

/**
 * Creates (when missing) and migrates `temporal` and `temporal_visibility` with temporal-sql-tool and the
 * schema files of the server module, as deploy/temporal/setup-postgres-schema.sh does for compose.
 */
export function setUpTemporalSchemas(db, { log = console.log } = {}) {
  const sqlTool = ensureTemporalSqlTool();
  const schemaRoot = join(temporalServerModuleDir(), 'schema', 'postgresql', 'v12');
  const run = (database, args, { allowFailure = false } = {}) => {
    const result = spawnSync(
      sqlTool,
      ['--plugin', 'postgres12', '--ep', db.host, '-p', String(db.port), '-u', db.user, '--db', database, ...args],
      { encoding: 'utf8', env: { ...process.env, SQL_PASSWORD: db.password } },
    );
    if (result.status !== 0 && !allowFailure) {
      throw new Error(`temporal-sql-tool ${args[0]} on ${database} failed:\n${result.stdout}\n${result.stderr}`);
    }
    return result;
  };
  for (const [database, dir] of [
    ['temporal', 'temporal'],
    ['temporal_visibility', 'visibility'],
  ]) {
    // `create` fails when the database exists, which it does on every start after the first.
    run(database, ['create'], { allowFailure: true });
    // Version 0.0 only creates the schema_version table; it is a no-op once the schema is set up.
    run(database, ['setup-schema', '-v', '0.0'], { allowFailure: true });
    run(database, ['update-schema', '-d', join(schemaRoot, dir, 'versioned')]);
    log(`[temporal-cluster] ${database}: schema up to date`);
  }
}

function health(cli, address) {
  return spawnSync(cli, ['operator', 'cluster', 'health', '--address', address], { encoding: 'utf8' }).status === 0;
}

/**
 * Starts the cluster and returns { address, processes: { name: child } }. `dataDir` holds the per-process
 * config files, their logs (<name>.log) and the embedded Postgres (`pg/`), by default .data/temporal-cluster
 * and .data/temporal-pg. The processes stop with procs.mjs's stopAll (infra tier).
 */
export async function startTemporalCluster({
  frontendPort = 7233,
  pgPort = 5434,
  dataDir = join(DATA_DIR, 'temporal-cluster'),
  pgDir = join(DATA_DIR, 'temporal-pg'),
  logLevel = process.env.TEMPORAL_CLUSTER_LOG_LEVEL ?? 'info',
  supervise = false,
  log = console.log,
} = {}) {
  const started = Date.now();
  const server = ensureTemporalServer();
  const cli = ensureTemporalCli();
  log(`[temporal-cluster] temporal-server ${TEMPORAL_SERVER_VERSION} (${server})`);
  const db = await temporalPostgres({ pgDir, pgPort });
  setUpTemporalSchemas(db, { log });

  mkdirSync(dataDir, { recursive: true });
  for (const stale of ['cluster.json', 'ready']) rmSync(join(dataDir, stale), { force: true });
  const processes = {};
  const restarts = Object.fromEntries(CLUSTER_PROCESSES.map(({ name }) => [name, 0]));
  const address = `127.0.0.1:${frontendPort}`;
  const state = {
    address,
    version: TEMPORAL_SERVER_VERSION,
    postgres: `${db.kind} ${db.host}:${db.port}`,
    postgresUrl: `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}`,
    logs: dataDir,
    supervised: supervise,
    pids: {},
    restarts,
    ports: clusterPorts(frontendPort),
  };
  const stateFile = join(dataDir, 'cluster.json');
  // Written whole and renamed into place: a reader (the chaos run's engine faults) never sees half a file.
  const writeState = () => {
    writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  let supervising = supervise;
  const launch = (name, service) => {
    const configFile = join(dataDir, `${name}.yaml`);
    const logFile = join(dataDir, `${name}.log`);
    // `exec` so that the child's pid is the server's own: a kill -9 of it is a crash of that process.
    const child = startProcess(
      `temporal-${name}`,
      'sh',
      [
        '-c',
        'exec "$0" --config-file "$1" --allow-no-auth start --service "$2" >>"$3" 2>&1',
        server,
        configFile,
        service,
        logFile,
      ],
      {
        quiet: true,
        tier: 'infra',
        // Supervised, a process that ends (killed, crashed, stopped) is started again, as a pod's
        // container is (restartPolicy Always): the chaos run's faults on the engine rely on it.
        onExit: (code, signal) => {
          if (!supervising) return;
          log(`[temporal-cluster] ${name} exited (${signal ?? code}); starting it again in ${RESTART_DELAY_MS} ms`);
          setTimeout(() => {
            if (!supervising) return;
            restarts[name] += 1;
            launch(name, service);
            writeState();
          }, RESTART_DELAY_MS);
        },
      },
    );
    processes[name] = child;
    state.pids[name] = child.pid;
  };
  for (const { name, service } of CLUSTER_PROCESSES) {
    writeFileSync(
      join(dataDir, `${name}.yaml`),
      `${JSON.stringify(clusterConfig({ processName: name, frontendPort, db, logLevel }), null, 2)}\n`,
    );
    launch(name, service);
  }
  await waitFor('the Temporal cluster frontend', async () => health(cli, address), 300_000, 1000);
  writeState();
  log(`[temporal-cluster] frontend healthy at ${address} after ${Math.round((Date.now() - started) / 1000)} s`);
  return {
    ...state,
    processes,
    /** Ends the supervision (before stopping the processes), so nothing is started again. */
    stopSupervising() {
      supervising = false;
    },
  };
}

/**
 * The namespace (30 days' retention, as services/worker/src/temporal-setup.ts registers it in production)
 * and the Keyword search attributes the dev server gets from its command line, with the Temporal CLI.
 * Safe to run on every start: what exists is left as it is.
 */
export async function registerNamespace(address, namespace = process.env.TEMPORAL_NAMESPACE ?? 'default') {
  const cli = ensureTemporalCli();
  const temporal = (...args) => spawnSync(cli, [...args, '--address', address], { encoding: 'utf8' });
  const described = () => temporal('operator', 'namespace', 'describe', '--namespace', namespace).status === 0;
  if (!described()) {
    const created = temporal('operator', 'namespace', 'create', '--namespace', namespace, '--retention', '30d');
    if (created.status !== 0 && !/already/i.test(created.stderr)) {
      throw new Error(`temporal operator namespace create failed: ${created.stderr}`);
    }
  }
  // The frontend's namespace cache refreshes every few seconds after a create.
  await waitFor(`namespace ${namespace}`, async () => described(), 60_000, 500);
  const listed = temporal('operator', 'search-attribute', 'list', '--namespace', namespace, '-o', 'json');
  const existing = listed.status === 0 ? listed.stdout : '';
  for (const name of SEARCH_ATTRIBUTES) {
    if (existing.includes(`"${name}"`)) continue;
    await waitFor(
      `search attribute ${name}`,
      async () =>
        temporal(
          'operator',
          'search-attribute',
          'create',
          '--namespace',
          namespace,
          '--name',
          name,
          '--type',
          'Keyword',
        ).status === 0,
      60_000,
      1000,
    );
  }
}

/**
 * Waits until the cluster serves a workflow end to end: the frontend answering its health check does
 * not mean matching and history have joined its ring or that history knows a just-created namespace
 * (a split created then answered 500). A probe workflow is started (history) and its task queue
 * described (matching), then the probe is terminated and deleted, so the namespace starts empty.
 */
export async function waitUntilServing(address, namespace = process.env.TEMPORAL_NAMESPACE ?? 'default') {
  const cli = ensureTemporalCli();
  const temporal = (...args) =>
    spawnSync(cli, [...args, '--address', address, '--namespace', namespace], { encoding: 'utf8' });
  const probe = `cluster-ready-probe-${process.pid}-${Date.now()}`;
  await waitFor(
    'the Temporal cluster serving workflows',
    async () =>
      temporal('workflow', 'start', '--workflow-id', probe, '--type', 'probe', '--task-queue', probe).status === 0 &&
      temporal('task-queue', 'describe', '--task-queue', probe).status === 0,
    300_000,
    1000,
  );
  temporal('workflow', 'terminate', '--workflow-id', probe, '--reason', 'cluster readiness probe');
  // Deleted too: a terminated workflow left in the namespace broke the chaos run's "no workflow failed".
  temporal('workflow', 'delete', '--workflow-id', probe);
}

export const clusterStateFile = (dataDir = join(DATA_DIR, 'temporal-cluster')) => join(dataDir, 'cluster.json');
export const clusterExists = (dataDir) => existsSync(clusterStateFile(dataDir));

/**
 * The lines of the cluster's logs in which the server reports a dynamic config key it does not know
 * (`unregistered key`): a switch the shipped file sets that this version ignores.
 */
export function unregisteredDynamicConfigKeys(dataDir) {
  return CLUSTER_PROCESSES.flatMap(({ name }) => {
    const file = join(dataDir, `${name}.log`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /unregistered key/i.test(line))
      .map((line) => `${name}: ${line}`);
  });
}

async function portFree(port) {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A frontend port P with P…P+210 free: the cluster's processes take their ports from there (clusterPorts). */
export async function freeClusterPort() {
  const offsets = [10, ...[0, 100, 200].flatMap((block) => CLUSTER_PROCESSES.map(({ offset }) => block + offset))];
  const [low, high] = CLUSTER_PORT_RANGE;
  for (;;) {
    const base = low + Math.floor(Math.random() * (high - low + 1));
    if ((await Promise.all(offsets.map((offset) => portFree(base + offset)))).every(Boolean)) return base;
  }
}

/**
 * The cluster for one run (tests, `npm run bench`, `npm run chaos` with TEST_TEMPORAL, BENCH_TEMPORAL or
 * CHAOS_TEMPORAL = cluster): `scripts/cluster.mjs --temporal-only` as one child process on free ports,
 * with its data, logs and Postgres under `dir`, its processes supervised (started again when they end).
 * That child is the parent of every server process and of Temporal's Postgres, so its process tree is the
 * whole engine (the bench reads its CPU so). Returns { child, address, stateFile, state }; stopAll stops it.
 */
export async function startRunTemporalCluster({ dir, log = console.log, quiet = true } = {}) {
  mkdirSync(dir, { recursive: true });
  const [frontendPort, pgPort] = [await freeClusterPort(), await freePort()];
  let output = '';
  const child = startProcess(
    'temporal-cluster',
    process.execPath,
    [join(ROOT, 'scripts', 'cluster.mjs'), '--temporal-only'],
    {
      quiet,
      tier: 'infra',
      env: {
        TEMPORAL_PORT: String(frontendPort),
        TEMPORAL_POSTGRES_PORT: String(pgPort),
        TEMPORAL_CLUSTER_DIR: dir,
        TEMPORAL_CLUSTER_PG_DIR: join(dir, 'pg'),
        TEMPORAL_CLUSTER_SUPERVISE: '1',
      },
    },
  );
  child.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const started = Date.now();
  // The first run builds the server: up to half an hour on a busy 2-core machine.
  const deadline = started + Number(process.env.TEMPORAL_CLUSTER_START_TIMEOUT_MS ?? 40 * 60_000);
  while (!existsSync(join(dir, 'ready'))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`npm run cluster -- --temporal-only exited (${child.signalCode ?? child.exitCode}):\n${output}`);
    }
    if (Date.now() > deadline) throw new Error(`the Temporal cluster was not ready in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stateFile = clusterStateFile(dir);
  const state = JSON.parse(readFileSync(stateFile, 'utf8'));
  log(
    `[temporal-cluster] ${state.version} ready at ${state.address} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return { child, address: state.address, stateFile, state };
}
