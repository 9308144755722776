import { SEARCH_ATTRIBUTES, type TemporalHandle } from '@groupsplit/shared';
import { msToTs } from '@temporalio/common';

/** Closed workflow histories stay queryable this long (support looks at finished splits). */
export const NAMESPACE_RETENTION_DAYS = 30;

// temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD
const KEYWORD = 2;
// gRPC status codes
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;

const grpcCode = (error: unknown) => (error as { code?: number }).code;

/** Waits until a just-registered namespace is visible to the frontend (its cache refreshes every few seconds). */
async function waitForNamespace(handle: TemporalHandle, namespace: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await handle.connection.workflowService.describeNamespace({ namespace });
      return;
    } catch (error) {
      if (grpcCode(error) !== NOT_FOUND || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * What a self-hosted Temporal cluster needs before the services start workflows: the namespace and
 * the Keyword search attributes the workflows keep current (SEARCH_ATTRIBUTES). The dev server gets
 * both from its command line (scripts/lib/temporal.mjs); a real cluster gets them from this, run as a
 * one-shot job after the server's schema job. Safe to run on every deploy: it only adds what is missing.
 */
export async function setUpTemporalNamespace(
  handle: TemporalHandle,
  namespace: string,
  options: { timeoutMs?: number } = {},
): Promise<{ namespaceCreated: boolean; searchAttributesAdded: string[] }> {
  let namespaceCreated = false;
  try {
    await handle.connection.workflowService.registerNamespace({
      namespace,
      workflowExecutionRetentionPeriod: msToTs(`${NAMESPACE_RETENTION_DAYS} days`),
    });
    namespaceCreated = true;
  } catch (error) {
    if (grpcCode(error) !== ALREADY_EXISTS) throw error;
  }
  await waitForNamespace(handle, namespace, options.timeoutMs ?? 60_000);

  const existing = await handle.connection.operatorService.listSearchAttributes({ namespace });
  const missing = SEARCH_ATTRIBUTES.filter((name) => !(name in (existing.customAttributes ?? {})));
  if (missing.length > 0) {
    await handle.connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((name) => [name, KEYWORD])),
    });
  }
  return { namespaceCreated, searchAttributesAdded: missing };
}
