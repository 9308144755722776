import type { Config } from '@groupsplit/config';
import type { Client, Connection } from '@temporalio/client';
import { temporalDataConverter } from './data-converter';

let clientPackage: typeof import('@temporalio/client') | undefined;

/**
 * `@temporalio/client` (with gRPC and Temporal's protobufs: some 200 modules, 0.4–0.7 s of CPU in a test
 * file's load profile), loaded on first use instead of with this package: every service imports this
 * package through `@groupsplit/shared`, and a process that never connects to Temporal (the test stack's
 * route tier, docs/testing-speed.md) then never loads it. A process that connects loads it in
 * `createTemporalClient`, before any of its errors can exist. Synchronous, so that error checks can use it
 * (client-errors.ts).
 */
export function temporalClientPackage(): typeof import('@temporalio/client') {
  clientPackage ??= require('@temporalio/client') as typeof import('@temporalio/client');
  return clientPackage;
}

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
  const { Client, Connection } = temporalClientPackage();
  // The connection's gRPC interceptors load gRPC and the client too: with them, on first use.
  const { temporalConnectionInterceptors } = require('./closed-channel') as typeof import('./closed-channel');
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
