import { type Config, createProcessor, type MerchantRow, type ProcessorMode } from '@groupsplit/shared';
import { createTeam } from './factories';
import { type Stack, startStack } from './stack';

/** POSTs to the emulator's control API (dashboard actions, faults, ledger). */
export async function emulatorControl<T = any>(
  stack: Pick<Stack, 'urls'>,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${stack.urls.emulator}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`emulator ${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A merchant ready to take splits: a team (one user per role), a connected account per mode
 * created through the processor adapter against the emulator with charges enabled, and a
 * billing card on file per mode (the take_split gate wants one).
 */
export async function createSplitReadyMerchant(
  stack: Pick<Stack, 'db' | 'config' | 'urls'>,
  options: { modes?: ProcessorMode[]; billingCard?: boolean; overrides?: Parameters<typeof createTeam>[1] } = {},
) {
  const team = await createTeam(stack.db, options.overrides);
  const accounts: Partial<Record<ProcessorMode, string>> = {};
  for (const mode of options.modes ?? (['test', 'live'] as const)) {
    const account = await createProcessor(stack.config, mode).createAccount({
      merchantId: team.merchant.id,
      email: team.owner.email,
      businessName: team.merchant.name,
    });
    await emulatorControl(stack, 'POST', `/accounts/${account.id}/activate`);
    accounts[mode] = account.id;
    await stack.db
      .insertInto('merchant_processor_accounts')
      .values({
        merchant_id: team.merchant.id,
        mode,
        account_id: account.id,
        charges_enabled: true,
        details_submitted: true,
      })
      .execute();
    if (mode === 'live') {
      await stack.db
        .updateTable('merchants')
        .set({
          processor_account_id: account.id,
          processor_connected_at: new Date(),
          processor_charges_enabled: true,
          processor_details_submitted: true,
        })
        .where('id', '=', team.merchant.id)
        .execute();
    }
    if (options.billingCard !== false) await addBillingCard(stack, team.merchant.id, mode);
  }
  const merchant = (await stack.db
    .selectFrom('merchants')
    .selectAll()
    .where('id', '=', team.merchant.id)
    .executeTakeFirstOrThrow()) as MerchantRow;
  return { ...team, merchant, accounts };
}

export type SplitReadyMerchant = Awaited<ReturnType<typeof createSplitReadyMerchant>>;

/**
 * A stack of its own for the tests of a file or a describe block (`overrides` configure it), with a
 * merchant ready for test-mode splits, started and stopped by that block's hooks; the emulator's
 * faults are cleared after each test. Its fields are set in `beforeAll`, so read them inside the tests.
 */
export function splitStackForTests(overrides: Partial<Config> = {}) {
  const ready = {} as { stack: Stack; shop: SplitReadyMerchant };
  beforeAll(async () => {
    ready.stack = await startStack(overrides);
    ready.shop = await createSplitReadyMerchant(ready.stack, { modes: ['test'] });
  });
  afterEach(() => emulatorControl(ready.stack, 'DELETE', '/faults'));
  afterAll(() => ready.stack.stop());
  return ready;
}

/** A billing card on file for `mode` (the take_split gate wants one per mode), written straight to the table. */
export async function addBillingCard(stack: Pick<Stack, 'db'>, merchantId: string, mode: ProcessorMode) {
  await stack.db
    .insertInto('billing_cards')
    .values({
      merchant_id: merchantId,
      mode,
      processor_customer_id: `cus_fixture_${mode}`,
      payment_method_id: 'pm_card_visa',
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
    })
    .execute();
}

/**
 * A team that never connected a processor in any mode, with a test-mode billing card: what a new
 * business has after adding its card. Test splits go to the platform's sandbox account.
 */
export async function createTestModeMerchant(
  stack: Pick<Stack, 'db'>,
  options: { overrides?: Parameters<typeof createTeam>[1] } = {},
) {
  const team = await createTeam(stack.db, options.overrides);
  await addBillingCard(stack, team.merchant.id, 'test');
  return team;
}

export type TestShare = { email: string; amountMinor: number };

/** POST /api/checkout-splits as `token` (test mode unless told); returns the raw response. */
export function postSplit(
  stack: Pick<Stack, 'api'>,
  token: string,
  body: { merchantId: string; orderReference?: string; participants: TestShare[]; currency?: string },
  mode: ProcessorMode = 'test',
) {
  return stack.api.post(
    '/api/checkout-splits',
    { orderReference: 'ORDER-1', ...body },
    { token, headers: { 'x-service-mode': mode } },
  );
}

/** Authorises one share through the public pay step. */
export function authoriseShare(stack: Pick<Stack, 'api'>, payToken: string, paymentMethod = 'pm_card_visa') {
  return stack.api.post(`/api/checkout-splits/pay/${payToken}/authorise`, { payment_method: paymentMethod });
}

/** Polls the projection until the split's status is one of `statuses`; returns the row. */
export async function waitForSplitStatus(
  stack: Pick<Stack, 'db'>,
  splitId: string,
  statuses: string[],
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  let last: string | undefined;
  while (Date.now() < deadline) {
    const row = await stack.db.selectFrom('splits').selectAll().where('id', '=', splitId).executeTakeFirst();
    last = row?.status;
    if (row && statuses.includes(row.status)) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`split ${splitId} never reached ${statuses.join('/')}; last status ${last}`);
}

export type LedgerIntent = {
  id: string;
  /** The connected account the intent lives on. */
  account: string;
  status: string;
  amount: number;
  amount_captured: number;
  capture_calls: number;
  amount_refunded: number;
  application_fee_amount: number | null;
  metadata: Record<string, string>;
  refunds: { amount: number }[];
};

/** The emulator's ledger for one split's payment intents. */
export async function splitLedger(stack: Pick<Stack, 'urls'>, splitId: string): Promise<LedgerIntent[]> {
  const ledger = await emulatorControl<{ payment_intents: LedgerIntent[] }>(
    stack,
    'GET',
    `/ledger?split_id=${encodeURIComponent(splitId)}`,
  );
  return ledger.payment_intents;
}
