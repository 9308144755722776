// Where a test file's module loading goes, package by package: opt-in (JEST_LOAD_PROFILE=1), installed by
// scripts/jest-environment.js, which adds the result to the file's record in test-artifacts/jest-timings.json
// (`loadProfile`; `node scripts/jest-load-profile-report.js` prints it, docs/testing-speed.md).
//
// It wraps `vm.compileFunction` (through which Jest compiles every module of a test file, after the
// code cache of scripts/jest-compile-cache.js when that is on) and the module function it returns, so it
// sees each module's compile and the run of its body. For each package (a node_modules package, or a
// workspace folder such as services/checkout) it records:
//   modules     modules of it loaded
//   selfCpuMs   CPU compiling them and running their own code (the resolution and transform of what they
//               require counts here too: Jest does those inside the requiring module's require call)
//   entryCpuMs  CPU from the first require into the package, from another package, to its return: the
//               package with everything it pulled in that was not loaded yet (what a lazy import saves)
//   entryFrom   the file that first required it (where to make it lazy)
// The wrapper adds a stack frame to errors thrown while a module loads; leave it off for ordinary runs.
const { relative, sep } = require('node:path');
const vm = require('node:vm');

const ROOT = require('node:path').join(__dirname, '..');
const installed = Symbol.for('groupsplit.jestLoadProfile');

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The package a file belongs to: `@scope/name` or `name` under node_modules, else its workspace folder. */
function packageOf(filename) {
  const at = filename.lastIndexOf(`${sep}node_modules${sep}`);
  if (at !== -1) {
    const parts = filename.slice(at + 14).split(sep);
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = relative(ROOT, filename).split(sep);
  return ['services', 'packages', 'examples'].includes(parts[0]) ? `${parts[0]}/${parts[1]}` : parts[0];
}

function installLoadProfile() {
  if (vm.compileFunction[installed]) return vm.compileFunction[installed];
  const original = vm.compileFunction;
  /** The profile of the test file now running in this worker (one at a time). */
  let current = null;
  // Modules running now, innermost last: { pkg, file }.
  const stack = [];
  let mark = 0;

  const entryOf = (pkg) => {
    let entry = current.packages.get(pkg);
    if (!entry) {
      entry = { modules: 0, selfCpuMs: 0, entryCpuMs: 0, entryFrom: null };
      current.packages.set(pkg, entry);
    }
    return entry;
  };
  /** Charges the CPU since the last mark to the module on top of the stack. */
  const charge = () => {
    const now = cpuNow();
    if (current && stack.length) entryOf(stack[stack.length - 1].pkg).selfCpuMs += now - mark;
    mark = now;
    return now;
  };

  function compileFunction(code, params, options) {
    if (!current || !options?.parsingContext) return original.call(vm, code, params, options);
    const filename = String(options.filename ?? '');
    const pkg = packageOf(filename);
    charge();
    const fn = original.call(vm, code, params, options);
    const now = cpuNow();
    const entry = entryOf(pkg);
    entry.modules++;
    entry.selfCpuMs += now - mark;
    mark = now;
    const profile = current;
    return function profiledModule(...args) {
      if (current !== profile) return fn.apply(this, args);
      const caller = stack[stack.length - 1];
      const entering = !caller || (caller.pkg !== pkg && !stack.some((s) => s.pkg === pkg));
      const started = charge();
      stack.push({ pkg, file: filename });
      try {
        return fn.apply(this, args);
      } finally {
        const ended = charge();
        stack.pop();
        if (entering && caller) {
          const e = entryOf(pkg);
          e.entryCpuMs += ended - started;
          e.entryFrom ??= relative(ROOT, caller.file);
        }
      }
    };
  }
  compileFunction[installed] = {
    /** Starts the profile of one test file (the environment's constructor). */
    start() {
      current = { packages: new Map() };
      stack.length = 0;
      mark = cpuNow();
      return current;
    },
    /** The profile so far, packages by self CPU, or null when none is running. */
    snapshot(top = 40) {
      if (!current) return null;
      const rows = [...current.packages.entries()].map(([pkg, e]) => ({
        pkg,
        modules: e.modules,
        selfCpuMs: Math.round(e.selfCpuMs),
        entryCpuMs: Math.round(e.entryCpuMs),
        entryFrom: e.entryFrom,
      }));
      rows.sort((a, b) => b.selfCpuMs - a.selfCpuMs);
      return {
        modules: rows.reduce((n, r) => n + r.modules, 0),
        selfCpuMs: rows.reduce((n, r) => n + r.selfCpuMs, 0),
        packages: rows.slice(0, top),
      };
    },
    stop() {
      current = null;
      stack.length = 0;
    },
  };
  vm.compileFunction = compileFunction;
  return compileFunction[installed];
}

module.exports = { installLoadProfile, packageOf };
