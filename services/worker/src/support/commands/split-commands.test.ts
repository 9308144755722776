import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  runSupport,
  type SplitReadyMerchant,
  type Stack,
  splitLedger,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import type { SplitWorkflowState } from '@groupsplit/workflows';
import { sql } from 'kysely';
import { queryWorkflowState } from './split-support';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
type Created = { id: string; participants: { id: string; payToken: string; paymentIntentId: string }[] };

describe('support CLI: split, stuck, retry, compensate, resolve', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  const run = (...argv: string[]) => runSupport(stack, ...argv);

  const create = async (amounts: number[]) => {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `OPS-${Math.random().toString(36).slice(2)}`,
      participants: amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as Created;
  };

  const waitForWorkflow = (splitId: string, ready: (state: SplitWorkflowState) => boolean) =>
    waitUntil(
      'the workflow state',
      () => queryWorkflowState(stack.temporal, splitId),
      (state) => state !== null && ready(state),
    );

  /** A split whose second capture keeps failing with a processor 5xx until it waits for support. */
  async function stuckInCapturing() {
    const split = await create([1000, 1500]);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'capture',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      error: { type: 'api_error', message: 'An unknown error occurred', status: 500 },
    });
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    await waitUntil(
      'the split waiting for support',
      () => queryWorkflowState(stack.temporal, split.id),
      (state) => state?.stuck != null,
    );
    return split;
  }

  const participantStatuses = async (splitId: string) =>
    (
      await stack.db
        .selectFrom('split_participants')
        .select('status')
        .where('split_id', '=', splitId)
        .orderBy('position')
        .execute()
    ).map((p) => p.status);

  const supportAudit = (splitId: string) =>
    stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_role', '=', 'support')
      .where(sql<string>`before->>'split_id'`, '=', splitId)
      .orderBy('id')
      .execute();

  it('stuck lists a split stuck in capturing; split shows all four views; compensate rolls it back', async () => {
    const split = await stuckInCapturing();

    const listed = await waitUntil(
      'the stuck split in Temporal visibility',
      () => run('stuck', '--older-than', '0s', '--merchant', shop.merchant.id),
      (r) => r.out.includes(split.id) && !r.out.includes('not in Temporal visibility'),
    );
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(`${split.id}\\s+capturing since .*WAITING FOR SUPPORT \\(capturing: An unknown error occurred\\)`),
    );
    // Younger than the default threshold: not listed yet.
    const recent = await run('stuck', '--merchant', shop.merchant.id);
    expect(recent.out).toContain('for at least 15m: 0');
    expect(recent.out).not.toContain(split.id);

    const shown = await run('split', split.id);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('Database: capturing');
    expect(shown.out).toContain('STUCK in capturing');
    expect(shown.out).toContain('database=captured  workflow=captured  processor=succeeded');
    expect(shown.out).toContain('database=authorised  workflow=authorised  processor=requires_capture');
    expect(shown.out).toContain('ledger=requires_capture captures=0');
    expect(shown.out).toContain('Disagreements: none');
    const json = JSON.parse((await run('split', split.id, '--json')).out);
    expect(json.workflow.stuck).toMatchObject({ stage: 'capturing', error: 'An unknown error occurred' });
    expect(json.ledger).toHaveLength(2);
    expect(JSON.stringify(json)).not.toContain('_secret_');

    const compensated = await run('compensate', split.id, '--actor', 'ada', '--reason', 'processor outage');
    expect(compensated).toMatchObject({ code: 0, err: '' });
    expect(compensated.out).toContain(`Sent compensate to split ${split.id}`);
    await waitForSplitStatus(stack, split.id, ['capture_failed']);
    expect(await participantStatuses(split.id)).toEqual(['refunded', 'canceled']);
    const ledger = new Map((await splitLedger(stack, split.id)).map((pi) => [pi.id, pi]));
    expect(ledger.get(split.participants[0]!.paymentIntentId)).toMatchObject({ amount_refunded: 1020 });
    expect(ledger.get(split.participants[1]!.paymentIntentId)).toMatchObject({ status: 'canceled' });

    const audit = await supportAudit(split.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      merchant_id: shop.merchant.id,
      actor_user_id: null,
      action: 'split.support_compensate',
      before: expect.objectContaining({ status: 'capturing', stuck: expect.objectContaining({ stage: 'capturing' }) }),
      outcome: 'accepted',
      after: expect.objectContaining({ actor: 'support:ada', reason: 'processor outage' }),
    });
    const history = await stack.db
      .selectFrom('split_history')
      .select(['kind', 'actor'])
      .where('split_id', '=', split.id)
      .where('kind', '=', 'support_compensate')
      .execute();
    expect(history).toEqual([{ kind: 'support_compensate', actor: 'support:ada' }]);

    // Finished: every support action is refused now, and nothing more is audited.
    const again = await run('compensate', split.id, '--actor', 'ada');
    expect(again).toMatchObject({ code: 1, err: expect.stringContaining('is capture_failed') });
    expect(await supportAudit(split.id)).toHaveLength(1);
  }, 90_000);

  it('retry recovers a split stuck in capturing once the fault is cleared, with one capture per share', async () => {
    const split = await stuckInCapturing();
    await emulatorControl(stack, 'DELETE', '/faults');
    const retried = await run('retry', split.id, '--actor', 'ada');
    expect(retried).toMatchObject({ code: 0, err: '' });
    expect(retried.out).toContain('The workflow accepted it');
    await waitForSplitStatus(stack, split.id, ['captured']);
    expect(await participantStatuses(split.id)).toEqual(['captured', 'captured']);
    for (const pi of await splitLedger(stack, split.id))
      expect(pi).toMatchObject({ status: 'succeeded', capture_calls: 1 });
    expect((await supportAudit(split.id)).map((row) => row.action)).toEqual(['split.support_retry']);
    // The projection says captured a moment before the workflow does: the report compares both.
    await waitForWorkflow(split.id, (state) => state.status === 'captured');
    const shown = await run('split', split.id);
    expect(shown.out).toContain('Database: captured');
    expect(shown.out).toContain('Disagreements: none');
  }, 90_000);

  it('resolve records the outcome support chose and closes the split; wrong uses are refused', async () => {
    const split = await stuckInCapturing();
    expect(await run('resolve', split.id, '--actor', 'ada')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--reason'),
    });
    expect(await run('resolve', split.id, '--reason', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--actor'),
    });
    expect(await run('resolve', split.id, '--reason', 'x', '--actor', 'ada', '--status', 'paid')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--status must be one of'),
    });
    expect(await run('resolve', split.id, '--reason', 'x', '--actor', 'ada', '--status', 'canceled')).toMatchObject({
      code: 1,
      err: expect.stringContaining('can only be resolved as captured or capture_failed'),
    });
    expect(await supportAudit(split.id)).toHaveLength(0);

    const resolved = await run(
      'resolve',
      split.id,
      '--reason',
      'captured by hand in the processor dashboard',
      '--actor',
      'ada',
      '--status',
      'captured',
    );
    expect(resolved.code).toBe(0);
    await waitForSplitStatus(stack, split.id, ['captured']);
    const last = await stack.db
      .selectFrom('split_history')
      .selectAll()
      .where('split_id', '=', split.id)
      .where('kind', '=', 'status')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ to_status: 'captured', actor: 'support:ada' });
    const audit = await supportAudit(split.id);
    expect(audit.map((row) => row.action)).toEqual(['split.support_resolve']);
    expect(audit[0]!.after).toMatchObject({
      status: 'captured',
      reason: 'captured by hand in the processor dashboard',
    });
  }, 90_000);

  it('refuses splits an action does not apply to, unknown splits and missing flags, and writes nothing', async () => {
    const pending = await create([1000, 1000]);
    expect(await run('retry', pending.id, '--actor', 'ada')).toMatchObject({
      code: 1,
      err: `Split ${pending.id} is pending: retry applies only to a split stuck in capturing or canceling`,
    });
    expect(await run('compensate', pending.id, '--actor', 'ada')).toMatchObject({ code: 1 });
    expect(await run('resolve', pending.id, '--actor', 'ada', '--reason', 'x')).toMatchObject({ code: 1 });
    expect(await run('retry', pending.id)).toMatchObject({ code: 2, err: expect.stringContaining('--actor') });
    expect(await run('retry')).toMatchObject({ code: 2, err: expect.stringContaining('<splitId>') });
    expect(await run('split', 'nope')).toMatchObject({ code: 1, err: 'Not a split id: nope' });
    const unknown = '7d9f0c1e-0000-4000-8000-000000000000';
    expect(await run('split', unknown)).toMatchObject({ code: 1, err: `No split ${unknown}` });
    expect(await run('retry', unknown, '--actor', 'ada')).toMatchObject({ code: 1, err: `No split ${unknown}` });
    expect(await run('stuck', '--older-than', 'soon')).toMatchObject({ code: 2 });
    expect(await run('stuck', '--merchant', 'x" OR 1=1')).toMatchObject({ code: 1 });
    expect(await supportAudit(pending.id)).toHaveLength(0);
    expect(
      (await stack.db.selectFrom('splits').select('status').where('id', '=', pending.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending');
  });

  it('split flags a share the merchant captured in the processor dashboard', async () => {
    const split = await create([1000, 1000]);
    await authoriseShare(stack, split.participants[0]!.payToken);
    await emulatorControl(stack, 'POST', `/payment_intents/${split.participants[0]!.paymentIntentId}/capture`, {});
    const shown = await run('split', split.id);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('DISAGREEMENTS:');
    expect(shown.out).toContain(
      `!! participant ${split.participants[0]!.id} (${(await stack.db.selectFrom('split_participants').select('email').where('id', '=', split.participants[0]!.id).executeTakeFirstOrThrow()).email}): database says authorised, processor says succeeded`,
    );
  });

  it('runs as `npm run support -- split <id>` against the configured database, Temporal and processor', async () => {
    const split = await create([1000, 1000]);
    // Asynchronous: the emulator and the worker answering it run in this very process.
    const result = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'services/worker/src/support/cli.ts'), 'split', split.id],
      { cwd: ROOT, env: { ...process.env, STRIPE_API_BASE_URL: stack.urls.emulator }, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`Workflow split:${split.id}: pending`);
    expect(result.stdout).toContain('processor=requires_payment_method');
  });
});
