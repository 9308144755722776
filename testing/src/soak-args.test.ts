import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The arguments of `npm run test:soak` (scripts/lib/soak-args.mjs, an ES module: read through a child node). */
const MODULE = pathToFileURL(join(__dirname, '..', '..', 'scripts', 'lib', 'soak-args.mjs')).href;

function parse(...argv: string[]) {
  const script = `import { parseSoakArgs } from ${JSON.stringify(MODULE)};
try { console.log(JSON.stringify(parseSoakArgs(${JSON.stringify(argv)}))); }
catch (error) { console.log(JSON.stringify({ error: error.message })); }`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

describe('npm run test:soak arguments', () => {
  it('runs the named suites 10 times beside one CPU burner unless told otherwise', () => {
    expect(parse('dashboard.browser')).toEqual({
      times: 10,
      burners: 1,
      runTimeoutMs: 30 * 60_000,
      jestArgs: ['dashboard.browser'],
      patterns: ['dashboard.browser'],
    });
  });

  it('takes --times, --load, --no-load and --run-timeout-minutes, with or without "="', () => {
    expect(parse('group.browser', '--times', '3', '--load=2', '--run-timeout-minutes', '5')).toMatchObject({
      times: 3,
      burners: 2,
      runTimeoutMs: 5 * 60_000,
      jestArgs: ['group.browser'],
    });
    expect(parse('--times=4', '--no-load', 'docs.browser')).toMatchObject({ times: 4, burners: 0 });
    expect(parse('docs.browser', '--load', '0')).toMatchObject({ burners: 0 });
  });

  it('passes every other argument on to Jest, a short option with its value', () => {
    expect(parse('dashboard.browser', '-t', 'ended session', '--verbose', 'checkout.browser')).toMatchObject({
      jestArgs: ['dashboard.browser', '-t', 'ended session', '--verbose', 'checkout.browser'],
      patterns: ['dashboard.browser', 'checkout.browser'],
    });
  });

  it('refuses no pattern (that is the whole suite) and counts that are not whole numbers above 0', () => {
    expect(parse('--times', '3')).toEqual({
      error: 'name the test files to soak, for example dashboard.browser',
    });
    expect(parse('-t', 'only a test name')).toEqual({
      error: 'name the test files to soak, for example dashboard.browser',
    });
    expect(parse('x', '--times', '0')).toEqual({ error: '--times needs a whole number above 0, not 0' });
    expect(parse('x', '--times', 'ten')).toEqual({ error: '--times needs a whole number above 0, not ten' });
    expect(parse('x', '--times')).toEqual({ error: '--times needs a whole number above 0, not nothing' });
    expect(parse('x', '--load', '-1')).toEqual({ error: '--load needs a whole number, not -1' });
  });
});
