import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildOpenApiDocument, formatOpenApi, readOpenApiSnapshot } from './openapi';

/**
 * Redocly's strictest built-in ruleset (`recommended-strict`, redocly.yaml) on the committed document,
 * through the real `redocly lint`. The one problem it is told to ignore is in .redocly.lint-ignore.yaml,
 * with its reason; anything else, error or warning, fails here.
 */
const ROOT = join(__dirname, '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const IGNORED_ON_PURPOSE = 2;

type LintReport = {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

describe("the OpenAPI document under Redocly's recommended-strict rules", () => {
  it('is the document the routes build (else the lint would check a stale one)', () => {
    expect(readOpenApiSnapshot()).toBe(formatOpenApi(buildOpenApiDocument()));
  });

  it('has no error and no warning', () => {
    const result = spawnSync(
      process.execPath,
      [REDOCLY, 'lint', 'docs/openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(result.stdout) as LintReport;
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: IGNORED_ON_PURPOSE });
    expect(result.status).toBe(0);
  });
});
