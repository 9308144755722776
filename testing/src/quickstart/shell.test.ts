import { ShellSession } from './shell';

describe('ShellSession', () => {
  let shell: ShellSession;
  beforeAll(() => {
    shell = new ShellSession({ cwd: process.cwd(), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  });
  afterAll(() => shell.stop());

  it('reads a variable exactly while a background job keeps printing to the same terminal', async () => {
    // The quickstart's example shop logs each webhook it receives, whenever one arrives.
    await shell.run("(while true; do echo 'webhook checkout_split.paid received'; done) & NOISE=$!");
    await shell.run(`VALUE='{"split_id":"s-1"}'`);
    const reads: string[] = [];
    for (let read = 0; read < 50; read++) reads.push(await shell.variable('VALUE'));
    await shell.run('kill $NOISE; wait $NOISE 2>/dev/null || true');
    expect(new Set(reads)).toEqual(new Set(['{"split_id":"s-1"}']));
  });
});
