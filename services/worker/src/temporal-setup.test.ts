import { randomUUID } from 'node:crypto';
import { createTemporalClient, loadConfig, SEARCH_ATTRIBUTES, type TemporalHandle } from '@groupsplit/shared';
import { NAMESPACE_RETENTION_DAYS, setUpTemporalNamespace } from './temporal-setup';

const KEYWORD = 2; // temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD

describe('setUpTemporalNamespace', () => {
  let temporal: TemporalHandle;
  beforeAll(async () => {
    temporal = await createTemporalClient(loadConfig());
  });
  afterAll(() => temporal.close());

  it('registers a missing namespace with its retention and the Keyword search attributes, then changes nothing', async () => {
    const namespace = `setup-test-${randomUUID()}`;
    expect(await setUpTemporalNamespace(temporal, namespace)).toEqual({
      namespaceCreated: true,
      searchAttributesAdded: [...SEARCH_ATTRIBUTES],
    });
    const listed = await temporal.connection.operatorService.listSearchAttributes({ namespace });
    for (const name of SEARCH_ATTRIBUTES) expect([name, listed.customAttributes?.[name]]).toEqual([name, KEYWORD]);
    const described = await temporal.connection.workflowService.describeNamespace({ namespace });
    expect(Number(described.config?.workflowExecutionRetentionTtl?.seconds)).toBe(NAMESPACE_RETENTION_DAYS * 86_400);

    expect(await setUpTemporalNamespace(temporal, namespace)).toEqual({
      namespaceCreated: false,
      searchAttributesAdded: [],
    });
  });

  it('leaves a namespace that already has everything alone', async () => {
    // The run's dev server starts with the namespace and the search attributes (scripts/lib/temporal.mjs).
    expect(await setUpTemporalNamespace(temporal, loadConfig().TEMPORAL_NAMESPACE)).toEqual({
      namespaceCreated: false,
      searchAttributesAdded: [],
    });
  });
});
