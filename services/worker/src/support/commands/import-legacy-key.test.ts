import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from '@groupsplit/gateway';
import { sha256Hex } from '@groupsplit/shared';
import { createTeam, runSupport, type Stack, startStack } from '@groupsplit/testing';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const SERVER_ROUTE = '/api/merchants/checkout/sessions/no-such-session/status';
const legacyKey = (prefix: 'svc_sk_' | 'svc_sk_live_' | 'svc_sk_test_') =>
  `${prefix}${randomBytes(16).toString('hex')}`;

describe('support CLI: import-legacy-key', () => {
  let stack: Stack;
  const dir = mkdtempSync(join(tmpdir(), 'legacy-keys-'));
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  const run = (...argv: string[]) => runSupport(stack, ...argv);
  const keyFile = (key: string) => {
    const file = join(dir, `${randomBytes(4).toString('hex')}.key`);
    writeFileSync(file, `${key}\n`);
    return file;
  };
  const principalFor = (apiKey: string) =>
    authenticate(stack.db, stack.config, 'api_key', { apiKey }, { ip: '192.0.2.1', requestId: 'r' });

  it.each([
    ['svc_sk_', 'live'],
    ['svc_sk_live_', 'live'],
    ['svc_sk_test_', 'test'],
  ] as const)('imports a %s… key that then works in %s mode, stored as a hash only', async (prefix, mode) => {
    const { merchant } = await createTeam(stack.db);
    const key = legacyKey(prefix);
    const result = await run(
      'import-legacy-key',
      merchant.id,
      '--name',
      'Old server',
      '--actor',
      'sam',
      '--key-file',
      keyFile(key),
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain(`Imported ${mode} key …${key.slice(-4)}`);
    expect(result.out).not.toContain(key);

    const row = await stack.db
      .selectFrom('api_keys')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Old server', mode, key_hash: sha256Hex(key), last_four: key.slice(-4) });
    expect(JSON.stringify(row)).not.toContain(key);

    expect(await principalFor(key)).toMatchObject({ kind: 'api_key', merchantId: merchant.id, mode });
    const res = await stack.api.get(SERVER_ROUTE, { apiKey: key });
    expect(res.status).not.toBe(401);

    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'api_key.imported', actor_role: 'support', actor_user_id: null });
    expect(audit.after).toMatchObject({ id: row.id, mode, actor: 'sam' });
  });

  it('keeps the original creation date when given, and lists the key to the merchant', async () => {
    const { merchant, owner } = await createTeam(stack.db);
    const key = legacyKey('svc_sk_');
    const file = keyFile(key);
    const args = ['import-legacy-key', merchant.id, '--name', 'Legacy', '--actor', 'sam', '--key-file', file];
    expect((await run(...args, '--created-at', '2026-03-01T10:00:00Z')).code).toBe(0);
    const list = await stack.api.get('/api/merchants/api-keys', { token: owner.token });
    expect(list.body).toEqual([
      expect.objectContaining({ name: 'Legacy', mode: 'live', created_at: '2026-03-01T10:00:00.000Z', revoked: false }),
    ]);
    // Importing the same key again is refused rather than duplicated.
    expect(await run(...args)).toMatchObject({ code: 1, err: expect.stringContaining('already on record') });
  });

  it('imports from a stored SHA-256 hash when the earlier system kept no plaintext', async () => {
    const { merchant } = await createTeam(stack.db);
    const key = legacyKey('svc_sk_test_');
    const result = await run(
      'import-legacy-key',
      merchant.id,
      '--name',
      'Hash only',
      '--actor',
      'sam',
      '--sha256',
      sha256Hex(key),
      '--mode',
      'test',
      '--last-four',
      key.slice(-4),
    );
    expect(result.code).toBe(0);
    expect(await principalFor(key)).toMatchObject({ merchantId: merchant.id, mode: 'test' });
  });

  it('refuses misuse and keys of no known shape, and writes nothing', async () => {
    const { merchant } = await createTeam(stack.db);
    const base = ['import-legacy-key', merchant.id, '--name', 'x', '--actor', 'sam'];
    expect(await run('import-legacy-key')).toMatchObject({ code: 2, err: expect.stringContaining('<merchantId>') });
    expect(await run(...base, '--key', legacyKey('svc_sk_'))).toMatchObject({
      code: 2,
      err: expect.stringContaining('--key-file'),
    });
    expect(await run(...base, '--key-file', keyFile('sk_live_notours123456789012345'))).toMatchObject({
      code: 1,
      err: expect.stringContaining('Not an API key'),
    });
    expect(await run(...base, '--sha256', 'abc', '--mode', 'live', '--last-four', 'abcd')).toMatchObject({ code: 1 });
    expect(await run(...base, '--sha256', sha256Hex('x'), '--last-four', 'abcd')).toMatchObject({ code: 2 });
    expect(
      await run(
        'import-legacy-key',
        '7d9f0c1e-0000-4000-8000-000000000000',
        '--name',
        'x',
        '--actor',
        'sam',
        '--key-file',
        keyFile(legacyKey('svc_sk_')),
      ),
    ).toMatchObject({ code: 1, err: expect.stringContaining('No merchant') });
    const rows = await stack.db.selectFrom('api_keys').select('id').where('merchant_id', '=', merchant.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('runs as `npm run support -- import-legacy-key …` with the key piped on stdin', async () => {
    const { merchant } = await createTeam(stack.db);
    const key = legacyKey('svc_sk_live_');
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'services/worker/src/support/cli.ts'),
        'import-legacy-key',
        merchant.id,
        '--name',
        'Piped',
        '--actor',
        'sam',
      ],
      { cwd: ROOT, env: process.env, encoding: 'utf8', input: `${key}\n` },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(await principalFor(key)).toMatchObject({ merchantId: merchant.id, mode: 'live' });
  });
});
