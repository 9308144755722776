import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createProcessors, createStripeClient } from '@groupsplit/shared';
import { type RunningEmulator, startEmulator } from './test-helpers';

/**
 * The emulator's answers for the objects the wallet work added (payment_method_domain, a card
 * PaymentMethod's `wallet`) have the fields Stripe's own OpenAPI fixtures have, as stripe-mock serves
 * them (the request side is packages/processor/src/contract.test.ts).
 */
const ROOT = join(__dirname, '..', '..', '..');

function stripeMockBinary(): string {
  if (process.env.STRIPE_MOCK_BIN) return process.env.STRIPE_MOCK_BIN;
  const local = join(ROOT, '.tools', 'bin', 'stripe-mock');
  if (existsSync(local)) return local;
  const found = spawnSync('sh', ['-c', 'command -v stripe-mock'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  throw new Error('stripe-mock is not installed; run `npm run tools` (scripts/tools.mjs) first');
}

function startStripeMock(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(stripeMockBinary(), ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`stripe-mock did not start:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Listening for HTTP at address: ([\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://${match[1]}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stripe-mock exited with ${code}:\n${output}`));
    });
  });
}

const keys = (value: unknown) => Object.keys(value as object).sort();

describe('emulator answers against stripe-mock fixtures (new objects)', () => {
  let mock: { child: ChildProcess; url: string };
  let emu: RunningEmulator;
  let accountId: string;

  beforeAll(async () => {
    mock = await startStripeMock();
    emu = await startEmulator();
    accountId = (
      await createProcessors(emu.config)
        .forMode('test')
        .createAccount({ merchantId: randomUUID(), email: 'shapes@example.test', businessName: 'Shapes' })
    ).id;
  });
  afterAll(async () => {
    mock?.child.kill();
    await emu?.stop();
  });

  const fromMock = async (path: string) => {
    const response = await fetch(`${mock.url}${path}`, {
      headers: { authorization: 'Bearer sk_test_123', 'stripe-account': 'acct_123' },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, any>;
  };

  it('payment_method_domain: the same fields, each method a status object', async () => {
    const expected = await fromMock('/v1/payment_method_domains/pmd_123');
    const ours = await createStripeClient(emu.config, 'test').paymentMethodDomains.create(
      { domain_name: `shapes-${randomUUID().slice(0, 8)}.groupsplit.example` },
      { stripeAccount: accountId },
    );
    expect(keys(ours)).toEqual(keys(expected));
    for (const method of ['amazon_pay', 'apple_pay', 'google_pay', 'klarna', 'link', 'paypal']) {
      expect(keys((ours as unknown as Record<string, unknown>)[method])).toEqual(keys(expected[method]));
    }
  });

  it('payment_method: a wallet card has the card fields Stripe’s fixture has, and wallet its own', async () => {
    const expected = await fromMock('/v1/payment_methods/pm_123');
    const ours = (await createStripeClient(emu.config, 'test').paymentMethods.retrieve(
      'pm_card_applePay_visa',
      {},
      { stripeAccount: accountId },
    )) as unknown as Record<string, any>;
    // Fields the emulator answers are all Stripe's (it may leave out ones nobody reads).
    expect(keys(ours).filter((k) => !(k in expected))).toEqual([]);
    expect(keys(ours.card).filter((k) => !(k in expected.card))).toEqual([]);
    // The fixture's wallet is a Link one: type and dynamic_last4, plus the hash named after the type.
    expect(keys(expected.card.wallet)).toEqual(['dynamic_last4', 'type']);
    expect(keys(ours.card.wallet)).toEqual(['apple_pay', 'dynamic_last4', 'type']);
  });
});
