// `npm run alerts`: writes deploy/kubernetes/monitoring/prometheus-rules.yaml from deploy/prometheus/alerts.yml,
// the one place the alerting rules are written (testing/src/alerts.test.ts fails while the two differ).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { ROOT } from './lib/paths.mjs';

export const RULES_FILE = join(ROOT, 'deploy', 'prometheus', 'alerts.yml');
export const PROMETHEUS_RULE_FILE = join(ROOT, 'deploy', 'kubernetes', 'monitoring', 'prometheus-rules.yaml');

export function prometheusRuleManifest() {
  const { groups } = parse(readFileSync(RULES_FILE, 'utf8'));
  const manifest = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: 'groupsplit-alerts',
      labels: { 'app.kubernetes.io/name': 'groupsplit', prometheus: 'groupsplit' },
    },
    spec: { groups },
  };
  return `# Generated from deploy/prometheus/alerts.yml by \`npm run alerts\`; edit that file, not this one.\n${stringify(manifest, { lineWidth: 0 })}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PROMETHEUS_RULE_FILE, prometheusRuleManifest());
  console.log(`wrote ${PROMETHEUS_RULE_FILE}`);
}
