// `node scripts/worker-builds.mjs <overlay directory> <build id> [<build id> …]`: writes the overlay's
// workers/ directory, the worker builds that environment runs (docs/deploy.md, "Releasing the worker").
//
// Each build id (the image's git sha) becomes one kustomization, workers/<build id>/, over the worker's
// objects in deploy/kubernetes/worker/ (Deployment, autoscaler, disruption budget): named
// worker-<build id>, labelled app.kubernetes.io/version: <build id> (on the objects, the Deployment's
// and the budget's selectors and the pods), its image pinned to registry/groupsplit:<build id> and
// TEMPORAL_WORKER_BUILD_ID=<build id>, so the worker joins the Worker Deployment named after
// TEMPORAL_TASK_QUEUE as that version. A release lists the running build and the new one; once the old
// one has drained, only the new one. The build `unversioned` is the one Deployment `worker` without a
// build id (the worker polls its task queue unversioned): what the overlays ran before the first
// versioned release, and the committed workers/ directories.
//
// Everything in workers/ is rewritten on every run; never edit it by hand.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse, stringify } from 'yaml';

export const UNVERSIONED = 'unversioned';
/**
 * A build id the worker, Temporal and Kubernetes all accept: it is part of object names (lower-case
 * letters, digits and hyphens) and a label value, and worker-<build id> stays within 63 characters.
 */
export const BUILD_ID = /^[a-z0-9](?:[a-z0-9-]{0,54}[a-z0-9])?$/;
const IMAGE = 'groupsplit';

const GENERATED = '# Written by scripts/worker-builds.mjs (docs/deploy.md, "Releasing the worker"); do not edit.';

/** The kustomization of one versioned build, as YAML. */
function buildKustomization(buildId, workerDir, registryImage) {
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: [workerDir],
    nameSuffix: `-${buildId}`,
    labels: [{ pairs: { 'app.kubernetes.io/version': buildId }, includeSelectors: true }],
    images: [{ name: IMAGE, newName: registryImage, newTag: buildId }],
    patches: [
      {
        target: { kind: 'Deployment', name: 'worker' },
        patch: stringify({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'worker' },
          spec: {
            template: {
              spec: { containers: [{ name: 'app', env: [{ name: 'TEMPORAL_WORKER_BUILD_ID', value: buildId }] }] },
            },
          },
        }),
      },
    ],
  };
  return `${GENERATED}\n# The worker of build ${buildId}: Worker Deployment version <TEMPORAL_TASK_QUEUE>:${buildId}.\n${stringify(kustomization)}`;
}

/**
 * The unversioned worker. Its Deployment selects every pod labelled app.kubernetes.io/name: worker,
 * which cannot change (a Deployment's selector is immutable); its budget is narrowed to the pods without
 * a build, so that during the first versioned release each pod still has exactly one budget.
 */
function unversionedKustomization(workerDir) {
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: [workerDir],
    patches: [
      {
        target: { kind: 'PodDisruptionBudget', name: 'worker' },
        patch: stringify([
          {
            op: 'add',
            path: '/spec/selector/matchExpressions',
            value: [{ key: 'app.kubernetes.io/version', operator: 'DoesNotExist' }],
          },
        ]),
      },
    ],
  };
  return `${GENERATED}\n# The unversioned worker: the Deployment \`worker\`, without TEMPORAL_WORKER_BUILD_ID.\n${stringify(kustomization)}`;
}

/** The registry image the overlay pins `groupsplit` to (its `images` entry's newName). */
function registryImageOf(overlay) {
  const file = join(overlay, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${overlay} is not a kustomize overlay (no kustomization.yaml)`);
  const entry = (parse(readFileSync(file, 'utf8')).images ?? []).find((image) => image.name === IMAGE);
  if (!entry?.newName) {
    throw new Error(`${file} has no images entry for ${IMAGE} with a newName (the registry image to pin builds to)`);
  }
  return entry.newName;
}

/** Writes <overlay>/workers/ for these builds; throws on a bad build id or overlay, writing nothing. */
export function writeWorkerBuilds(overlayDirectory, buildIds) {
  const overlay = resolve(overlayDirectory);
  const workerDir = resolve(overlay, '..', '..', 'worker');
  if (!existsSync(join(workerDir, 'kustomization.yaml'))) {
    throw new Error(`no worker kustomization at ${workerDir}: pass an overlay under deploy/kubernetes/overlays/`);
  }
  if (buildIds.length === 0) throw new Error('name at least one build id (or unversioned)');
  for (const id of buildIds) {
    if (id !== UNVERSIONED && !BUILD_ID.test(id)) {
      throw new Error(
        `build id ${JSON.stringify(id)}: use lower-case letters, digits and hyphens, at most 56 characters (a git sha)`,
      );
    }
  }
  const duplicate = buildIds.find((id, index) => buildIds.indexOf(id) !== index);
  if (duplicate) throw new Error(`build id ${duplicate} is named twice`);
  const registryImage = buildIds.some((id) => id !== UNVERSIONED) ? registryImageOf(overlay) : undefined;

  const workers = join(overlay, 'workers');
  rmSync(workers, { recursive: true, force: true });
  for (const id of buildIds) {
    const dir = join(workers, id);
    mkdirSync(dir, { recursive: true });
    const toWorker = relative(dir, workerDir);
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      id === UNVERSIONED ? unversionedKustomization(toWorker) : buildKustomization(id, toWorker, registryImage),
    );
  }
  const list = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: buildIds,
  };
  writeFileSync(
    join(workers, 'kustomization.yaml'),
    `${GENERATED}\n# The worker builds this overlay runs.\n${stringify(list)}`,
  );
  return workers;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [overlay, ...buildIds] = process.argv.slice(2);
  if (!overlay || buildIds.length === 0) {
    console.error('usage: node scripts/worker-builds.mjs <overlay directory> <build id|unversioned> [<build id> …]');
    process.exit(2);
  }
  try {
    const workers = writeWorkerBuilds(overlay, buildIds);
    console.log(`wrote ${workers}: ${buildIds.join(', ')}`);
  } catch (error) {
    console.error(`worker-builds: ${error.message}`);
    process.exit(1);
  }
}
