import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  authoriseShare,
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from './index';

/**
 * What the image runs: `npm run build` output started with plain node (no tsx, no TypeScript, no
 * WORKFLOW_BUNDLE_PATH), in production mode, against this run's real Postgres and Temporal.
 */
const ROOT = join(__dirname, '..', '..');
// Inside the repository, so that third-party packages resolve from its node_modules as in the image.
const OUT = join(process.env.TEST_RUN_DIR ?? join(ROOT, '.data', 'test-build'), 'dist');
const BUNDLE = join(OUT, 'services/worker/src/workflow-bundle.js');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(what: string, probe: () => Promise<boolean>, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Built = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function workspaces(): string[] {
  const patterns: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern],
  );
}

describe('npm run build output, run with plain node', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  const children: Built[] = [];
  let env: Record<string, string>;

  const start = (entry: string, extra: Record<string, string> = {}): Built => {
    const child = spawn(process.execPath, [join(OUT, entry)], {
      cwd: OUT,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-50_000);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const built = { child, output: () => output, exited };
    children.push(built);
    return built;
  };
  const runToEnd = (entry: string, extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(OUT, entry)], { cwd: OUT, env: { ...env, ...extra }, encoding: 'utf8' });

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--out', OUT], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    // Production refuses unset and public secrets: the stack (and its emulator) use private ones.
    stack = await startStack(
      {
        INTERNAL_SIGNING_SECRET: 'build-test-internal-signing-secret',
        ENCRYPTION_KEY: 'cd'.repeat(32),
        STRIPE_TEST_SECRET_KEY: 'sk_test_build_test',
        STRIPE_LIVE_SECRET_KEY: 'sk_live_build_test',
        STRIPE_TEST_WEBHOOK_SECRET: 'whsec_test_build_test',
        STRIPE_LIVE_WEBHOOK_SECRET: 'whsec_live_build_test',
        TEMPORAL_PAYLOAD_KEYS: `build-1:${Buffer.alloc(32, 5).toString('base64')}`,
        TEMPORAL_CODEC_TOKEN: 'build-test-temporal-codec-token',
      },
      { worker: false },
    );
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    // Only what a container would get: no WORKFLOW_BUNDLE_PATH, no tsx, production mode.
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: stack.config.DATABASE_URL,
      TEMPORAL_ADDRESS: stack.config.TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE: stack.config.TEMPORAL_NAMESPACE,
      TEMPORAL_TASK_QUEUE: stack.config.TEMPORAL_TASK_QUEUE,
      INTERNAL_SIGNING_SECRET: stack.config.INTERNAL_SIGNING_SECRET,
      ENCRYPTION_KEY: stack.config.ENCRYPTION_KEY,
      STRIPE_TEST_SECRET_KEY: stack.config.STRIPE_TEST_SECRET_KEY,
      STRIPE_LIVE_SECRET_KEY: stack.config.STRIPE_LIVE_SECRET_KEY,
      STRIPE_TEST_WEBHOOK_SECRET: stack.config.STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_LIVE_WEBHOOK_SECRET: stack.config.STRIPE_LIVE_WEBHOOK_SECRET,
      TEMPORAL_PAYLOAD_KEYS: stack.config.TEMPORAL_PAYLOAD_KEYS,
      TEMPORAL_CODEC_TOKEN: stack.config.TEMPORAL_CODEC_TOKEN,
      PUBLIC_BASE_URL: stack.config.PUBLIC_BASE_URL,
      MERCHANTS_URL: stack.urls.merchants,
      CHECKOUT_URL: stack.urls.checkout,
      STRIPE_API_BASE_URL: stack.urls.emulator,
      // Production refuses a processor other than Stripe's without the explicit opt-in.
      ALLOW_STRIPE_API_BASE_URL: 'true',
      SMTP_HOST: stack.config.SMTP_HOST,
      SMTP_PORT: String(stack.config.SMTP_PORT),
    };
  }, 240_000);

  afterAll(async () => {
    for (const { child, exited } of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    }
    // The built worker installed this task queue's schedules; they must not outlive the test.
    for await (const schedule of stack.temporal.client.schedule.list()) {
      if (schedule.scheduleId.includes(stack.config.TEMPORAL_TASK_QUEUE)) {
        await stack.temporal.client.schedule.getHandle(schedule.scheduleId).delete();
      }
    }
    await stack.stop();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('compiles every workspace to JavaScript, with manifests and links that resolve to it', () => {
    for (const workspace of workspaces()) {
      const manifest = JSON.parse(readFileSync(join(OUT, workspace, 'package.json'), 'utf8'));
      expect([workspace, manifest.main]).toEqual([workspace, 'src/index.js']);
      expect([workspace, existsSync(join(OUT, workspace, manifest.main))]).toEqual([workspace, true]);
      const resolved = spawnSync(process.execPath, ['-p', `require.resolve(${JSON.stringify(manifest.name)})`], {
        cwd: join(OUT, workspace),
        encoding: 'utf8',
      });
      expect(resolved.stdout.trim()).toBe(join(OUT, workspace, 'src/index.js'));
    }
    const files = readdirSync(OUT, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.ts') || file.includes('.test.'))).toEqual([]);
    expect(existsSync(join(OUT, 'packages/db/migrations'))).toBe(true);
    expect(existsSync(BUNDLE)).toBe(true);
  });

  it('points a workspace manifest with an exports map at the compiled files', () => {
    const script = `import('${join(ROOT, 'scripts/build.mjs')}').then(({ compiledManifest }) => console.log(JSON.stringify(compiledManifest(${JSON.stringify(
      {
        name: '@groupsplit/example',
        main: 'src/index.ts',
        types: 'src/index.ts',
        exports: { '.': './src/index.ts', './client': { types: './src/client.ts', default: './src/client.ts' } },
        scripts: { typecheck: 'tsc -p .' },
        dependencies: { zod: '^4' },
        devDependencies: { jest: '^30' },
      },
    )}))))`;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(JSON.parse(result.stdout)).toEqual({
      name: '@groupsplit/example',
      main: 'src/index.js',
      exports: { '.': './src/index.js', './client': { default: './src/client.js' } },
      dependencies: { zod: '^4' },
    });
  });

  it('compiles a published package (the client) from its sources, not the dist/ it publishes', () => {
    const script = `import('${join(ROOT, 'scripts/build.mjs')}').then(({ compiledManifest }) => console.log(JSON.stringify(compiledManifest(${readFileSync(join(ROOT, 'client/package.json'), 'utf8')}))))`;
    const manifest = JSON.parse(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout);
    expect(manifest).toMatchObject({
      main: 'src/index.js',
      exports: { '.': './src/index.js', './node': './src/node.js', './package.json': './package.json' },
    });
    expect(manifest).not.toHaveProperty('module');
    expect(manifest).not.toHaveProperty('typesVersions');
  });

  it('runs the migrations and the Temporal set-up as one-shot commands', () => {
    const migrate = runToEnd('packages/db/src/migrate-cli.js');
    expect([migrate.status, migrate.stdout.trim()]).toEqual([0, 'Database is up to date']);
    const setup = runToEnd('services/worker/src/temporal-setup-cli.js');
    expect(setup.stderr).toBe('');
    expect(setup.stdout.trim()).toBe(
      `namespace ${stack.config.TEMPORAL_NAMESPACE}: present; search attributes added: none`,
    );
  });

  it('serves the API through the built gateway and checkout, which the image HEALTHCHECK sees as healthy', async () => {
    const [checkoutPort, gatewayPort] = [await freePort(), await freePort()];
    const checkout = start('services/checkout/src/main.js', { CHECKOUT_PORT: String(checkoutPort) });
    const checkoutUrl = `http://127.0.0.1:${checkoutPort}`;
    await until('the built checkout /readyz', async () => (await fetch(`${checkoutUrl}/readyz`)).ok, checkout.output);
    const gateway = start('services/gateway/src/main.js', {
      GATEWAY_PORT: String(gatewayPort),
      CHECKOUT_URL: checkoutUrl,
    });
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await until('the built gateway /readyz', async () => (await fetch(`${gatewayUrl}/readyz`)).ok, gateway.output);

    const me = await fetch(`${gatewayUrl}/api/merchants/me`, {
      headers: { authorization: `Bearer ${shop.owner.token}` },
    });
    expect(me.status).toBe(200);
    // The hosted page's assets are files beside the compiled code, not modules: the build copies them.
    const css = await fetch(`${gatewayUrl}/checkout/assets/page.css`);
    expect(css.status).toBe(200);
    // page.css is served after the rule it shares with the dashboard, a file of another workspace (shared/).
    const served = ['shared/src/visually-hidden.css', 'services/checkout/src/pages/shared/page.css'];
    expect(await css.text()).toBe(served.map((file) => readFileSync(join(ROOT, file), 'utf8')).join(''));
    // The API reference: Redoc from node_modules, the guides copied beside dist/, the document from both services.
    expect((await fetch(`${gatewayUrl}/docs/assets/redoc.standalone.js`)).status).toBe(200);
    const guide = await fetch(`${gatewayUrl}/docs/webhooks`);
    expect([guide.status, await guide.text()]).toEqual([200, expect.stringContaining('<h1 id="outbound-webhooks">')]);
    const openapi = await fetch(`${gatewayUrl}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');

    const healthcheck = (pid: number, extra: Record<string, string>) =>
      spawnSync(process.execPath, [join(ROOT, 'deploy/docker/healthcheck.mjs')], {
        env: { HEALTHCHECK_PID: String(pid), ...extra },
        encoding: 'utf8',
      });
    expect(healthcheck(gateway.child.pid!, { GATEWAY_PORT: String(gatewayPort) }).status).toBe(0);
    expect(healthcheck(checkout.child.pid!, { CHECKOUT_PORT: String(checkoutPort) }).status).toBe(0);
    // Pointed at a port nothing answers on, it reports the container unhealthy.
    expect(healthcheck(gateway.child.pid!, { GATEWAY_PORT: String(await freePort()) }).status).toBe(1);
  });

  it('runs the built worker on the prebuilt workflow bundle, carries a split to captured, and exits on SIGTERM', async () => {
    const payers = [uniqueEmail('payer'), uniqueEmail('payer')];
    const metricsPort = await freePort();
    const worker = start('services/worker/src/main.js', {
      WORKER_METRICS_PORT: String(metricsPort),
      WORKER_TEMPORAL_METRICS_PORT: String(await freePort()),
    });
    await until(
      'the built worker /readyz',
      async () => (await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).ok,
      worker.output,
    );
    const loading = worker
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; workflowBundle?: string })
      .find((entry) => entry.msg === 'loading workflows');
    expect(loading?.workflowBundle).toBe(BUNDLE);

    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: payers.map((email, i) => ({ email, amountMinor: [1500, 2500][i]! })),
    });
    expect(created.status).toBe(201);
    const split = created.body as { id: string; participants: { payToken: string }[] };
    for (const participant of split.participants) {
      expect((await authoriseShare(stack, participant.payToken)).status).toBe(200);
    }
    expect((await waitForSplitStatus(stack, split.id, ['captured'], 60_000)).status).toBe('captured');

    const healthcheck = spawnSync(process.execPath, [join(ROOT, 'deploy/docker/healthcheck.mjs')], {
      env: { HEALTHCHECK_PID: String(worker.child.pid), WORKER_METRICS_PORT: String(metricsPort) },
    });
    expect(healthcheck.status).toBe(0);

    // Having sent the receipts over SMTP, it exits by itself once drained: nothing it opened (a mail
    // connection, a timer, a pool) keeps the process alive.
    for (const payer of payers) await waitForMail(payer, { subject: 'Receipt:' });
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});
