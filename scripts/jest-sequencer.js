// Jest's own order (files that failed last time first, then the slowest by the run cache, else the largest),
// with the browser files spread out instead of side by side. Each browser file starts a Chromium of its
// own; in Jest's order the largest files are mostly browser files, so a fresh clone started every worker on
// one at once and the machine's two cores ran four Chromiums (load 19, two 120 s test timeouts with four
// workers: docs/testing-speed.md). Spread over the first three quarters of the queue, about one worker in
// three runs a browser file at a time, and none is left to start at the very end.
const Sequencer = require('@jest/test-sequencer').default;

const isBrowserFile = (test) => /\.browser\.test\.ts$/.test(test.path);

/** `others` in order, with `spread` placed evenly among the first three quarters of them. */
function interleave(others, spread) {
  if (spread.length === 0) return others;
  const every = Math.max(1, Math.floor((others.length * 0.75) / spread.length));
  const order = [];
  let next = 0;
  others.forEach((test, index) => {
    if (index % every === 0 && next < spread.length) order.push(spread[next++]);
    order.push(test);
  });
  return order.concat(spread.slice(next));
}

class SpreadBrowserFiles extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return interleave(
      sorted.filter((test) => !isBrowserFile(test)),
      sorted.filter(isBrowserFile),
    );
  }
}

module.exports = SpreadBrowserFiles;
module.exports.interleave = interleave;
