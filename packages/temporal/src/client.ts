import type { Config } from '@groupsplit/config';
import { Client, Connection } from '@temporalio/client';
import { temporalConnectionInterceptors } from './closed-channel';
import { temporalDataConverter } from './data-converter';

/** Search attributes the dev server registers and workflows keep current (Keyword type). */
export const SEARCH_ATTRIBUTES = ['SplitStatus', 'MerchantId', 'SplitMode'] as const;

/** What a process needs to talk to Temporal: where it is, and the payload keys (data-converter.ts). */
export type TemporalSettings = Pick<
  Config,
  'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_PAYLOAD_KEYS' | 'TEMPORAL_PAYLOAD_KEY_ID'
>;

export type TemporalHandle = { client: Client; connection: Connection; close: () => Promise<void> };

/**
 * `connectTimeoutMs`: how long the first connection may take (the SDK's 10 s when omitted). The test
 * stack gives it longer: on a loaded machine, a test process busy loading its modules while it connects
 * has missed 10 s.
 */
export async function createTemporalClient(
  config: TemporalSettings,
  { connectTimeoutMs }: { connectTimeoutMs?: number } = {},
): Promise<TemporalHandle> {
  const connection = await Connection.connect({
    address: config.TEMPORAL_ADDRESS,
    interceptors: temporalConnectionInterceptors(),
    ...(connectTimeoutMs ? { connectTimeout: connectTimeoutMs } : {}),
  });
  const client = new Client({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    dataConverter: temporalDataConverter(config),
  });
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
