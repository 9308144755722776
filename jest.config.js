/** One Jest run over every workspace; scripts/jest-global-setup.mjs brings up real Postgres, Temporal and mail. */
const workspaces = [
  // The capability packages (packages/*), which shared re-exports.
  ...['auth', 'config', 'core', 'db', 'email', 'events', 'http', 'metrics', 'net', 'processor', 'temporal'].map(
    (name) => [`@groupsplit/${name}`, `packages/${name}`],
  ),
  ['@groupsplit/shared', 'shared'],
  ['@groupsplit/workflows', 'workflows'],
  ['@groupsplit/activities', 'activities'],
  ['@groupsplit/gateway', 'services/gateway'],
  ['@groupsplit/merchants', 'services/merchants'],
  ['@groupsplit/checkout', 'services/checkout'],
  ['@groupsplit/worker', 'services/worker'],
  ['@groupsplit/processor-emulator', 'services/processor-emulator'],
  ['@groupsplit/testing', 'testing'],
  ['@groupsplit/dashboard', 'dashboard'],
  ['@groupsplit/client', 'client'],
  ['@groupsplit/example-merchant-server', 'examples/merchant-server'],
];

const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};

module.exports = {
  globalSetup: '<rootDir>/scripts/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.mjs',
  // Two: a fresh clone with four on the 2-core machine took 1,532 s against 1,580 s with two, its workers
  // using 22 % more CPU (load median 9), and a 30 s webhook wait ran out (docs/testing-speed.md, "Jest worker count").
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  // Jest's order with the browser files spread out (scripts/jest-sequencer.js).
  testSequencer: '<rootDir>/scripts/jest-sequencer.js',
  // A worker keeps memory from every test file it ran (VM contexts, native clients); past this much heap
  // after a file, Jest replaces it. Without it one worker of a fresh-clone run reached its 4 GB heap limit,
  // slowed to a crawl in garbage collection and crashed a test file. Not lower: a new worker runs cold
  // (1.5 GB replaced one after most stack files and made every file 1.3 to 3 times slower).
  workerIdleMemoryLimit: '2560MB',
  testTimeout: 120_000,
  // Jest's own output, plus every file's wall and CPU time in test-artifacts/jest-timings.json and the
  // 15 slowest at the end (docs/testing-speed.md).
  reporters: ['default', '<rootDir>/scripts/jest-timings-reporter.js'],
  projects: workspaces.map(([displayName, dir]) => ({
    displayName,
    rootDir: `<rootDir>/${dir}`,
    // Node's environment plus a per-worker cache (scripts/jest-environment.js).
    testEnvironment: `<rootDir>/${dir.includes('/') ? '../../' : '../'}scripts/jest-environment.js`,
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    // `*.cluster.test.ts` need Temporal's real server built and started (testing/src/cluster/): only
    // `npm run test:cluster` (TEST_CLUSTER=1) runs them, never `npm test`.
    testPathIgnorePatterns:
      process.env.TEST_CLUSTER === '1' ? ['/node_modules/'] : ['/node_modules/', '\\.cluster\\.test\\.ts$'],
    transform,
    // `@groupsplit/client` resolves to its sources, not the dist/ its package ships (client/package.json).
    testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', '@groupsplit/source'] },
    setupFiles: [`<rootDir>/${dir.includes('/') ? '../../' : '../'}scripts/jest-env.js`],
  })),
};
