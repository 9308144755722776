// V8's code cache for the modules Jest compiles, kept per worker process.
//
// Jest gives every test file a fresh module registry, so each file compiles every module it loads again
// with `vm.compileFunction` (jest-runtime's `compile`), which V8's own compilation cache does not serve.
// A stack test file loads some thousand modules (@temporalio/proto alone is several megabytes of
// JavaScript): compiling them was the largest single cost of a test file (docs/testing-speed.md).
//
// This wraps `vm.compileFunction` in the worker process so that the second and later compiles of the same
// source pass the code cache V8 produced the first time. Only compilation is skipped: each test file still
// runs every module afresh in its own context, so isolation and coverage counters are as before. The cache
// is keyed by a hash of the whole source (V8's own check looks at the length only), and a cache V8 rejects
// is dropped and the source compiled as usual.
const { createHash } = require('node:crypto');
const vm = require('node:vm');

const installed = Symbol.for('groupsplit.jestCompileCache');

function installCompileCache() {
  if (vm.compileFunction[installed]) return vm.compileFunction[installed];
  const original = vm.compileFunction;
  const cache = new Map();
  const stats = { hits: 0, misses: 0, rejected: 0 };

  function compileFunction(code, params, options) {
    // Only Jest's module compiles (into a test file's context); anything else is left as it was.
    if (!options?.parsingContext || options.cachedData || options.produceCachedData) {
      return original.call(vm, code, params, options);
    }
    const key = createHash('sha1')
      .update(code)
      .update('\0')
      .update((params ?? []).join(','))
      .digest('base64');
    const cachedData = cache.get(key);
    if (cachedData) {
      const fn = original.call(vm, code, params, { ...options, cachedData });
      if (fn.cachedDataRejected) {
        stats.rejected++;
        cache.delete(key);
      } else {
        stats.hits++;
      }
      return fn;
    }
    stats.misses++;
    const fn = original.call(vm, code, params, { ...options, produceCachedData: true });
    if (fn.cachedDataProduced && fn.cachedData) cache.set(key, fn.cachedData);
    return fn;
  }
  compileFunction[installed] = stats;
  vm.compileFunction = compileFunction;
  return stats;
}

module.exports = { installCompileCache };
