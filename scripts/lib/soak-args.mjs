// The arguments of `npm run test:soak` (scripts/soak.mjs), parsed apart from running anything so
// that testing/src/soak-args.test.ts can check them.

export const SOAK_USAGE = `usage: npm run test:soak -- <pattern>... [--times N] [--load N | --no-load] [--run-timeout-minutes M] [jest options]
  <pattern>               the Jest test files to run, as for \`npm test -- <pattern>\` (at least one)
  --times N               how many runs, one after another (default 10)
  --load N                CPU-burning processes kept running beside each run (default 1)
  --no-load               no load generator (the machine is loaded enough already)
  --run-timeout-minutes M a run still going after M minutes is stopped and counts as failed (default 30)
  anything else           passed on to Jest as it is (-t '<test name>', or --long-option=value)`;

const positiveInteger = (flag, text, { allowZero = false } = {}) => {
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || (!allowZero && value === 0)) {
    throw new Error(`${flag} needs a ${allowZero ? 'whole number' : 'whole number above 0'}, not ${text ?? 'nothing'}`);
  }
  return value;
};

/**
 * `{ times, burners, runTimeoutMs, jestArgs }` from the command line (without `node` and the script).
 * Throws an Error whose message says what is wrong; the caller prints it with SOAK_USAGE.
 */
export function parseSoakArgs(argv) {
  const options = { times: 10, burners: 1, runTimeoutMs: 30 * 60_000, jestArgs: [] };
  const patterns = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--times') options.times = positiveInteger(flag, value());
    else if (flag === '--load') options.burners = positiveInteger(flag, value(), { allowZero: true });
    else if (flag === '--no-load') options.burners = 0;
    else if (flag === '--run-timeout-minutes') options.runTimeoutMs = positiveInteger(flag, value()) * 60_000;
    else if (flag === '--help' || flag === '-h') throw new Error('help');
    else {
      // A Jest option's own value (`-t name`) goes with it, so that it is not taken for a pattern.
      options.jestArgs.push(argv[i]);
      if (/^-[a-zA-Z]$/.test(argv[i]) && i + 1 < argv.length) options.jestArgs.push(argv[++i]);
      else if (!argv[i].startsWith('-')) patterns.push(argv[i]);
    }
  }
  // Without a pattern Jest runs every suite: that is `npm test`, not a soak.
  if (patterns.length === 0) throw new Error('name the test files to soak, for example dashboard.browser');
  return { ...options, patterns };
}
