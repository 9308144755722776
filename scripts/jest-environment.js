// The test environment of every Jest project: Node's, plus one Map per worker process for what is
// worth building once per worker rather than once per test file (Jest gives every test file fresh
// globals and a fresh module registry; this module itself is loaded once per worker, outside them).
// testing/src/openapi-check.ts keeps its compiled OpenAPI document here.
const { TestEnvironment } = require('jest-environment-node');

const workerCache = new Map();

class GroupsplitEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__groupsplitWorkerCache = workerCache;
  }
}

module.exports = GroupsplitEnvironment;
