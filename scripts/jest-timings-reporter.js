// A Jest reporter (jest.config.js) that writes test-artifacts/jest-timings.json: every test file's wall
// time, test count and the CPU time its worker spent on it, split into module loading, hooks and tests
// (measured by scripts/jest-environment.js), with testing/src/stack.ts's start-up phases; and prints
// the 15 slowest files and the run's CPU time at the end. docs/testing-speed.md reads it.
const { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const SHOWN = 15;

class TimingsReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
    this.results = new Map();
    this.startCpu = process.cpuUsage();
    this.started = Date.now();
    // Inherited by the workers Jest starts later: each writes one line per test file here.
    this.dir = mkdtempSync(join(tmpdir(), 'groupsplit-jest-timings-'));
    process.env.GROUPSPLIT_TIMINGS_DIR = this.dir;
  }

  onTestResult(test, result) {
    this.results.set(test.path, {
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests,
      failed: result.numFailingTests > 0 || Boolean(result.testExecError),
      runtimeMs: result.perfStats.runtime,
    });
  }

  readRecords() {
    const records = new Map();
    for (const name of readdirSync(this.dir)) {
      for (const line of readFileSync(join(this.dir, name), 'utf8').split('\n')) {
        if (!line) continue;
        const record = JSON.parse(line);
        records.set(record.file, record);
      }
    }
    return records;
  }

  onRunComplete() {
    let records;
    try {
      records = this.readRecords();
    } catch {
      records = new Map();
    }
    rmSync(this.dir, { recursive: true, force: true });
    const files = [...this.results.entries()].map(([path, result]) => {
      const record = records.get(path) ?? {};
      return {
        file: relative(ROOT, path),
        tests: result.tests,
        failed: result.failed,
        // When the file started, from the run's start (the reporter's creation), and in which worker.
        startMs: record.startedAt == null ? null : record.startedAt - this.started,
        pid: record.pid ?? null,
        wallMs: record.wallMs ?? result.runtimeMs,
        cpuMs: record.cpuMs ?? null,
        // Run in band (one worker, one file), the file ran in this process: its CPU is Jest's own.
        inBand: record.pid === process.pid,
        loadMs: record.loadMs ?? null,
        loadCpuMs: record.loadCpuMs ?? null,
        beforeAllMs: record.beforeAllMs ?? null,
        eachHooksMs: record.eachHooksMs ?? null,
        testsMs: record.testsMs ?? null,
        afterAllMs: record.afterAllMs ?? null,
        stack: record.stack ?? [],
        compiles: record.compiles ?? null,
        ...(record.loadProfile ? { loadProfile: record.loadProfile } : {}),
      };
    });
    files.sort((a, b) => b.wallMs - a.wallMs);
    const mainCpu = process.cpuUsage(this.startCpu);
    const sum = (key) => files.reduce((total, file) => total + (file[key] ?? 0), 0);
    const summary = {
      files: files.length,
      tests: sum('tests'),
      wallMs: Date.now() - this.started,
      // The Jest process itself (scheduling, reporters, the global setup's own JavaScript) plus the
      // workers' CPU time on test files; the Postgres, Temporal and mail servers are not counted.
      mainCpuMs: Math.round((mainCpu.user + mainCpu.system) / 1000),
      workersCpuMs: files.filter((file) => !file.inBand).reduce((total, file) => total + (file.cpuMs ?? 0), 0),
      fileWallMs: sum('wallMs'),
      loadMs: sum('loadMs'),
      loadCpuMs: sum('loadCpuMs'),
      beforeAllMs: sum('beforeAllMs'),
      testsMs: sum('testsMs'),
      afterAllMs: sum('afterAllMs'),
    };
    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    writeFileSync(
      join(ROOT, 'test-artifacts', 'jest-timings.json'),
      `${JSON.stringify({ summary, files }, null, 2)}\n`,
    );

    const seconds = (ms) => (ms == null ? '    -' : (ms / 1000).toFixed(1).padStart(5));
    const lines = [
      '',
      `Slowest test files (of ${files.length}; all in test-artifacts/jest-timings.json): wall, cpu, load, beforeAll, tests, afterAll in seconds`,
    ];
    for (const file of files.slice(0, SHOWN)) {
      lines.push(
        `  ${seconds(file.wallMs)} ${seconds(file.cpuMs)} ${seconds(file.loadMs)} ${seconds(file.beforeAllMs)} ${seconds(file.testsMs)} ${seconds(file.afterAllMs)}  ${file.file} (${file.tests} tests)`,
      );
    }
    lines.push(
      `Run: ${seconds(summary.wallMs)} s wall; CPU ${seconds(summary.workersCpuMs + summary.mainCpuMs)} s (workers ${seconds(summary.workersCpuMs)} s, jest ${seconds(summary.mainCpuMs)} s); over files: load ${seconds(summary.loadMs)} s, beforeAll ${seconds(summary.beforeAllMs)} s, tests ${seconds(summary.testsMs)} s, afterAll ${seconds(summary.afterAllMs)} s`,
    );
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}

module.exports = TimingsReporter;
