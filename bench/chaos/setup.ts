import { apiKeyRecordFields, generateApiKey, randomToken } from '@groupsplit/shared';
import { configureWebhooks, createSplitReadyMerchant, createUser, type TestUser } from '@groupsplit/testing';
import type { ProcessStack } from '../lib/process-stack';

/** One business of the run: its owner, a test API key, its return domain and a buyer for its checkout. */
export type ChaosShop = {
  merchantId: string;
  owner: TestUser;
  apiKey: string;
  domain: string;
  buyer: TestUser;
  webhookSecret: string;
};

/**
 * Businesses ready to take splits in test mode on their own connected account, each sending its
 * webhooks to the run's receiver. Several of them, so the per-key rate limits stay a merchant's.
 */
export async function createShops(stack: ProcessStack, count: number, webhookUrlFor: (merchantId: string) => string) {
  const shops: ChaosShop[] = [];
  for (let i = 0; i < count; i++) {
    const ready = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const domain = `shop${i}.example.com`;
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: domain })
      .where('id', '=', ready.merchant.id)
      .execute();
    const apiKey = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: ready.merchant.id, name: 'chaos', mode: 'test', ...apiKeyRecordFields(apiKey) })
      .execute();
    const webhookSecret = await configureWebhooks(
      stack,
      ready.merchant.id,
      'test',
      webhookUrlFor(ready.merchant.id),
      `whsec_${randomToken(24)}`,
    );
    const buyer = await createUser(stack.db, { consent: false });
    shops.push({ merchantId: ready.merchant.id, owner: ready.owner, apiKey, domain, buyer, webhookSecret });
  }
  return shops;
}
