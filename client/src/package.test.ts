import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestModeMerchant, packClient, type Stack, startStack } from '@groupsplit/testing';

/**
 * The package a shop installs: `npm pack` of client/ (its `prepack` build), installed with plain
 * `npm install <tarball>` into a scratch project outside the repository, then used from plain
 * CommonJS, plain ES modules and TypeScript: no loader, nothing of this repository on the way.
 */
const CLIENT = join(__dirname, '..');
const ROOT = join(CLIENT, '..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** A clean environment for npm: none of the npm_* settings of the `npm test` that runs this file. */
const outsideEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));

/** Runs a command without blocking: the stack the programs call runs in this process. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = outsideEnv()) {
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ status, output: `${stdout}${stderr}` });
    });
  });
}

const CJS = `
const { createGroupsplitClient, unwrap, isGroupsplitApiError } = require('@groupsplit/client');
const { verifyWebhook } = require('@groupsplit/client/node');
(async () => {
  const server = createGroupsplitClient({ baseUrl: process.env.GROUPSPLIT_URL, apiKey: process.env.GROUPSPLIT_API_KEY });
  const session = unwrap(await server.POST('/api/merchants/checkout/sessions', {
    body: { amount: '12.50', return_url: 'https://shop.example/orders/cjs' },
  }));
  let refusal;
  try {
    unwrap(await server.POST('/api/merchants/checkout/sessions', { body: { amount: '12.50', return_url: 'https://elsewhere.example/' } }));
  } catch (error) {
    refusal = isGroupsplitApiError(error, 'createCheckoutSession') ? error.code : 'not an API error';
  }
  console.log(JSON.stringify({ token: session.token, status: session.status, refusal, verify: typeof verifyWebhook }));
})();
`;

const ESM = `
import { createGroupsplitClient, unwrap } from '@groupsplit/client';
import { verifyWebhook, WebhookVerificationError } from '@groupsplit/client/node';
const server = createGroupsplitClient({ baseUrl: process.env.GROUPSPLIT_URL, apiKey: process.env.GROUPSPLIT_API_KEY });
const session = unwrap(await server.POST('/api/merchants/checkout/sessions', {
  body: { amount: '12.50', return_url: 'https://shop.example/orders/esm' },
}));
let reason;
try {
  verifyWebhook('{}', 't=1,v1=00', 'whsec_x');
} catch (error) {
  reason = error instanceof WebhookVerificationError ? error.reason : 'unexpected';
}
console.log(JSON.stringify({ token: session.token, status: session.status, reason }));
`;

const TS = `
import { createGroupsplitClient, type ErrorCodeOf, isGroupsplitApiError, unwrap } from '@groupsplit/client';
import { verifyWebhook, type WebhookEvent } from '@groupsplit/client/node';

const server = createGroupsplitClient({ baseUrl: 'http://localhost:3000', apiKey: 'svc_test_x' });
export async function checkout(): Promise<string> {
  try {
    const session = unwrap(
      await server.POST('/api/merchants/checkout/sessions', {
        body: { amount: '44.95', return_url: 'https://shop.example/orders/1' },
      }),
    );
    const expires: string = session.expires_at;
    return \`\${session.checkout_url} until \${expires}\`;
  } catch (error) {
    if (!isGroupsplitApiError(error, 'createCheckoutSession')) throw error;
    switch (error.code) {
      case 'invalid_return_url':
        return 'fix the return URL';
      // @ts-expect-error: not a code this operation answers with
      case 'not_refundable':
        return 'never';
      default:
        return error.message;
    }
  }
}
// @ts-expect-error: a misspelt field does not compile
void server.POST('/api/merchants/checkout/sessions', { body: { amount: '44.95', retrun_url: 'https://x' } });
export const code: ErrorCodeOf<'refundCheckoutSplit'> = 'over_refund';
export const event = (body: string, header: string): WebhookEvent['type'] => verifyWebhook(body, header, 'whsec').type;
`;

describe('the packed @groupsplit/client', () => {
  let stack: Stack;
  let scratch: string;
  let apiKey: string;

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    scratch = mkdtempSync(join(tmpdir(), 'groupsplit-client-'));
    const team = await createTestModeMerchant(stack);
    const test = { token: team.owner.token, headers: { 'x-service-mode': 'test' } };
    await stack.api.patch('/api/merchants', { allowed_domain: 'shop.example' }, test);
    apiKey = (await stack.api.post('/api/merchants/api-keys', { name: 'Packed client' }, test)).body.key;
  });
  afterAll(async () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await stack.stop();
  });

  it('packs, installs from the tarball alone, and works from CommonJS, ES modules and TypeScript', async () => {
    const packed = await packClient(scratch);
    expect(packed.tarball ?? packed.output).toMatch(/groupsplit-client-\d+\.\d+\.\d+\.tgz$/);

    const shop = join(scratch, 'shop');
    const tarballPath = packed.tarball!;
    mkdirSync(shop);
    writeFileSync(join(shop, 'package.json'), JSON.stringify({ name: 'shop', private: true }));
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarballPath], shop);
    expect(install.status === 0 ? 'installed' : install.output).toBe('installed');
    expect(readdirSync(join(shop, 'node_modules/@groupsplit/client')).sort()).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'dist',
      'package.json',
    ]);

    const env = { ...outsideEnv(), GROUPSPLIT_URL: stack.urls.gateway, GROUPSPLIT_API_KEY: apiKey };
    /** Writes `source` into the shop as `file`, runs it with plain Node and parses the JSON it printed. */
    const printedBy = async (file: string, source: string) => {
      writeFileSync(join(shop, file), source);
      const result = await run(process.execPath, [file], shop, env);
      expect(result.status === 0 ? 'ran' : result.output).toBe('ran');
      return JSON.parse(result.output);
    };
    expect(await printedBy('checkout.cjs', CJS)).toEqual({
      token: expect.any(String),
      status: 'pending',
      refusal: 'invalid_return_url',
      verify: 'function',
    });
    expect(await printedBy('checkout.mjs', ESM)).toEqual({
      token: expect.any(String),
      status: 'pending',
      reason: 'no_matching_signature',
    });

    // Types from the package alone (no skipLibCheck): for an ES module and a CommonJS one, and for a
    // project on the older `node` resolution that reads `types` and `typesVersions` instead of `exports`.
    writeFileSync(join(shop, 'checkout.mts'), TS);
    writeFileSync(join(shop, 'checkout.cts'), TS);
    const typeRoots = join(ROOT, 'node_modules/@types');
    const strict = ['--noEmit', '--strict', '--target', 'es2022', '--typeRoots', typeRoots, '--types', 'node'];
    const modern = await run(
      process.execPath,
      [TSC, ...strict, '--module', 'nodenext', '--moduleResolution', 'nodenext', 'checkout.mts', 'checkout.cts'],
      shop,
    );
    expect(modern).toEqual({ status: 0, output: '' });
    writeFileSync(join(shop, 'checkout.ts'), TS);
    const legacy = await run(
      process.execPath,
      [TSC, ...strict, '--module', 'commonjs', '--moduleResolution', 'node', 'checkout.ts'],
      shop,
    );
    expect(legacy).toEqual({ status: 0, output: '' });
  }, 600_000);
});
