// The test environment of every Jest project: Node's, plus one Map per worker process for what is
// worth building once per worker rather than once per test file (Jest gives every test file fresh
// globals and a fresh module registry; this module itself is loaded once per worker, outside them).
// testing/src/openapi-check.ts keeps its compiled OpenAPI document here.
//
// It also times each test file for scripts/jest-timings-reporter.js: loading its modules, its
// beforeAll/afterAll hooks, its tests, and the worker process's CPU time (user + system, all threads:
// Temporal's native worker included) while the file ran. testing/src/stack.ts adds its start-up phases
// through `global.__groupsplitTiming`.
const { appendFileSync } = require('node:fs');
const { join } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');
const { installCompileCache } = require('./jest-compile-cache');
const { installLoadProfile } = require('./jest-load-profile');

// Before any test file's module is compiled in this worker (scripts/jest-compile-cache.js). On unless
// JEST_COMPILE_CACHE=0: it took 7-14 % off the load CPU of every file after a worker's first
// (docs/testing-speed.md, "What changed").
const compileCache = process.env.JEST_COMPILE_CACHE === '0' ? null : installCompileCache();

// Opt-in, after the code cache so that it times the compiles the cache serves (scripts/jest-load-profile.js).
const loadProfile = process.env.JEST_LOAD_PROFILE === '1' ? installLoadProfile() : null;

const workerCache = new Map();

class GroupsplitEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__groupsplitWorkerCache = workerCache;
    this.timing = {
      file: context.testPath,
      pid: process.pid,
      created: performance.now(),
      // Wall-clock start, for the run's timeline (when each worker took the file).
      startedAt: Date.now(),
      cpu: process.cpuUsage(),
      phases: {},
      hooks: { beforeAll: 0, beforeEach: 0, afterEach: 0, afterAll: 0 },
      tests: 0,
      stack: [],
      compiles: compileCache && { ...compileCache },
      loadProfile: null,
    };
    loadProfile?.start();
    const timing = this.timing;
    this.global.__groupsplitTiming = {
      /** Records one start-up phase of a stack (testing/src/stack.ts), in milliseconds. */
      stackPhases(phases) {
        timing.stack.push(phases);
      },
    };
  }

  async setup() {
    await super.setup();
    this.timing.phases.environment = performance.now() - this.timing.created;
    this.timing.setupEnd = performance.now();
  }

  handleTestEvent(event) {
    const now = performance.now();
    const timing = this.timing;
    switch (event.name) {
      case 'run_start':
        // The test file has been required and its describe blocks collected.
        timing.phases.load = now - (timing.setupEnd ?? timing.created);
        timing.loadCpu = process.cpuUsage(timing.cpu);
        timing.loadProfile = loadProfile?.snapshot() ?? null;
        break;
      case 'hook_start':
        timing.hookStart = now;
        break;
      case 'hook_success':
      case 'hook_failure':
        if (timing.hookStart !== undefined && event.hook && event.hook.type in timing.hooks) {
          timing.hooks[event.hook.type] += now - timing.hookStart;
        }
        timing.hookStart = undefined;
        break;
      case 'test_fn_start':
        timing.testStart = now;
        break;
      case 'test_fn_success':
      case 'test_fn_failure':
        if (timing.testStart !== undefined) timing.tests += now - timing.testStart;
        timing.testStart = undefined;
        break;
      default:
        break;
    }
  }

  async teardown() {
    const dir = process.env.GROUPSPLIT_TIMINGS_DIR;
    const timing = this.timing;
    await super.teardown();
    const wholeFileProfile = loadProfile?.snapshot() ?? null;
    loadProfile?.stop();
    if (!dir) return;
    const cpu = process.cpuUsage(timing.cpu);
    const record = {
      file: timing.file,
      pid: timing.pid,
      startedAt: timing.startedAt,
      wallMs: Math.round(performance.now() - timing.created),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      environmentMs: Math.round(timing.phases.environment ?? 0),
      loadMs: Math.round(timing.phases.load ?? 0),
      // CPU time from the environment's creation to the test file's modules loaded.
      loadCpuMs: timing.loadCpu ? Math.round((timing.loadCpu.user + timing.loadCpu.system) / 1000) : null,
      beforeAllMs: Math.round(timing.hooks.beforeAll),
      eachHooksMs: Math.round(timing.hooks.beforeEach + timing.hooks.afterEach),
      testsMs: Math.round(timing.tests),
      afterAllMs: Math.round(timing.hooks.afterAll),
      stack: timing.stack,
      compiles: compileCache && {
        cached: compileCache.hits - timing.compiles.hits,
        compiled: compileCache.misses - timing.compiles.misses,
        rejected: compileCache.rejected - timing.compiles.rejected,
      },
      // JEST_LOAD_PROFILE=1: modules and CPU by package, before the first hook and over the whole file.
      loadProfile: loadProfile && { load: timing.loadProfile, wholeFile: wholeFileProfile },
    };
    try {
      appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
    } catch {
      // Timings are a report, never a reason for a test file to fail.
    }
  }
}

module.exports = GroupsplitEnvironment;
