import { apiKeyRecordFields, type Config, type Db, generateApiKey } from '@groupsplit/shared';
import { createMerchant, createSplitReadyMerchant, createUser, type Stack, startStack } from '@groupsplit/testing';

/** Fixtures shared by the hosted-checkout tests (not a test file itself). */
export const SHOP_DOMAIN = 'shop.example.com';
export const RETURN_URL = `https://${SHOP_DOMAIN}/thanks?order=1`;
export const CANCEL_URL = `https://${SHOP_DOMAIN}/basket`;

export async function createApiKey(db: Db, merchantId: string, mode: 'test' | 'live'): Promise<string> {
  const key = generateApiKey(mode);
  await db
    .insertInto('api_keys')
    .values({ merchant_id: merchantId, name: `${mode} key`, mode, ...apiKeyRecordFields(key) })
    .execute();
  return key;
}

/** A merchant that can take splits in both modes, with an allowed return domain and a key per mode. */
export async function createCheckoutMerchant(
  stack: Stack,
  options: { allowedDomain?: string | null; billingCard?: boolean } = {},
) {
  const ready = await createSplitReadyMerchant(stack, { billingCard: options.billingCard });
  const allowedDomain = options.allowedDomain === undefined ? SHOP_DOMAIN : options.allowedDomain;
  await stack.db
    .updateTable('merchants')
    .set({ allowed_domain: allowedDomain })
    .where('id', '=', ready.merchant.id)
    .execute();
  return {
    ...ready,
    merchant: { ...ready.merchant, allowed_domain: allowedDomain },
    testKey: await createApiKey(stack.db, ready.merchant.id, 'test'),
    liveKey: await createApiKey(stack.db, ready.merchant.id, 'live'),
  };
}

export type CheckoutMerchant = Awaited<ReturnType<typeof createCheckoutMerchant>>;

/**
 * A test file's stack with a checkout merchant, and a buyer who never accepted the merchant
 * terms (the buyer-facing endpoints must not ask them to). The caller stops the stack.
 */
export async function startCheckoutStack(overrides: Partial<Config> = {}) {
  const stack = await startStack(overrides);
  const shop = await createCheckoutMerchant(stack);
  const buyer = await createUser(stack.db, { consent: false });
  return { stack, shop, buyer };
}

/** A merchant that never connected a processor (charges disabled), with both keys. */
export async function createUnconnectedMerchant(stack: Stack) {
  const owner = await createUser(stack.db);
  const merchant = await createMerchant(stack.db, owner, { allowed_domain: SHOP_DOMAIN });
  return {
    owner,
    merchant,
    testKey: await createApiKey(stack.db, merchant.id, 'test'),
    liveKey: await createApiKey(stack.db, merchant.id, 'live'),
  };
}

export const sessionBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 60,
  return_url: RETURN_URL,
  ...overrides,
});

export function createSession(
  stack: Stack,
  apiKey: string,
  body: Record<string, unknown> = sessionBody(),
  headers: Record<string, string> = {},
) {
  return stack.api.post('/api/merchants/checkout/sessions', body, { apiKey, headers });
}

/** Creates a session and returns its token, failing loudly if creation did not succeed. */
export async function newSession(stack: Stack, apiKey: string, overrides: Record<string, unknown> = {}) {
  const res = await createSession(stack, apiKey, sessionBody(overrides));
  if (res.status !== 201) throw new Error(`session create answered ${res.status}: ${res.text}`);
  return res.body.token as string;
}

export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

/** Creates a session and has `buyerToken` split it; returns the session token and the split response. */
export async function sessionWithSplit(
  stack: Stack,
  apiKey: string,
  buyerToken: string,
  choice: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  const token = await newSession(stack, apiKey, overrides);
  const res = await stack.api.post(`/api/merchants/checkout/sessions/${token}/split`, choice, { token: buyerToken });
  if (res.status !== 201) throw new Error(`split answered ${res.status}: ${res.text}`);
  return {
    token,
    splitId: res.body.split_id as string,
    participants: res.body.participants as { email: string; amount: string; pay_url: string }[],
  };
}

export const payTokenOf = (payUrl: string) => payUrl.split('/pay/')[1] as string;
