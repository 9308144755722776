import type Koa from 'koa';
import type { Emu } from './context';

/**
 * The platform-owned test-mode connected account (STRIPE_TEST_SANDBOX_ACCOUNT_ID) that holds the
 * test splits of a business with no test account of its own: a test key needs no processor
 * connection (docs/spec.md, Authentication rule 3). With real Stripe an operator creates it once;
 * the emulator has it from the start, charges-enabled, like an account that finished onboarding.
 *
 * Seeding is idempotent: an existing row is left as it is (a developer may have changed its flags
 * through the control API on purpose), so a restart on the same database changes nothing.
 */
export async function seedSandboxAccount(emu: Pick<Emu, 'db' | 'config'>): Promise<void> {
  await emu.db
    .insertInto('emulator_accounts')
    .values({
      id: emu.config.STRIPE_TEST_SANDBOX_ACCOUNT_ID,
      mode: 'test',
      type: 'custom',
      country: 'GB',
      default_currency: 'gbp',
      business_name: 'groupsplit test sandbox',
      metadata: JSON.stringify({ platform_sandbox: 'true' }),
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      owner_identity_verified: true,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Koa middleware that holds every request until the sandbox account exists. The seed runs once per
 * instance; a failure (the database not reachable yet) is retried by the next request.
 */
export function sandboxReady(emu: Pick<Emu, 'db' | 'config' | 'logger'>): Koa.Middleware {
  let seeded: Promise<void> | null = null;
  const ensure = () => {
    seeded ??= seedSandboxAccount(emu).catch((error) => {
      seeded = null;
      throw error;
    });
    return seeded;
  };
  ensure().catch((error) => emu.logger.warn({ err: error }, 'test sandbox account not seeded yet; will retry'));
  return async (_ctx, next) => {
    await ensure();
    await next();
  };
}
