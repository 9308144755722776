import { Client, Connection } from '@temporalio/client';
import type { Config } from './config';
import { temporalConnectionInterceptors } from './temporal-closed-channel';

/** Search attributes the dev server registers and workflows keep current (Keyword type). */
export const SEARCH_ATTRIBUTES = ['SplitStatus', 'MerchantId', 'SplitMode'] as const;

export type TemporalHandle = { client: Client; connection: Connection; close: () => Promise<void> };

export async function createTemporalClient(
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE'>,
): Promise<TemporalHandle> {
  const connection = await Connection.connect({
    address: config.TEMPORAL_ADDRESS,
    interceptors: temporalConnectionInterceptors(),
  });
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  return { client, connection, close: () => connection.close() };
}

export async function isTemporalReachable(handle: TemporalHandle): Promise<boolean> {
  try {
    await handle.connection.healthService.check({});
    return true;
  } catch {
    return false;
  }
}
