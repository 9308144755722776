import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { configSchema } from '@groupsplit/shared';
import { parse } from 'yaml';
import { loadCompose } from './deployment/compose';
import { type K8sObject, KUBERNETES_DIR, named, ofKind, render, selects } from './deployment/kubernetes';

const ROOT = join(__dirname, '..', '..');
const OVERLAYS = ['staging', 'production'];
const DEPLOYMENTS = {
  gateway: 3000,
  merchants: 3001,
  checkout: 3002,
  worker: 3020,
  'temporal-ui-front': 8233,
} as const;
const AUTOSCALED = ['gateway', 'worker'];
const JOBS = {
  migrate: 'dist/packages/db/src/migrate-cli.js',
  'temporal-setup': 'dist/services/worker/src/temporal-setup-cli.js',
};
/** Configuration that is secret: only ever read from the Secret `groupsplit-secrets`, never written in a file. */
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'INTERNAL_SIGNING_SECRET',
  'ENCRYPTION_KEY',
  'STRIPE_TEST_SECRET_KEY',
  'STRIPE_LIVE_SECRET_KEY',
  'STRIPE_TEST_WEBHOOK_SECRET',
  'STRIPE_LIVE_WEBHOOK_SECRET',
  'TEMPORAL_PAYLOAD_KEYS',
  'TEMPORAL_CODEC_TOKEN',
  'SMTP_PASSWORD',
  'METRICS_TOKEN',
  'REDIS_URL',
  'DKIM_PRIVATE_KEY',
];
/** What a committed secret looks like: processor keys, webhook secrets, private keys, passwords in URLs, raw keys. */
const SECRET_LOOKING = [
  /\bsk_(live|test)_[A-Za-z0-9]{8,}/,
  /\brk_(live|test)_[A-Za-z0-9]{8,}/,
  /\bwhsec_[A-Za-z0-9]{8,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /[a-z0-9+]+:\/\/[^\s:/@]+:[^\s@/]+@/i,
  /\b[0-9a-f]{64}\b/i,
];

const podSpec = (object: K8sObject) => object.spec.template.spec;
const appContainer = (object: K8sObject) =>
  (podSpec(object).containers as { name: string }[]).find((c) => c.name === 'app') as any;
const sourceOf = (entry: string) => join(ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.each(OVERLAYS)('deploy/kubernetes overlay %s', (overlay) => {
  const rendered = render(`overlays/${overlay}`);
  const objects = rendered.objects;
  const deployments = ofKind(objects, 'Deployment');

  it('renders with kustomize', () => {
    expect(rendered.stderr).toBe('');
    expect(rendered.status).toBe(0);
  });

  it('has exactly the expected kinds and no Secret', () => {
    const kinds = [...new Set(objects.map((object) => object.kind))].sort();
    expect(kinds).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Job',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'PrometheusRule',
      'Service',
      'ServiceAccount',
    ]);
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(Object.keys(DEPLOYMENTS).sort());
    expect(
      ofKind(objects, 'Job')
        .map((j) => j.metadata.name)
        .sort(),
    ).toEqual(Object.keys(JOBS).sort());
    expect(new Set(objects.map((object) => object.metadata.namespace)).size).toBe(1);
  });

  it.each(Object.entries(DEPLOYMENTS))(
    'runs %s from the one image with plain node, probed on /readyz and /healthz, with requests and limits',
    (name, port) => {
      const deployment = named(objects, 'Deployment', name)!;
      const container = appContainer(deployment);
      expect(container.image).toMatch(/^registry\.example\.com\/groupsplit:/);
      const [program, entry, ...rest] = container.command as string[];
      expect([program, rest]).toEqual(['node', []]);
      expect(existsSync(sourceOf(entry!))).toBe(true);
      expect(container.args).toBeUndefined();
      expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      for (const kind of ['requests', 'limits']) {
        expect(Object.keys(container.resources[kind]).sort()).toEqual(['cpu', 'memory']);
      }
      expect(podSpec(deployment).securityContext.runAsNonRoot).toBe(true);
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      // Never surge below capacity: a new pod is ready before an old one stops.
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    },
  );

  it('reads configuration and secrets by reference only', () => {
    const configMaps = ofKind(objects, 'ConfigMap');
    expect(configMaps).toHaveLength(1);
    const config = configMaps[0]!;
    for (const workload of [...deployments, ...ofKind(objects, 'Job')]) {
      const container = appContainer(workload);
      expect(container.envFrom).toEqual([
        { configMapRef: { name: config.metadata.name } },
        { secretRef: { name: 'groupsplit-secrets' } },
      ]);
      for (const variable of container.env ?? []) {
        if (SECRET_SETTINGS.includes(variable.name)) expect(variable.valueFrom?.secretKeyRef).toBeDefined();
      }
    }
    const keys = Object.keys(config.data ?? {});
    expect(keys.filter((key) => SECRET_SETTINGS.includes(key))).toEqual([]);
    // Every setting is one the services read (a misspelt name would silently fall back to a default).
    expect(keys.filter((key) => !(key in configSchema.shape))).toEqual([]);
    expect(config.data).toMatchObject({ NODE_ENV: 'production', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' });
    // Pods are reached (and probed) on their own address; off loopback the processes refuse public secrets.
    expect(config.data).toMatchObject({
      MERCHANTS_HOST: '0.0.0.0',
      CHECKOUT_HOST: '0.0.0.0',
      WORKER_METRICS_HOST: '0.0.0.0',
    });
    expect(config.data?.PUBLIC_BASE_URL).toMatch(/^https:\/\//);
  });

  it('migrates and sets Temporal up in one-shot Jobs', () => {
    for (const [name, entry] of Object.entries(JOBS)) {
      const job = named(objects, 'Job', name)!;
      expect(appContainer(job).command).toEqual(['node', entry]);
      expect(existsSync(sourceOf(entry))).toBe(true);
      expect(['Never', 'OnFailure']).toContain(podSpec(job).restartPolicy);
      expect(job.spec.backoffLimit).toBeGreaterThan(0);
    }
  });

  it('autoscales the gateway and the worker, and keeps every Deployment available through disruptions', () => {
    const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler');
    expect(autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual(AUTOSCALED);
    for (const hpa of autoscalers) {
      const target = named(objects, 'Deployment', hpa.spec.scaleTargetRef.name)!;
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // A replica count in the Deployment would fight the autoscaler on every apply.
      expect(target.spec.replicas).toBeUndefined();
    }
    for (const deployment of deployments) {
      const podLabels = deployment.spec.template.metadata.labels;
      const budgets = ofKind(objects, 'PodDisruptionBudget').filter((pdb) => selects(pdb.spec.selector, podLabels));
      expect([deployment.metadata.name, budgets.length]).toEqual([deployment.metadata.name, 1]);
    }
  });

  it('gives every HTTP service longer than its drain bound to stop', () => {
    const drainMs = configSchema.parse({}).SHUTDOWN_DRAIN_MS;
    const tooShort = deployments
      .filter((d) => ['gateway', 'merchants', 'checkout'].includes(d.metadata.name))
      .map((d) => [d.metadata.name, (podSpec(d).terminationGracePeriodSeconds ?? 30) * 1000])
      .filter(([, graceMs]) => !((graceMs as number) > drainMs));
    expect(tooShort).toEqual([]);
  });

  it('lets only the gateway take traffic from outside the cluster', () => {
    const policies = ofKind(objects, 'NetworkPolicy');
    const denyAll = policies.find(
      (p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && !p.spec.ingress,
    );
    expect(denyAll).toBeDefined();
    const openTo = (labels: Record<string, string>) =>
      policies
        .filter((p) => selects(p.spec.podSelector, labels))
        .flatMap((p) => (p.spec.ingress ?? []) as { from?: Record<string, unknown>[] }[])
        .filter((rule) => !rule.from || rule.from.some((peer) => 'ipBlock' in peer));
    for (const workload of [...deployments, ...ofKind(objects, 'Job')]) {
      const open = openTo(workload.spec.template.metadata.labels).length > 0;
      expect([workload.metadata.name, open]).toEqual([workload.metadata.name, workload.metadata.name === 'gateway']);
    }
    const ingresses = ofKind(objects, 'Ingress');
    const backends = ingresses.flatMap((i) =>
      i.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service.name)),
    );
    expect([...new Set(backends)]).toEqual(['gateway']);
    expect(ofKind(objects, 'Service').every((s) => (s.spec.type ?? 'ClusterIP') === 'ClusterIP')).toBe(true);
  });
});

describe('deploy/ files', () => {
  it('hold no secret values', () => {
    const files = filesUnder(join(ROOT, 'deploy'));
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.flatMap((file) =>
      SECRET_LOOKING.filter((pattern) => pattern.test(readFileSync(file, 'utf8'))).map(
        (pattern) => `${relative(ROOT, file)}: ${pattern}`,
      ),
    );
    expect(leaks).toEqual([]);
    for (const overlay of OVERLAYS) {
      expect(ofKind(render(`overlays/${overlay}`).objects, 'Secret')).toEqual([]);
    }
  });

  it('document every secret the Secret must hold', () => {
    const guide = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');
    expect(SECRET_SETTINGS.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('deploy/kubernetes/temporal/values.yaml (Temporal Helm chart)', () => {
  const values = parse(readFileSync(join(KUBERNETES_DIR, 'temporal', 'values.yaml'), 'utf8'));
  const compose = loadCompose(join(ROOT, 'docker-compose.yml'), {
    POSTGRES_PASSWORD: 'x',
    INTERNAL_SIGNING_SECRET: 'x',
    ENCRYPTION_KEY: 'x',
    STRIPE_TEST_SECRET_KEY: 'x',
    STRIPE_LIVE_SECRET_KEY: 'x',
    STRIPE_TEST_WEBHOOK_SECRET: 'x',
    STRIPE_LIVE_WEBHOOK_SECRET: 'x',
    TEMPORAL_PAYLOAD_KEYS: 'x',
    TEMPORAL_CODEC_TOKEN: 'x',
  }).config.services;

  it('keeps persistence and visibility in an external Postgres, its password in a Secret', () => {
    const { persistence } = values.server.config;
    for (const store of ['default', 'visibility']) {
      const sql = persistence.datastores[store].sql;
      expect(sql).toMatchObject({ pluginName: 'postgres12', existingSecret: expect.any(String) });
      expect(sql.password).toBeUndefined();
    }
    expect(JSON.stringify(values)).not.toMatch(/"password":/i);
    const shards = persistence.numHistoryShards;
    expect(shards).toBeGreaterThanOrEqual(512);
    expect(Math.log2(shards) % 1).toBe(0);
  });

  it('configures the server as compose and the dev server do, at the same versions as compose', () => {
    const dynamicConfig = parse(readFileSync(join(ROOT, 'deploy', 'temporal', 'dynamicconfig.yaml'), 'utf8'));
    expect(values.server.dynamicConfig).toEqual(dynamicConfig);
    expect(`temporalio/server:${values.server.image.tag}`).toBe(compose.temporal?.image);
    expect(`temporalio/admin-tools:${values.admintools.image.tag}`).toBe(compose['temporal-schema']?.image);
    expect(`temporalio/ui:${values.web.image.tag}`).toBe(compose['temporal-ui']?.image);
    // groupsplit's temporal-setup Job owns the namespace (with its search attributes).
    expect(values.server.config.namespaces.create).toBe(false);
    expect(values.web.ingress.enabled).toBe(false);
  });

  it("hands the UI the front's codec endpoint, without the token", () => {
    const env = values.web.additionalEnv as { name: string; value: string }[];
    expect(env).toEqual([{ name: 'TEMPORAL_CODEC_ENDPOINT', value: 'http://localhost:8233/codec' }]);
  });
});
