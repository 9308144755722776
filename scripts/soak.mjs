// `npm run test:soak -- <pattern> --times N`: runs the chosen Jest suites N times in a row, each run
// beside CPU-burning processes (scripts/lib/cpu-load.mjs), prints each run's outcome and a summary,
// and exits non-zero if any run failed. A flaky test shows itself here, not in a red CI run.
// See docs/development.md, "Soak runs".
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { prepareForJest } from './lib/before-jest.mjs';
import { ROOT } from './lib/paths.mjs';
import { startProcess, stopAll } from './lib/procs.mjs';
import { parseSoakArgs, SOAK_USAGE } from './lib/soak-args.mjs';

let options;
try {
  options = parseSoakArgs(process.argv.slice(2));
} catch (error) {
  if (error.message !== 'help') console.error(`test:soak: ${error.message}\n`);
  console.error(SOAK_USAGE);
  process.exit(error.message === 'help' ? 0 : 2);
}

await prepareForJest();

const logDir = join(ROOT, 'test-artifacts', 'soak', new Date().toISOString().replace(/[:.]/g, '-'));
mkdirSync(logDir, { recursive: true });

// Stopping (Ctrl-C, a timeout) always stops the load and the run in progress first.
let jest = null;
const stopGroup = (child) => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (jest) stopGroup(jest);
    await stopAll(5_000);
    process.exit(130);
  });
}

function startLoad() {
  for (let i = 0; i < options.burners; i++) {
    // Bounded by the run's own timeout (and by this process: it stops when we do).
    startProcess(
      `load ${i + 1}`,
      process.execPath,
      [join(ROOT, 'scripts/lib/cpu-load.mjs'), String(options.runTimeoutMs + 60_000)],
      {
        quiet: true,
      },
    );
  }
}

/** One Jest run; resolves to { passed, suites: [{ name, passed, seconds }], failedTests, seconds, log }. */
function runOnce(index) {
  const log = join(logDir, `run-${index}.log`);
  const report = join(logDir, `run-${index}.json`);
  const out = openSync(log, 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    jest = spawn('npx', ['jest', '--json', `--outputFile=${report}`, ...options.jestArgs], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup(jest);
    }, options.runTimeoutMs);
    jest.on('exit', (code) => {
      clearTimeout(timer);
      closeSync(out);
      jest = null;
      let failedTests = [];
      let suites = [];
      try {
        const result = JSON.parse(readFileSync(report, 'utf8'));
        suites = result.testResults.map((file) => ({
          name: relative(ROOT, file.name),
          passed: file.status === 'passed',
          seconds: (file.endTime - file.startTime) / 1000,
        }));
        failedTests = result.testResults.flatMap((file) =>
          file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
        );
        if (failedTests.length === 0 && code !== 0)
          failedTests = result.testResults.filter((f) => f.status === 'failed').map((f) => f.name);
      } catch {
        // No report: Jest did not get that far; the log says why.
      }
      if (timedOut) failedTests.push(`(stopped after ${options.runTimeoutMs / 60_000} minutes)`);
      resolve({ passed: code === 0 && !timedOut, suites, failedTests, seconds: (Date.now() - started) / 1000, log });
    });
  });
}

const load = options.burners > 0 ? `${options.burners} CPU-burning process(es)` : 'no load generator';
console.log(`test:soak: ${options.times} run(s) of ${options.patterns.join(' ')} with ${load}; logs in ${logDir}`);
const runs = [];
for (let index = 1; index <= options.times; index++) {
  startLoad();
  let run;
  try {
    run = await runOnce(index);
  } finally {
    await stopAll(5_000);
  }
  runs.push(run);
  const outcome = run.passed ? 'PASS' : `FAIL (log: ${run.log})`;
  console.log(`run ${index}/${options.times}: ${outcome} in ${run.seconds.toFixed(1)} s`);
  for (const suite of run.suites) {
    console.log(`  ${suite.passed ? 'pass' : 'FAIL'} ${suite.name} (${suite.seconds.toFixed(1)} s)`);
  }
  for (const name of run.failedTests) console.log(`  failed: ${name}`);
}

const failed = runs.filter((run) => !run.passed);
const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
const median = seconds[Math.floor((seconds.length - 1) / 2)];
console.log(
  `test:soak: ${runs.length - failed.length} of ${runs.length} run(s) passed, ${failed.length} failed; ` +
    `run time min ${seconds[0].toFixed(1)} s, median ${median.toFixed(1)} s, max ${seconds.at(-1).toFixed(1)} s`,
);
const bySuite = new Map();
for (const suite of runs.flatMap((run) => run.suites)) {
  bySuite.set(suite.name, [...(bySuite.get(suite.name) ?? []), suite]);
}
for (const [name, results] of bySuite) {
  const passed = results.filter((suite) => suite.passed).length;
  const times = results.map((suite) => suite.seconds).sort((a, b) => a - b);
  console.log(
    `  ${name}: ${passed} of ${results.length} passed; ${times[0].toFixed(1)}–${times.at(-1).toFixed(1)} s, median ${times[Math.floor((times.length - 1) / 2)].toFixed(1)} s`,
  );
}
process.exit(failed.length === 0 ? 0 : 1);
