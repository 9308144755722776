import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  authoriseShare,
  createTestModeMerchant,
  createUser,
  outsideNpmEnv,
  packClient,
  type Stack,
  startStack,
  uniqueEmail,
  waitUntil,
} from '@groupsplit/testing';
import type { Order } from './orders';

/** An import's module specifier, in the shop's sources. */
const IMPORT_SPECIFIER = /\bfrom\s+['"]([^'"]+)['"]/g;
/**
 * The example shop the way a real shop runs it: its sources copied into a project outside the
 * repository whose package.json depends on the packed client tarball (plain `npm install`), compiled
 * with plain `tsc` and started with plain `node` — no workspace link, no loader, no tsconfig `paths`.
 * One real flow goes through it: the shop's own checkout route makes a session, the buyer's split is
 * authorised, and the order turns `paid` from a webhook the shop verified with the packed client.
 */
const SHOP = join(__dirname, '..');
const ROOT = join(SHOP, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const TEST = { 'x-service-mode': 'test' };

/** Runs a command without blocking: the stack the shop calls runs in this process. */
function run(command: string, args: string[], cwd: string) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: outsideNpmEnv(), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, out, err) => {
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${out}${err}` });
      },
    );
  });
}

/** A port nothing listens on, for the shop's SHOP_URL (the webhook URL must name it before the shop starts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The shop's package.json: its own dependencies, with the client taken from the tarball instead of the workspace. */
function shopPackageJson(tarball: string) {
  const example = JSON.parse(readFileSync(join(SHOP, 'package.json'), 'utf8'));
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return {
    name: 'a-shop',
    private: true,
    dependencies: { ...example.dependencies, '@groupsplit/client': `file:${tarball}` },
    devDependencies: {
      '@types/koa': root.devDependencies['@types/koa'],
      '@types/node': root.devDependencies['@types/node'],
    },
  };
}

describe('examples/merchant-server from the packed client, outside the repository', () => {
  let stack: Stack;
  let scratch: string;
  let shopProcess: ChildProcess | undefined;
  let shopOutput = '';

  beforeAll(async () => {
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true });
    scratch = mkdtempSync(join(tmpdir(), 'groupsplit-shop-'));
  });
  afterAll(async () => {
    if (shopProcess && shopProcess.exitCode === null) {
      const exited = new Promise((resolve) => shopProcess!.once('exit', resolve));
      shopProcess.kill();
      await exited;
    }
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await stack.stop();
  });

  it('installs, compiles and runs with plain npm, tsc and node, and takes an order to paid', async () => {
    const { tarball, output } = await packClient(scratch);
    expect(tarball ?? output).toMatch(/groupsplit-client-\d+\.\d+\.\d+\.tgz$/);

    const project = join(scratch, 'shop');
    mkdirSync(project);
    cpSync(join(SHOP, 'src'), join(project, 'src'), {
      recursive: true,
      filter: (source) => !source.endsWith('.test.ts'),
    });
    // Nothing of this repository but the client: a real shop has nothing else to import.
    const imports = readdirSync(join(project, 'src')).flatMap((file) =>
      [...readFileSync(join(project, 'src', file), 'utf8').matchAll(IMPORT_SPECIFIER)]
        .map((m) => m[1])
        .filter((specifier) => specifier?.startsWith('@groupsplit/')),
    );
    expect(new Set(imports)).toEqual(new Set(['@groupsplit/client', '@groupsplit/client/node']));

    writeFileSync(join(project, 'package.json'), JSON.stringify(shopPackageJson(tarball!), null, 2));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'commonjs',
          moduleResolution: 'node',
          strict: true,
          esModuleInterop: true,
          skipLibCheck: true,
          types: ['node'],
          rootDir: 'src',
          outDir: 'dist',
        },
        include: ['src'],
      }),
    );
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], project);
    expect(install.status === 0 ? 'installed' : install.output).toBe('installed');
    const compile = await run(process.execPath, [TSC, '-p', '.'], project);
    expect(compile).toEqual({ status: 0, output: '' });

    // The business, as docs/quickstart.md sets it up: test mode, allowed_domain localhost, a webhook URL and secret, a key.
    const port = await freePort();
    const shopUrl = `http://127.0.0.1:${port}`;
    const team = await createTestModeMerchant(stack);
    const owner = { token: team.owner.token, headers: TEST };
    const settings = await stack.api.patch(
      '/api/merchants',
      { allowed_domain: 'localhost', webhook_url: `${shopUrl}/webhooks` },
      owner,
    );
    expect(settings.status).toBe(200);
    const secret = await stack.api.post('/api/merchants/credentials/rotate', { target: 'webhook_secret' }, owner);
    const apiKey = (await stack.api.post('/api/merchants/api-keys', { name: 'Packed shop' }, owner)).body.key;
    expect(apiKey).toMatch(/^svc_test_/);

    shopProcess = spawn(process.execPath, ['dist/main.js'], {
      cwd: project,
      env: {
        ...outsideNpmEnv(),
        GROUPSPLIT_URL: stack.urls.gateway,
        GROUPSPLIT_API_KEY: apiKey,
        GROUPSPLIT_WEBHOOK_SECRET: secret.body.value,
        SHOP_URL: shopUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shopProcess.stdout!.on('data', (chunk) => (shopOutput += chunk));
    shopProcess.stderr!.on('data', (chunk) => (shopOutput += chunk));
    await waitUntil(
      'the packed shop listening',
      async () => {
        if (shopProcess!.exitCode !== null) throw new Error(`the shop exited: ${shopOutput}`);
        return fetch(`${shopUrl}/healthz`).then(
          (res) => res.status,
          () => 0,
        );
      },
      (status) => status === 200,
      60_000,
    );

    // The buyer's cart, through the shop's own route: a session, and a redirect to its checkout page.
    const checkout = await fetch(`${shopUrl}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lamp: '1' }).toString(),
      redirect: 'manual',
    });
    expect(checkout.status === 303 ? 303 : shopOutput).toBe(303);
    const token = checkout.headers.get('location')!.split('/checkout/')[1]!;
    const session = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, {
      headers: { 'x-merchant-api-key': apiKey },
    });
    const orderUrl = session.body.return_url as string;
    expect(orderUrl).toMatch(new RegExp(`^${shopUrl}/orders/[^/]+$`));
    const orderId = orderUrl.split('/orders/')[1]!;

    const buyer = await createUser(stack.db, { consent: false });
    const split = await stack.api.post(
      `/api/merchants/checkout/sessions/${token}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: '22.00' },
          { email: uniqueEmail('friend'), amount: '22.95' },
        ],
      },
      { token: buyer.token },
    );
    expect(split.status).toBe(201);
    for (const participant of split.body.participants as { pay_url: string }[]) {
      expect((await authoriseShare(stack, participant.pay_url.split('/pay/')[1]!)).status).toBe(200);
    }

    const order = await waitUntil(
      'the packed shop marking the order paid',
      async () => (await (await fetch(`${shopUrl}/api/orders/${orderId}`)).json()) as Order,
      (o) => o.status === 'paid',
      90_000,
    );
    expect(order).toMatchObject({ amountPence: 4000 + 495, splitId: split.body.split_id });
    const paidEventId = order.history[0]!.eventId;
    const received = await (await fetch(`${shopUrl}/api/events`)).json();
    expect(received).toContainEqual(
      expect.objectContaining({ id: paidEventId, type: 'checkout_split.paid', orderId, outcome: 'applied' }),
    );
    const event = await stack.db
      .selectFrom('webhook_events')
      .select(['merchant_id', 'type'])
      .where('id', '=', paidEventId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ merchant_id: team.merchant.id, type: 'checkout_split.paid' });
  }, 600_000);
});
