/**
 * Two of each of gateway, checkout and worker (and one emulator and one merchants) on one Temporal
 * and one Postgres: figure 12's horizontal scale. A round-robin TCP balancer stands in front of the
 * two gateways (PUBLIC_BASE_URL, so the emulator's webhooks reach both) and of the two checkouts
 * (the gateways' CHECKOUT_URL). Both workers poll the same task queue. Every process is started as
 * in process-stack.ts (the services' own main.ts, the probe preloaded).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createDb, createTemporalClient, loadConfig } from '@groupsplit/shared';
import { createApiClient } from '@groupsplit/testing';
import { startBalancer } from './balancer';
import { pidCpuMs } from './infra-cpu';
import {
  deleteTaskQueueSchedules,
  freePort,
  type Running,
  type ServiceName,
  spawnService,
  stopService,
  waitReady,
} from './process-stack';

export const REPLICAS = 2;

type Instance = { name: ServiceName; index: number; env: Record<string, string>; readyUrl: string; running?: Running };

/** Sums the `_count` series of one Prometheus histogram (every label set). */
export function histogramCount(text: string, name: string): number {
  const pattern = new RegExp(`^${name}(_[a-z]+)?_count[{ ]`);
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Sums a counter's series whose labels contain none of `exclude`. */
export function counterSum(text: string, name: string, exclude: string[] = []): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && !exclude.some((part) => line.includes(part)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const pick = (n: number) => Promise.all(Array.from({ length: n }, freePort));

export async function startReplicaStack(env: Record<string, string> = {}) {
  const [merchantsPort, emulatorPort] = await pick(2);
  const gatewayPorts = await pick(REPLICAS);
  const checkoutPorts = await pick(REPLICAS);
  const workerPorts = await pick(2 * REPLICAS);
  const gatewayLb = await startBalancer(gatewayPorts);
  const checkoutLb = await startBalancer(checkoutPorts);
  const metricsToken = randomBytes(16).toString('hex');
  const base: Record<string, string> = {
    ...(process.env as Record<string, string>),
    TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
    MERCHANTS_PORT: String(merchantsPort),
    EMULATOR_PORT: String(emulatorPort),
    PUBLIC_BASE_URL: gatewayLb.url,
    MERCHANTS_URL: `http://127.0.0.1:${merchantsPort}`,
    CHECKOUT_URL: checkoutLb.url,
    STRIPE_API_BASE_URL: `http://127.0.0.1:${emulatorPort}`,
    TRUSTED_PROXIES: '127.0.0.1',
    METRICS_TOKEN: metricsToken,
    ...env,
  };
  const instances: Instance[] = [
    { name: 'emulator', index: 0, env: {}, readyUrl: `http://127.0.0.1:${emulatorPort}/readyz` },
    { name: 'merchants', index: 0, env: {}, readyUrl: `http://127.0.0.1:${merchantsPort}/readyz` },
  ];
  for (let i = 0; i < REPLICAS; i++) {
    const [metrics, temporalMetrics] = [workerPorts[2 * i]!, workerPorts[2 * i + 1]!];
    instances.push(
      {
        name: 'gateway',
        index: i,
        env: { GATEWAY_PORT: String(gatewayPorts[i]) },
        readyUrl: `http://127.0.0.1:${gatewayPorts[i]}/readyz`,
      },
      {
        name: 'checkout',
        index: i,
        env: { CHECKOUT_PORT: String(checkoutPorts[i]) },
        readyUrl: `http://127.0.0.1:${checkoutPorts[i]}/readyz`,
      },
      {
        name: 'worker',
        index: i,
        env: { WORKER_METRICS_PORT: String(metrics), WORKER_TEMPORAL_METRICS_PORT: String(temporalMetrics) },
        readyUrl: `http://127.0.0.1:${metrics}/readyz`,
      },
    );
  }
  const start = async (instance: Instance) => {
    instance.running = spawnService(instance.name, { ...base, ...instance.env });
    await waitReady(instance.running, instance.readyUrl);
  };
  await start(instances[0]!);
  await Promise.all(instances.slice(1).map(start));

  const config = loadConfig(base);
  const db = createDb(config.DATABASE_URL, 8);
  const temporal = await createTemporalClient(config);
  const find = (name: ServiceName, index: number) => instances.find((i) => i.name === name && i.index === index)!;
  const text = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers }).then((res) => (res.ok ? res.text() : ''));

  return {
    config,
    db,
    temporal,
    urls: {
      emulator: config.STRIPE_API_BASE_URL!,
      gateway: gatewayLb.url,
      checkout: checkoutLb.url,
      merchants: config.MERCHANTS_URL,
    },
    /** An API client that talks to one gateway directly. */
    gatewayApi: (index: number) => createApiClient(`http://127.0.0.1:${gatewayPorts[index]}`),
    /** Workflow tasks, activities and local activities one worker has run (its Temporal core's metrics). */
    async workerTasks(index: number) {
      const metrics = await text(`http://127.0.0.1:${find('worker', index).env.WORKER_TEMPORAL_METRICS_PORT}/metrics`);
      return {
        workflowTasks: histogramCount(metrics, 'temporal_workflow_task_execution_latency'),
        activities:
          histogramCount(metrics, 'temporal_activity_execution_latency') +
          histogramCount(metrics, 'temporal_local_activity_execution_latency'),
      };
    },
    /** Requests one checkout has answered, probes and metrics scrapes left out. */
    async checkoutRequests(index: number) {
      const metrics = await text(`http://127.0.0.1:${checkoutPorts[index]}/metrics`);
      return counterSum(metrics, 'groupsplit_http_requests_total', ['/healthz', '/readyz', '/metrics']);
    },
    /** Requests one gateway has answered on a route (its request metrics, behind METRICS_TOKEN). */
    async gatewayRequests(index: number, route?: string) {
      const metrics = await text(`http://127.0.0.1:${gatewayPorts[index]}/metrics`, {
        authorization: `Bearer ${metricsToken}`,
      });
      const lines = counterSum(metrics, 'groupsplit_http_requests_total', ['/healthz', '/readyz', 'unmatched']);
      return route
        ? metrics
            .split('\n')
            .filter((l) => l.startsWith('groupsplit_http_requests_total{') && l.includes(`route="${route}"`))
            .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0)
        : lines;
    },
    /** CPU time so far (ms) of every service process, summed by service (/proc/<pid>/stat). */
    cpuByService() {
      const total: Partial<Record<ServiceName, number>> = {};
      for (const instance of instances) {
        const ms = instance.running?.child.pid ? pidCpuMs(instance.running.child.pid) : null;
        total[instance.name] = (total[instance.name] ?? 0) + (ms ?? 0);
      }
      return total;
    },
    balancerConnections: () => ({ gateway: gatewayLb.connections(), checkout: checkoutLb.connections() }),
    /** Kills one worker at once (no graceful shutdown). */
    async killWorker(index: number) {
      const running = find('worker', index).running!;
      running.child.kill('SIGKILL');
      await running.exited;
    },
    startWorker: (index: number) => start(find('worker', index)),
    async stop() {
      await Promise.all(instances.map((i) => (i.running ? stopService(i.running) : undefined)));
      await deleteTaskQueueSchedules(temporal, config.TEMPORAL_TASK_QUEUE);
      await Promise.all([gatewayLb.close(), checkoutLb.close()]);
      await temporal.close();
      await db.destroy();
    },
  };
}

export type ReplicaStack = Awaited<ReturnType<typeof startReplicaStack>>;
