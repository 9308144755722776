import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '@groupsplit/shared';
import type { workerDeploymentOptions } from '@groupsplit/worker';
import { type K8sObject, KUBERNETES_DIR, named, ofKind, render, selects } from './deployment/kubernetes';

/**
 * A worker release on Kubernetes (docs/deploy.md, "Releasing the worker"; docs/workflow-versioning.md,
 * "Worker Deployments"): scripts/worker-builds.mjs writes an overlay's workers/ for the builds it runs, and
 * kustomize renders each step of a release: the old build alone, the old and the new side by side, the new
 * one alone; and the first versioned release beside the unversioned worker. Each step is rendered from a
 * copy of deploy/kubernetes/, so the repository's own files are never written.
 */
const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'worker-builds.mjs');
const OVERLAYS = ['staging', 'production'];
const OLD = '3f2a9c1e7b40d5a6c8e9f0a1b2c3d4e5f6a7b8c9';
const NEW = 'a81d04be55c9';
const VERSION = 'app.kubernetes.io/version';

/**
 * The settings the worker reads to join its Worker Deployment (the parameter of workerDeploymentOptions,
 * services/worker/src/worker.ts): tsc fails here when that function reads another setting.
 */
const WORKER_READS: Record<keyof Parameters<typeof workerDeploymentOptions>[0], true> = {
  TEMPORAL_TASK_QUEUE: true,
  TEMPORAL_WORKER_BUILD_ID: true,
};

type Rendered = { objects: K8sObject[]; stderr: string; status: number | null; script: string };
const copies: string[] = [];

/** Copies deploy/kubernetes, runs the script on the overlay with these arguments, renders the copy's overlay. */
function release(overlay: string, builds: string[]): Rendered {
  const copy = mkdtempSync(join(tmpdir(), 'worker-builds-'));
  copies.push(copy);
  cpSync(KUBERNETES_DIR, copy, { recursive: true });
  const run = spawnSync(process.execPath, [SCRIPT, join(copy, 'overlays', overlay), ...builds], { encoding: 'utf8' });
  if (run.status !== 0) return { objects: [], stderr: run.stderr, status: run.status, script: run.stderr };
  return { ...render(`overlays/${overlay}`, copy), script: run.stderr };
}

const podLabels = (deployment: K8sObject): Record<string, string> => deployment.spec.template.metadata.labels;
const appContainer = (deployment: K8sObject) =>
  (deployment.spec.template.spec.containers as { name: string }[]).find((c) => c.name === 'app') as any;
const envOf = (deployment: K8sObject): Record<string, string> =>
  Object.fromEntries(
    ((appContainer(deployment).env ?? []) as { name: string; value: string }[]).map((v) => [v.name, v.value]),
  );
const workerDeployments = (objects: K8sObject[]) =>
  ofKind(objects, 'Deployment').filter((d) => podLabels(d)['app.kubernetes.io/name'] === 'worker');
/** A build's objects: everything labelled with its build id. */
const ofBuild = (objects: K8sObject[], build: string) => objects.filter((o) => o.metadata.labels?.[VERSION] === build);
/** Everything that belongs to no build. */
const shared = (objects: K8sObject[]) => objects.filter((o) => !o.metadata.labels?.[VERSION]);

/** A worker Deployment without what makes it one build: what every build must share with the unversioned worker. */
function withoutBuild(deployment: K8sObject): K8sObject {
  const copy = structuredClone(deployment);
  copy.metadata.name = 'worker';
  delete copy.metadata.labels?.[VERSION];
  delete copy.spec.selector.matchLabels[VERSION];
  delete copy.spec.template.metadata.labels[VERSION];
  const container = appContainer(copy);
  container.image = container.image.replace(/:[^:/]+$/, ':<tag>');
  container.env = container.env.filter((v: { name: string }) => v.name !== 'TEMPORAL_WORKER_BUILD_ID');
  return copy;
}

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

describe.each(OVERLAYS)('a worker release in overlay %s', (overlay) => {
  const committed = render(`overlays/${overlay}`);
  const steps = {
    previous: release(overlay, [OLD]),
    release: release(overlay, [OLD, NEW]),
    after: release(overlay, [NEW]),
    first: release(overlay, ['unversioned', NEW]),
    unversioned: release(overlay, ['unversioned']),
  };
  const { objects } = steps.release;
  const configMap = () => ofKind(objects, 'ConfigMap')[0]!;
  const committedWorker = () => named(committed.objects, 'Deployment', 'worker')!;

  it('writes and renders every step of a release', () => {
    for (const [step, rendered] of Object.entries(steps)) {
      expect([step, rendered.script, rendered.stderr, rendered.status]).toEqual([step, '', '', 0]);
    }
  });

  it('is committed running the unversioned worker, as the script writes it', () => {
    expect(steps.unversioned.objects).toEqual(committed.objects);
    expect(workerDeployments(committed.objects).map((d) => d.metadata.name)).toEqual(['worker']);
    expect(envOf(committedWorker())).not.toHaveProperty('TEMPORAL_WORKER_BUILD_ID');
    expect(readdirSync(join(KUBERNETES_DIR, 'overlays', overlay, 'workers')).sort()).toEqual([
      'kustomization.yaml',
      'unversioned',
    ]);
  });

  it('runs two worker Deployments, each named by, labelled with and running its build id', () => {
    const workers = workerDeployments(objects);
    expect(workers.map((d) => d.metadata.name).sort()).toEqual([`worker-${OLD}`, `worker-${NEW}`].sort());
    for (const build of [OLD, NEW]) {
      const deployment = named(objects, 'Deployment', `worker-${build}`)!;
      expect(deployment.metadata.labels).toMatchObject({ 'app.kubernetes.io/name': 'worker', [VERSION]: build });
      expect(deployment.spec.selector).toEqual({
        matchLabels: { 'app.kubernetes.io/name': 'worker', [VERSION]: build },
      });
      expect(podLabels(deployment)).toEqual({ 'app.kubernetes.io/name': 'worker', [VERSION]: build });
      expect(envOf(deployment).TEMPORAL_WORKER_BUILD_ID).toBe(build);
      expect(appContainer(deployment).image).toBe(`registry.example.com/groupsplit:${build}`);
    }
    // Neither Deployment selects the other's pods.
    const [a, b] = workers as [K8sObject, K8sObject];
    expect([selects(a.spec.selector, podLabels(b)), selects(b.spec.selector, podLabels(a))]).toEqual([false, false]);
    // The other processes keep the overlay's image.
    const others = ofKind(objects, 'Deployment').filter((d) => !workers.includes(d));
    expect(others.map((d) => appContainer(d).image)).toEqual(
      others.map(() => `registry.example.com/groupsplit:${overlay}`),
    );
  });

  it('gives each worker exactly the settings the worker reads to join version <task queue>:<build id>', () => {
    expect(Object.keys(WORKER_READS).filter((name) => !(name in configSchema.shape))).toEqual([]);
    // The build id is the Deployment's own; in the ConfigMap it would reach the unversioned worker too.
    expect(configMap().data).not.toHaveProperty('TEMPORAL_WORKER_BUILD_ID');
    for (const build of [OLD, NEW]) {
      const deployment = named(objects, 'Deployment', `worker-${build}`)!;
      expect(appContainer(deployment).envFrom).toContainEqual({ configMapRef: { name: configMap().metadata.name } });
      // What the process sees: the ConfigMap, then the container's own env over it.
      const environment: Record<string, string | undefined> = { ...configMap().data, ...envOf(deployment) };
      const read = Object.fromEntries(
        Object.keys(WORKER_READS).map((name) => [
          name,
          configSchema.shape[name as keyof typeof WORKER_READS].parse(environment[name]),
        ]),
      );
      expect(read).toEqual({ TEMPORAL_TASK_QUEUE: 'groupsplit', TEMPORAL_WORKER_BUILD_ID: build });
    }
  });

  it('autoscales each build and gives each build its own disruption budget', () => {
    const committedHpa = named(committed.objects, 'HorizontalPodAutoscaler', 'worker')!;
    for (const build of [OLD, NEW]) {
      const deployment = named(objects, 'Deployment', `worker-${build}`)!;
      const other = named(objects, 'Deployment', `worker-${build === OLD ? NEW : OLD}`)!;
      const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler').filter(
        (hpa) =>
          hpa.spec.scaleTargetRef.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === deployment.metadata.name,
      );
      expect(autoscalers).toHaveLength(1);
      // The environment's sizes, as the unversioned worker had them; no replica count to fight the autoscaler.
      expect({ ...autoscalers[0]!.spec, scaleTargetRef: undefined }).toEqual({
        ...committedHpa.spec,
        scaleTargetRef: undefined,
      });
      expect(deployment.spec.replicas).toBeUndefined();
      // The eviction API refuses a pod that two budgets select: exactly one, this build's.
      const budgets = ofKind(objects, 'PodDisruptionBudget').filter((pdb) =>
        selects(pdb.spec.selector, podLabels(deployment)),
      );
      expect(budgets.map((pdb) => pdb.metadata.name)).toEqual([`worker-${build}`]);
      expect(selects(budgets[0]!.spec.selector, podLabels(other))).toBe(false);
      expect(budgets[0]!.spec.maxUnavailable).toBe(1);
    }
  });

  it('lets both builds in through the same NetworkPolicies and Service as the unversioned worker', () => {
    const policiesFor = (all: K8sObject[], labels: Record<string, string>) =>
      ofKind(all, 'NetworkPolicy')
        .filter((policy) => selects(policy.spec.podSelector, labels))
        .map((policy) => policy.metadata.name)
        .sort();
    const unversionedPolicies = policiesFor(committed.objects, podLabels(committedWorker()));
    expect(unversionedPolicies).toEqual(
      ['default-deny-ingress', 'metrics-from-monitoring', 'worker-codec-from-temporal-ui-front'].sort(),
    );
    const service = named(objects, 'Service', 'worker')!;
    for (const build of [OLD, NEW]) {
      const labels = podLabels(named(objects, 'Deployment', `worker-${build}`)!);
      expect(policiesFor(objects, labels)).toEqual(unversionedPolicies);
      expect(selects({ matchLabels: service.spec.selector }, labels)).toBe(true);
    }
  });

  it("applies the pod defaults and the environment's worker settings to every build", () => {
    for (const build of [OLD, NEW]) {
      const deployment = named(objects, 'Deployment', `worker-${build}`)!;
      expect(withoutBuild(deployment)).toEqual(withoutBuild(committedWorker()));
      expect(deployment.spec.template.spec).toMatchObject({
        serviceAccountName: 'groupsplit',
        automountServiceAccountToken: false,
        securityContext: { runAsNonRoot: true },
      });
      expect(appContainer(deployment)).toMatchObject({
        envFrom: [{ configMapRef: { name: configMap().metadata.name } }, { secretRef: { name: 'groupsplit-secrets' } }],
        securityContext: { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false },
      });
    }
  });

  it('adds the new build without changing the old one, and removes the old one without changing the new one', () => {
    const previous = steps.previous.objects;
    const after = steps.after.objects;
    expect(
      ofBuild(previous, OLD)
        .map((o) => o.kind)
        .sort(),
    ).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']);
    expect(ofBuild(objects, OLD)).toEqual(ofBuild(previous, OLD));
    expect(ofBuild(after, NEW)).toEqual(ofBuild(objects, NEW));
    expect(ofBuild(after, OLD)).toEqual([]);
    // Nothing else moves: the shared objects (ConfigMap and its hash included) are the same at every step.
    expect(shared(objects)).toEqual(shared(previous));
    expect(shared(after)).toEqual(shared(previous));
  });

  it('starts the first versioned release beside the unversioned worker, leaving it as it was', () => {
    const first = steps.first.objects;
    for (const kind of ['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
      expect(named(first, kind, 'worker')).toEqual(named(committed.objects, kind, 'worker'));
    }
    expect(ofBuild(first, NEW)).toEqual(ofBuild(objects, NEW));
    // Each worker pod, with a build or without, still has exactly one budget.
    for (const deployment of workerDeployments(first)) {
      const budgets = ofKind(first, 'PodDisruptionBudget').filter((pdb) =>
        selects(pdb.spec.selector, podLabels(deployment)),
      );
      expect([deployment.metadata.name, budgets.length]).toEqual([deployment.metadata.name, 1]);
    }
  });
});

describe('scripts/worker-builds.mjs', () => {
  it('keeps a build id that reads as a number a string', () => {
    const rendered = release('staging', ['7041233']);
    expect([rendered.script, rendered.status]).toEqual(['', 0]);
    const deployment = named(rendered.objects, 'Deployment', 'worker-7041233')!;
    expect(envOf(deployment).TEMPORAL_WORKER_BUILD_ID).toBe('7041233');
    expect(podLabels(deployment)[VERSION]).toBe('7041233');
  });

  it.each([
    ['no build', [], 2],
    ['an upper-case build id', ['A81D04BE'], 1],
    ['a build id with a dot', ['v1.2'], 1],
    ['a build id too long for a name', ['a'.repeat(57)], 1],
    ['a build named twice', [NEW, NEW], 1],
  ])('refuses %s and leaves workers/ as it was', (_, builds, status) => {
    const copy = mkdtempSync(join(tmpdir(), 'worker-builds-'));
    copies.push(copy);
    cpSync(KUBERNETES_DIR, copy, { recursive: true });
    const workers = join(copy, 'overlays', 'staging', 'workers', 'kustomization.yaml');
    const before = readFileSync(workers, 'utf8');
    const run = spawnSync(process.execPath, [SCRIPT, join(copy, 'overlays', 'staging'), ...builds], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(status);
    expect(run.stderr).not.toBe('');
    expect(readFileSync(workers, 'utf8')).toBe(before);
  });
});
