import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import {
  authoriseShare,
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '../index';

/**
 * A split through the gateway on the production-shaped Temporal (`npm run cluster -- --temporal-only`:
 * Temporal's own server, frontend, two history, two matching and the internal worker as processes of
 * their own, on Postgres), with the history process that owns the split's shard killed -9 between the
 * two authorisations: its shards move to the other history process and the split still captures.
 * Needs the server built (the first run builds it); run by `npm run test:cluster`, never by `npm test`.
 */
const ROOT = join(__dirname, '..', '..', '..');
const CLUSTER_START_TIMEOUT_MS = 20 * 60_000;

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A frontend port P with P…P+210 free: the cluster's processes take ports from there (clusterPorts).
 * Below 32768 - 210: Temporal stores a membership port (P+100…) in a SMALLINT, and a process whose port
 * is larger exits at start (CLUSTER_PORT_RANGE in scripts/lib/temporal-cluster.mjs).
 */
async function freeClusterBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * (32_767 - 210 - 20_000));
    const offsets = [10, ...[0, 100, 200].flatMap((block) => [0, 1, 2, 3, 4, 5].map((i) => block + i))];
    if ((await Promise.all(offsets.map((offset) => portFree(base + offset)))).every(Boolean)) return base;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type ClusterState = { address: string; pids: Record<string, number>; ports: Record<string, { grpc: number }> };

describe('a split on the Temporal cluster, with a history process killed mid-run', () => {
  let cluster: ChildProcess;
  let clusterOutput = '';
  let state: ClusterState;
  let dir: string;
  let temporalDb: pg.Client;
  let stack: Stack;
  let shop: SplitReadyMerchant;

  beforeAll(async () => {
    dir = join(process.env.TEST_RUN_DIR!, 'temporal-cluster');
    mkdirSync(dir, { recursive: true });
    const [frontendPort, pgPort] = [await freeClusterBase(), await freePort()];
    cluster = spawn(process.execPath, [join(ROOT, 'scripts/cluster.mjs'), '--temporal-only'], {
      cwd: ROOT,
      env: {
        ...process.env,
        TEMPORAL_PORT: String(frontendPort),
        TEMPORAL_POSTGRES_PORT: String(pgPort),
        TEMPORAL_CLUSTER_DIR: dir,
        TEMPORAL_CLUSTER_PG_DIR: join(dir, 'pg'),
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (chunk) => (clusterOutput += chunk));
    cluster.stderr!.on('data', (chunk) => (clusterOutput += chunk));
    const started = Date.now();
    await waitUntil(
      'npm run cluster -- --temporal-only ready',
      async () => {
        if (cluster.exitCode !== null) throw new Error(`npm run cluster exited:\n${clusterOutput}`);
        return existsSync(join(dir, 'ready'));
      },
      Boolean,
      CLUSTER_START_TIMEOUT_MS,
    );
    console.log(`cluster ready in ${Math.round((Date.now() - started) / 1000)} s:\n${clusterOutput}`);
    state = JSON.parse(readFileSync(join(dir, 'cluster.json'), 'utf8'));
    temporalDb = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/temporal` });
    await temporalDb.connect();
    stack = await startStack({ TEMPORAL_ADDRESS: state.address });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  }, CLUSTER_START_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    await stack?.stop();
    await temporalDb?.end();
    if (cluster?.pid && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      process.kill(-cluster.pid, 'SIGTERM');
      await exited;
    }
  }, 60_000);

  /** The history process owning each shard, from the owner Temporal records in the shard's row. */
  async function shardOwners(): Promise<Record<number, string | undefined>> {
    const { rows } = await temporalDb.query<{ shard_id: number; data: Buffer }>('SELECT shard_id, data FROM shards');
    const historyProcesses = Object.keys(state.pids).filter((name) => name.startsWith('history-'));
    return Object.fromEntries(
      rows.map(({ shard_id, data }) => [
        shard_id,
        historyProcesses.find((name) => data.includes(`127.0.0.1:${state.ports[name]!.grpc}`)),
      ]),
    );
  }

  it('knows every dynamic config key the repository ships (deploy/temporal/dynamicconfig.yaml)', () => {
    // The server reads the file at start and logs `unregistered key "<key>"` for each key it does not have:
    // a switch that does nothing on this version (frontend.enableExecuteMultiOperation on 1.31).
    const logs = readdirSync(dir).filter((name) => name.endsWith('.log'));
    expect(logs).toEqual(expect.arrayContaining(['frontend.log', 'history-1.log', 'matching-1.log']));
    const unknown = logs.flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter((line) => /unregistered key/i.test(line))
        .map((line) => `${name}: ${line}`),
    );
    expect(unknown).toEqual([]);
  });

  it('leaves no workflow of its readiness probe behind (a terminated one counts as failed in the chaos run)', async () => {
    const probes = async () => {
      const found: string[] = [];
      for await (const run of stack.temporal.client.workflow.list({ query: 'WorkflowType = "probe"' }))
        found.push(`${run.workflowId} ${run.status.name}`);
      return found;
    };
    expect(await waitUntil('the readiness probe deleted', probes, (found) => found.length === 0, 60_000)).toEqual([]);
  });

  it('captures the split after the history process owning its shard is killed -9', async () => {
    const owners = await shardOwners();
    expect(Object.keys(owners)).toHaveLength(8);
    expect(new Set(Object.values(owners))).toEqual(new Set(['history-1', 'history-2']));

    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [
        { email: uniqueEmail('payer'), amountMinor: 1500 },
        { email: uniqueEmail('payer'), amountMinor: 2500 },
      ],
    });
    expect(created.status).toBe(201);
    const split = created.body as { id: string; participants: { payToken: string }[] };
    expect((await authoriseShare(stack, split.participants[0]!.payToken)).status).toBe(200);

    const { rows } = await temporalDb.query<{ shard_id: number }>(
      'SELECT shard_id FROM current_executions WHERE workflow_id = $1',
      [`split:${split.id}`],
    );
    const shard = rows[0]!.shard_id;
    const victim = owners[shard]!;
    const survivor = victim === 'history-1' ? 'history-2' : 'history-1';
    const killedAt = Date.now();
    process.kill(state.pids[victim]!, 'SIGKILL');

    // The second buyer authorises while the split's shard has no owner: the answer waits for the failover.
    const second = authoriseShare(stack, split.participants[1]!.payToken).then((answer) => ({
      status: answer.status,
      ms: Date.now() - killedAt,
    }));
    // Every shard ends up on the survivor, the split's own included.
    await waitUntil(
      `every shard owned by ${survivor}`,
      shardOwners,
      (now) => Object.values(now).every((owner) => owner === survivor),
      120_000,
    );
    const movedAfterMs = Date.now() - killedAt;
    const answered = await second;
    expect(answered.status).toBe(200);
    const row = await waitForSplitStatus(stack, split.id, ['captured'], 120_000);
    expect(row.status).toBe('captured');
    console.log(
      `shard ${shard} of split:${split.id} was on ${victim}; all 8 shards on ${survivor} ${movedAfterMs} ms after the kill; ` +
        `the second authorisation answered ${answered.status} ${answered.ms} ms and the split captured ${Date.now() - killedAt} ms after the kill`,
    );
  });
});
