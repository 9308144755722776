import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Stack, startStack, uniqueEmail, waitForMail, waitForSplitStatus, waitUntil } from './index';
import { type CodeBlock, codeBlocks } from './quickstart/markdown';
import { ShellSession } from './quickstart/shell';

/**
 * docs/quickstart.md, run as written. Its blocks are tagged (`sh quickstart`, `ts quickstart-client`, …);
 * the curl blocks run in order in one bash session against this test's stack, the client blocks are
 * put together into quickstart.mts and run with the page's own command. Nothing on the page is
 * skipped: `npm start` and the clone are the stack this test starts, and the four variables the page
 * exports get this stack's values. Before a block tagged `wait=…` the test waits for what a reader
 * would wait for (the e-mail, the server, the payment), never for a stretch of time.
 */
const ROOT = join(__dirname, '..', '..');
const PAGE = readFileSync(join(ROOT, 'docs/quickstart.md'), 'utf8');
const blocks = codeBlocks(PAGE);
const ofKind = (kind: string) => blocks.filter((block) => block.kind === kind);
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The environment of a fresh terminal: no test-run variables leak into what the page runs. */
const terminalEnv = (extra: Record<string, string>) => ({
  PATH: process.env.PATH!,
  HOME: process.env.HOME ?? '/tmp',
  LANG: 'C.UTF-8',
  ...extra,
});

describe('docs/quickstart.md', () => {
  let stack: Stack;
  let shell: ShellSession | undefined;
  const clientIp = randomIp();

  beforeAll(async () => {
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true });
  });
  afterAll(async () => {
    await shell?.stop();
    await stack.stop();
  });

  it('tags every code block, so that none is left unrun', () => {
    const kinds = ['quickstart-setup', 'quickstart-env', 'quickstart', 'quickstart-client', 'quickstart-client-run'];
    const untagged = blocks.filter((block) => !kinds.includes(block.kind ?? '')).map((b) => `line ${b.line}`);
    expect(untagged).toEqual([]);
    expect(ofKind('quickstart').length).toBeGreaterThan(10);
    expect(ofKind('quickstart-client').length).toBeGreaterThan(5);
  });

  it('starts from a clone and npm start, which this test stands in for', () => {
    const [setup] = ofKind('quickstart-setup');
    expect(setup!.code.split('\n').map((line) => line.replace(/\s+/g, ' ').trim())).toEqual([
      'git clone <this repository> groupsplit && cd groupsplit',
      'npm start',
    ]);
  });

  /** The page's `export NAME=value` lines, with this test's values; a variable the test does not know fails. */
  function environment(values: Record<string, string>): string {
    const [env] = ofKind('quickstart-env');
    return env!.code
      .split('\n')
      .map((line) => {
        const match = /^export (\w+)=\S+$/.exec(line.trim());
        if (!match) throw new Error(`quickstart-env line is not "export NAME=value": ${line}`);
        const value = values[match[1]!];
        if (value === undefined) throw new Error(`The test has no value for ${match[1]}`);
        return `export ${match[1]}='${value}'`;
      })
      .join('\n');
  }

  it('takes a new business from sign-in to a paid test order with curl, and the webhook verifies', async () => {
    const email = uniqueEmail('quickstart');
    const shopUrl = `http://127.0.0.1:${await freePort()}`;
    // The reader's own folder, outside the clone: the page writes the shop's server.mjs into it.
    const home = join(process.env.TEST_RUN_DIR!, `quickstart-shell-${Date.now().toString(36)}`);
    mkdirSync(home, { recursive: true });
    shell = new ShellSession({
      cwd: home,
      env: terminalEnv({}),
      // The test's own client address on every request (see forwarded-for.mjs for why).
      preamble: `curl() { command curl -H 'X-Forwarded-For: ${clientIp}' "$@"; }`,
    });
    await shell.run(
      environment({
        GROUPSPLIT_URL: stack.urls.gateway,
        MAIL_URL: process.env.MAIL_API_URL!,
        SHOP_URL: shopUrl,
        EMAIL: email,
      }),
    );

    const waits: Record<string, () => Promise<unknown>> = {
      'sign-in-mail': () => waitForMail(email, { subject: 'sign-in code' }),
      'seat-sign-in-mail': () => waitForMail(`seat-${email}`, { subject: 'sign-in code' }),
      shop: () =>
        waitUntil(
          'the example shop answering',
          () =>
            fetch(`${shopUrl}/healthz`).then(
              (res) => res.ok,
              () => false,
            ),
          (ok) => ok,
        ),
      paid: async () => {
        const splitId = JSON.parse(await shell!.variable('SPLIT')).split_id as string;
        await waitForSplitStatus(stack, splitId, ['captured'], 60_000);
      },
      // The service logs an attempt once the endpoint's answer is back, a moment after the shop has it.
      'paid-delivery-logged': async () => {
        const token = await shell!.variable('TOKEN');
        await waitUntil(
          'the paid delivery in the log',
          async () =>
            (
              await stack.api.get('/api/merchants/webhooks/deliveries', {
                token,
                headers: { 'x-service-mode': 'test' },
              })
            ).body as { event_type: string; outcome: string }[],
          (rows) => rows.some((row) => row.event_type === 'checkout_split.paid' && row.outcome === 'succeeded'),
        );
      },
      'paid-webhook': () =>
        waitUntil(
          'checkout_split.paid at the shop',
          async () => (await (await fetch(`${shopUrl}/events`)).json()) as { type: string }[],
          (events) => events.some((event) => event.type === 'checkout_split.paid'),
        ),
      'sca-paid': async () => {
        const splitId = JSON.parse(await shell!.variable('SCA_SPLIT')).split_id as string;
        await waitForSplitStatus(stack, splitId, ['captured'], 60_000);
      },
    };
    const printed: { block: CodeBlock; output: string }[] = [];
    for (const block of ofKind('quickstart')) {
      const wait = block.attributes.wait;
      if (wait) {
        if (!waits[wait]) throw new Error(`Unknown wait=${wait} at line ${block.line}`);
        await waits[wait]!();
      }
      printed.push({ block, output: await shell.run(block.code) });
    }
    const outputOf = (text: string) => printed.find(({ block }) => block.code.includes(text))!.output;

    expect(outputOf('CODE=$(').trim()).toMatch(/^\d{6}$/);
    expect(outputOf('/api/merchants/register')).toContain('"name":"Example Shop"');
    expect(outputOf('API_KEY=$(').trim()).toMatch(/^svc_test_/);
    expect(outputOf('/status"')).toMatch(/^paid$/m);
    // The session answer carries its status and expiry; a misspelt field is refused, naming the right one.
    expect(JSON.parse(outputOf('SESSION=$(').trim())).toMatchObject({
      status: 'pending',
      amount: '44.95',
      currency: 'gbp',
    });
    expect(outputOf('retrun_url').trim()).toBe('Unknown field retrun_url. Did you mean return_url?');
    // Each card charge is the share plus the 20p per-person fee.
    expect(outputOf('card charge')).toContain(`${email}: share 24.95, card charge 25.15`);
    expect(outputOf('card charge')).toContain('friend@example.com: share 20.00, card charge 20.20');
    // The buyer's return link leads back to the shop running locally, which answers.
    expect(outputOf('RETURN_LINK=$(').trim().split('\n')).toEqual([`${shopUrl}/`, 'the shop answered 200']);
    // The reader's own 30-line server (not the repository's example shop) received and verified it.
    expect(outputOf('$SHOP_URL/events"')).toMatch(/^checkout_split\.paid [0-9a-f-]{36}$/m);
    // The order read back with the API key, with what reaches the merchant: 44.95 less 3% per share (75p + 60p).
    expect(outputOf('/api/merchants/checkout/splits/$SPLIT_ID" -H').trim().split('\n')).toEqual([
      'captured: total 44.95, our fee 1.35, net_amount 43.60',
      'ORDER-1001 captured 44.95 net 43.60',
    ]);
    // The refund sent twice with one Idempotency-Key refunds once; the net drops by the refund.
    expect(outputOf('Idempotency-Key: refund-1001-delivery').trim().split('\n')).toEqual([
      'partially_refunded: refunded 4.95, 4.95 in all',
      'partially_refunded: refunded 4.95, 4.95 in all',
      'net_amount now 38.65',
    ]);
    // 3-D Secure: the pay step asks for the bank's confirmation, which the test card's page gives.
    expect(outputOf('CHALLENGE=$(').trim()).toBe('requires_action');
    expect(outputOf("-d 'outcome=complete'").trim()).toBe('back on the pay page: 200');
    expect(outputOf('$SCA_SESSION/status"').trim()).toBe('paid');
    expect(outputOf('/webhooks/deliveries')).toMatch(/^checkout_split\.paid succeeded 200$/m);
    // Open seats: the group link, the seat on it, and the friend's pay link once they took it.
    expect(outputOf('SEAT_SESSION=$(').trim()).toMatch(/^http\S+\/join\/[A-Za-z0-9_-]{32}$/);
    expect(outputOf('FRIEND="seat-')).toContain('"amount": "15.00"');
    expect(outputOf('/claim"').trim().split('\n').at(-1)).toMatch(/\/pay\/[A-Za-z0-9_-]+$/);

    // A business that never connected a processor took the order: its test gate is open, and the
    // order's holds went to the platform's sandbox account.
    const token = await shell.variable('TOKEN');
    const me = await stack.api.get('/api/merchants/me', { token, headers: { 'x-service-mode': 'test' } });
    expect(me.body).toMatchObject({
      name: 'Example Shop',
      // The quickstart sets test mode's own domain only: live's is left as it was.
      allowed_domain: null,
      test_allowed_domain: 'localhost',
      gates: { take_split: null },
    });
    const split = JSON.parse(await shell.variable('SPLIT')) as { split_id: string };
    const detail = await stack.api.get(`/api/checkout-splits/${split.split_id}`, { token });
    expect(detail.body).toMatchObject({
      // Paid, then £4.95 refunded (step 11).
      status: 'partially_refunded',
      processor_account_id: stack.config.STRIPE_TEST_SANDBOX_ACCOUNT_ID,
    });
    await shell.stop();
    shell = undefined;
  });

  it('does the same with @groupsplit/client, as one program put together from the page', async () => {
    const email = uniqueEmail('quickstart-client');
    const dir = join(process.env.TEST_RUN_DIR!, `quickstart-${Date.now().toString(36)}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'quickstart.mts'),
      `${ofKind('quickstart-client')
        .map((b) => b.code)
        .join('\n\n')}\n`,
    );
    // The program typechecks against the generated client first: a renamed field fails here, by name.
    const typecheck = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        ...['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext'],
        // Inside the repository the client is its sources (client/package.json's `@groupsplit/source` condition).
        ...['--customConditions', '@groupsplit/source'],
        ...['--skipLibCheck', '--types', 'node', 'quickstart.mts'],
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect({ status: typecheck.status, output: typecheck.stdout + typecheck.stderr }).toEqual({
      status: 0,
      output: '',
    });

    const [run] = ofKind('quickstart-client-run');
    const child = spawn('bash', ['-c', run!.code], {
      cwd: dir,
      env: terminalEnv({
        GROUPSPLIT_URL: stack.urls.gateway,
        EMAIL: email,
        QUICKSTART_CLIENT_IP: clientIp,
        NODE_OPTIONS: `--import=${pathToFileURL(join(__dirname, 'quickstart/forwarded-for.mjs')).href}`,
      }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    // Type the code once the program asks for it and the e-mail is there, as a reader would.
    await waitUntil(
      'the program asking for the sign-in code',
      async () => output,
      (text) => text.includes('Sign-in code e-mailed to') || child.exitCode !== null,
    );
    const mail = await waitForMail(email, { subject: 'sign-in code' });
    child.stdin.end(`${/\d{6}/.exec(mail.Text)![0]}\n`);

    const code = await exited;
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('order ORDER-2001 is paid') });
    expect(output).toMatch(/^webhook verified: checkout_split\.paid [0-9a-f-]{36}$/m);
    // The recipe "Accept before capture": the order waited for the merchant, who accepted it.
    expect(output).toMatch(/^webhook verified: checkout_split\.authorised [0-9a-f-]{36}$/m);
    expect(output).toContain('order ORDER-2002 accepted: captured');
    expect(output).not.toContain('webhook refused');
    expect(output).toContain(`${email}: authorised`);
  });
});
