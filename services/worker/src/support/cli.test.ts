import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PAUSED_MESSAGE } from '@groupsplit/shared';
import { createTeam, runSupport, type Stack, startStack } from '@groupsplit/testing';

const ROOT = join(__dirname, '..', '..', '..', '..');

describe('support CLI: pause and unpause', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  const run = (...argv: string[]) => runSupport(stack, ...argv);

  const saveCard = (token: string) =>
    stack.api.put(
      '/api/merchants/billing/card',
      { payment_method: 'pm_card_visa' },
      { token, headers: { 'x-service-mode': 'test' } },
    );

  it('pausing makes the workspace read-only for the Owner too, and unpausing restores it; both audited', async () => {
    const team = await createTeam(stack.db);
    const paused = await run('pause', team.merchant.id, '--reason', 'Chargeback review', '--actor', 'sam');
    expect(paused).toEqual({ code: 0, out: expect.stringContaining('Paused'), err: '' });

    const refused = await saveCard(team.owner.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
    const me = await stack.api.get('/api/merchants/me', { token: team.owner.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ paused: true, paused_reason: 'Chargeback review' });

    const unpaused = await run('unpause', team.merchant.id, '--actor=sam');
    expect(unpaused.code).toBe(0);
    expect((await saveCard(team.owner.token)).status).toBe(200);

    const audit = await stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', team.merchant.id)
      .where('actor_role', '=', 'support')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['business.paused', 'business.unpaused']);
    expect(audit[0]).toMatchObject({
      actor_user_id: null,
      after: expect.objectContaining({ paused_reason: 'Chargeback review', actor: 'sam' }),
    });
    expect(audit[1]!.after).toMatchObject({ paused_at: null, actor: 'sam' });
  });

  it('refuses misuse with a usage line and changes nothing', async () => {
    const team = await createTeam(stack.db);
    expect(await run()).toMatchObject({ code: 2, err: expect.stringContaining('Usage') });
    expect(await run('explode')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command: explode') });
    expect(await run('pause', team.merchant.id, '--actor', 'sam')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--reason'),
    });
    expect(await run('pause', team.merchant.id, '--reason', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--actor'),
    });
    expect(await run('unpause', team.merchant.id, '--actor', 'sam')).toMatchObject({
      code: 1,
      err: expect.stringContaining('not paused'),
    });
    expect(await run('pause', '7d9f0c1e-0000-4000-8000-000000000000', '--reason', 'x', '--actor', 'sam')).toMatchObject(
      {
        code: 1,
        err: expect.stringContaining('No merchant'),
      },
    );
    const merchant = await stack.db
      .selectFrom('merchants')
      .select('paused_at')
      .where('id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    expect(merchant.paused_at).toBeNull();
  });

  it('runs as `npm run support -- …` against the configured database', async () => {
    const team = await createTeam(stack.db);
    const cli = (...argv: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'services/worker/src/support/cli.ts'), ...argv], {
        cwd: ROOT,
        env: process.env,
        encoding: 'utf8',
      });
    const paused = cli('pause', team.merchant.id, '--reason', 'Unpaid fees', '--actor', 'ops-bot');
    expect(paused.stderr).toBe('');
    expect(paused.status).toBe(0);
    expect(paused.stdout).toContain(`Paused ${team.merchant.name}`);
    const row = await stack.db
      .selectFrom('merchants')
      .select(['paused_at', 'paused_reason'])
      .where('id', '=', team.merchant.id)
      .executeTakeFirstOrThrow();
    expect(row.paused_at).toBeInstanceOf(Date);
    expect(row.paused_reason).toBe('Unpaid fees');

    const unknown = cli('nope');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: nope');
    expect(unknown.stderr).toContain('pause <merchantId>');
  });
});
