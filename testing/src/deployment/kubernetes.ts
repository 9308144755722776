// Renders deploy/kubernetes/ overlays with kustomize (installed by the Jest global setup, KUSTOMIZE_BIN)
// and gives the deployment tests typed access to the objects.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const KUBERNETES_DIR = join(__dirname, '..', '..', '..', 'deploy', 'kubernetes');

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  /** Rendered manifests are checked field by field in the tests. */
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

export type LabelSelector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
};

/**
 * `kustomize build <dir>`: the objects, or the tool's error. `directory` is under `root`: the repository's
 * deploy/kubernetes/, or a copy of it a test wrote into.
 */
export function render(
  directory: string,
  root = KUBERNETES_DIR,
): { objects: K8sObject[]; stderr: string; status: number | null } {
  const kustomize = process.env.KUSTOMIZE_BIN ?? join(KUBERNETES_DIR, '..', '..', '.tools', 'bin', 'kustomize');
  const result = spawnSync(kustomize, ['build', join(root, directory)], { encoding: 'utf8' });
  if (result.error) throw result.error;
  const objects = result.status === 0 ? parseAllDocuments(result.stdout).map((doc) => doc.toJS() as K8sObject) : [];
  return { objects, stderr: result.stderr, status: result.status };
}

/** Kubernetes label-selector semantics: every matchLabels pair and every expression must hold. */
export function selects(selector: LabelSelector, labels: Record<string, string>): boolean {
  const pairs = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const expressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]!);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]!);
      case 'Exists':
        return key in labels;
      default: // DoesNotExist
        return !(key in labels);
    }
  });
  return pairs && expressions;
}

export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);

export const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
