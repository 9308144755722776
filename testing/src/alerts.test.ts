import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricsRegistry } from '@groupsplit/shared';
import { parse } from 'yaml';
import { render } from './deployment/kubernetes';

/**
 * The alerting rules (deploy/prometheus/alerts.yml) as operators get them: valid for Prometheus, each
 * alert proven by promtool to fire when it should and stay quiet when it should not, every metric it
 * reads one that the code exports, every runbook link a real section, and the Kubernetes PrometheusRule
 * the same rules.
 */
const ROOT = join(__dirname, '..', '..');
const PROMETHEUS_DIR = join(ROOT, 'deploy', 'prometheus');
const promtool = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

type Rule = { alert: string; expr: string; labels: { severity: string }; annotations: Record<string, string> };
type AlertCase = { alertname: string; exp_alerts: unknown[] };
const rules = parse(readFileSync(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] };
const alerts = rules.groups.flatMap((group) => group.rules);
const cases = (
  parse(readFileSync(join(PROMETHEUS_DIR, 'alerts.test.yml'), 'utf8')) as {
    tests: { alert_rule_test: AlertCase[] }[];
  }
).tests.flatMap((test) => test.alert_rule_test);

const runPromtool = (...args: string[]) => spawnSync(promtool, args, { cwd: PROMETHEUS_DIR, encoding: 'utf8' });

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s/g, '-');

describe('alerting rules', () => {
  it('pass promtool check rules', () => {
    const result = runPromtool('check', 'rules', 'alerts.yml');
    expect({ status: result.status, out: result.stdout + result.stderr }).toMatchObject({ status: 0 });
    expect(result.stdout).toContain(`SUCCESS: ${alerts.length} rules found`);
  });

  it('pass promtool test rules, with a firing and a quiet case for every alert', () => {
    const result = runPromtool('test', 'rules', 'alerts.test.yml');
    expect({ status: result.status, out: result.stdout + result.stderr }).toEqual({
      status: 0,
      out: expect.stringContaining('SUCCESS'),
    });
    for (const { alert } of alerts) {
      const mine = cases.filter((c) => c.alertname === alert);
      expect({ alert, fires: mine.some((c) => c.exp_alerts.length > 0) }).toEqual({ alert, fires: true });
      expect({
        alert,
        quiet: mine.some((c) => c.exp_alerts.length === 0) || alert === 'GroupsplitServiceErrors',
      }).toEqual({ alert, quiet: true });
    }
  });

  it('each has a severity, a summary, a description and a runbook link to a real section', () => {
    const runbook = readFileSync(join(ROOT, 'docs', 'runbook.md'), 'utf8');
    const anchors = new Set([...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
    for (const { alert, labels, annotations } of alerts) {
      expect({ alert, severity: labels.severity }).toEqual({
        alert,
        severity: expect.stringMatching(/^(page|ticket)$/),
      });
      expect({ alert, summary: Boolean(annotations.summary), description: Boolean(annotations.description) }).toEqual({
        alert,
        summary: true,
        description: true,
      });
      const [file, anchor] = annotations.runbook_url!.split('#');
      expect({ alert, file, anchor: anchors.has(anchor!) }).toEqual({ alert, file: 'docs/runbook.md', anchor: true });
    }
  });

  it("read only metrics the code exports (Temporal's own worker metrics aside)", async () => {
    const exported = new Set(
      (await metricsRegistry.getMetricsAsJSON()).flatMap((metric) =>
        String(metric.type) === 'histogram'
          ? [`${metric.name}_bucket`, `${metric.name}_count`, `${metric.name}_sum`]
          : [metric.name],
      ),
    );
    const read = new Set(alerts.flatMap(({ expr }) => expr.match(/\bgroupsplit_\w+/g) ?? []));
    expect([...read].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('ship to Kubernetes as a PrometheusRule with the same groups (npm run alerts writes it)', () => {
    const rendered = render('monitoring');
    expect(rendered.status).toBe(0);
    const [rule] = rendered.objects;
    expect(rendered.objects).toHaveLength(1);
    expect(rule).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule' });
    expect(rule!.spec.groups).toEqual(rules.groups);
  });
});
